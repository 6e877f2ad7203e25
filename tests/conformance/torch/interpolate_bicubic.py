# F.interpolate(mode="bicubic"): upsample_bicubic2d's values and input gradients to the last
# bit (float32 and float64, align_corners both ways, sizes and scale factors, downscaling),
# its node and saved attributes, double backward, nn.Upsample and the errors.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


def graph(fn):
    if fn is None:
        return "None"
    kids = [graph(f) for f, _ in fn.next_functions]
    return type(fn).__name__ + ("(" + ",".join(kids) + ")" if kids else "")


def show(name, make, *inputs):
    """Prints the result's graph, values and shape, then the gradients (full precision)
    of a weighted sum of every output."""
    try:
        out = make()
    except Exception as e:  # noqa: BLE001  the error text is part of the expected output
        print(name, "raises", type(e).__name__, e)
        return
    print(name, graph(out.grad_fn), tuple(out.shape), out.dtype, out.tolist())
    if out.requires_grad:
        weights = torch.arange(out.numel(), dtype=torch.float64).view(out.shape).cos()
        for g in torch.autograd.grad((out.double() * weights).sum(), inputs):
            print("  grad", g.tolist())


img = torch.randn(2, 2, 3, 4, requires_grad=True)
big = torch.randn(1, 1, 9, 11, requires_grad=True)
img64 = torch.randn(1, 2, 4, 3, dtype=torch.float64, requires_grad=True)

for kwargs in (dict(scale_factor=2), dict(scale_factor=1.7), dict(scale_factor=0.6), dict(size=(5, 7)),
               dict(size=(2, 9)), dict(scale_factor=(2.5, 0.75)), dict(scale_factor=1.3, recompute_scale_factor=True),
               dict(size=(1, 1)), dict(size=(3, 4))):
    for align in (False, True):
        show(f"float32 {align} {kwargs}", lambda: F.interpolate(img, mode="bicubic", align_corners=align, **kwargs), img)
        show(f"float64 {align} {kwargs}",
             lambda: F.interpolate(img64, mode="bicubic", align_corners=align, **kwargs), img64)
for kwargs in (dict(size=(4, 5)), dict(scale_factor=0.37), dict(size=(13, 3)), dict(scale_factor=1.45)):
    for align in (False, True):
        show(f"downscale {align} {kwargs}", lambda: F.interpolate(big, mode="bicubic", align_corners=align, **kwargs),
             big)

show("transposed input", lambda: F.interpolate(img.transpose(2, 3), scale_factor=1.5, mode="bicubic"), img)
y = F.interpolate(img, size=(4, 6), mode="bicubic", align_corners=True)
print("saved", sorted((name, getattr(y.grad_fn, name)) for name in dir(y.grad_fn) if name.startswith("_saved")))
y = F.interpolate(img, scale_factor=1.5, mode="bicubic")
print("saved", sorted((name, getattr(y.grad_fn, name)) for name in dir(y.grad_fn) if name.startswith("_saved")))

# double backward: the backward is linear in the incoming gradient
out = F.interpolate(img, scale_factor=1.5, mode="bicubic")
g = torch.randn(out.shape, requires_grad=True)
grad_img, = torch.autograd.grad(out, img, g, create_graph=True)
print("double", graph(grad_img.grad_fn))
gg, = torch.autograd.grad((grad_img * grad_img).sum(), g)
print("double grad", gg.tolist())

# modules
for module in (nn.Upsample(scale_factor=2, mode="bicubic"), nn.Upsample(size=(5, 3), mode="bicubic", align_corners=True)):
    print(module)
    show(type(module).__name__, lambda: module(img), img)

# errors
show("bicubic of 3-d", lambda: F.interpolate(torch.randn(1, 2, 5), size=3, mode="bicubic"))
show("bicubic of 5-d", lambda: F.interpolate(torch.randn(1, 1, 2, 2, 2), size=3, mode="bicubic"))
show("zero size", lambda: F.interpolate(img, scale_factor=0.2, mode="bicubic"))
show("half", lambda: F.interpolate(img.detach().half(), size=3, mode="bicubic"))
show("int", lambda: F.interpolate(torch.ones(1, 1, 2, 2, dtype=torch.int32), size=3, mode="bicubic"))
show("empty batch", lambda: F.interpolate(torch.randn(0, 2, 3, 3), size=(4, 4), mode="bicubic"))
show("empty channels", lambda: F.interpolate(torch.randn(1, 0, 3, 3), size=(4, 4), mode="bicubic"))
