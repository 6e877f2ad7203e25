# F.interpolate(antialias=True): _upsample_bilinear2d_aa and _upsample_bicubic2d_aa, Pillow's
# separable filtering (a downscale averages every pixel under the widened filter):
# values and input gradients to the last bit in float32 and float64, nodes, double
# backward and the errors.
import torch
import torch.nn.functional as F
torch.manual_seed(0)


def graph(fn):
    if fn is None:
        return "None"
    kids = [graph(f) for f, _ in fn.next_functions]
    return type(fn).__name__ + ("(" + ",".join(kids) + ")" if kids else "")


def show(name, make, *inputs):
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


img = torch.randn(2, 2, 6, 7, requires_grad=True)
big = torch.randn(1, 2, 17, 23, requires_grad=True)
big64 = torch.randn(1, 1, 16, 13, dtype=torch.float64, requires_grad=True)

for mode in ("bilinear", "bicubic"):
    for kwargs in (dict(scale_factor=2), dict(scale_factor=1.7), dict(scale_factor=0.6), dict(size=(3, 3)),
                   dict(size=(1, 1)), dict(size=(9, 4)), dict(scale_factor=(2.5, 0.4)),
                   dict(scale_factor=0.45, recompute_scale_factor=True)):
        for align in (False, True):
            show(f"{mode} {align} {kwargs}",
                 lambda: F.interpolate(img, mode=mode, align_corners=align, antialias=True, **kwargs), img)
    for kwargs in (dict(size=(5, 4)), dict(scale_factor=0.3), dict(size=(2, 11)), dict(scale_factor=(0.2, 0.7))):
        show(f"{mode} float32 downscale {kwargs}", lambda: F.interpolate(big, mode=mode, antialias=True, **kwargs), big)
        show(f"{mode} float64 downscale {kwargs}",
             lambda: F.interpolate(big64, mode=mode, antialias=True, **kwargs), big64)

for mode in ("bilinear", "bicubic"):
    y = F.interpolate(img, size=(4, 5), mode=mode, antialias=True)
    print("saved", sorted((name, getattr(y.grad_fn, name)) for name in dir(y.grad_fn) if name.startswith("_saved")))
    out = F.interpolate(img, scale_factor=0.5, mode=mode, antialias=True)
    g = torch.randn(out.shape, requires_grad=True)
    grad_img, = torch.autograd.grad(out, img, g, create_graph=True)
    print("double", graph(grad_img.grad_fn))
    gg, = torch.autograd.grad((grad_img * grad_img).sum(), g)
    print("double grad", gg.tolist())

show("nearest", lambda: F.interpolate(img, scale_factor=0.5, mode="nearest", antialias=True))
show("3-d bilinear", lambda: F.interpolate(img[0], scale_factor=0.5, mode="bilinear", antialias=True))
show("linear", lambda: F.interpolate(img[0], scale_factor=0.5, mode="linear", antialias=True))
show("half", lambda: F.interpolate(img.detach().half(), scale_factor=0.5, mode="bilinear", antialias=True))
show("bfloat16", lambda: F.interpolate(img.detach().bfloat16(), scale_factor=0.5, mode="bicubic", antialias=True))
show("uint8", lambda: F.interpolate(torch.ones(1, 1, 4, 4, dtype=torch.uint8), size=2, mode="bicubic", antialias=True))
show("zero size", lambda: F.interpolate(img, scale_factor=0.1, mode="bilinear", antialias=True))
show("empty batch", lambda: F.interpolate(torch.randn(0, 2, 4, 4), size=(2, 2), mode="bilinear", antialias=True))
