import torch
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
        result = make()
    except Exception as e:  # noqa: BLE001  the error text is part of the expected output
        print(name, "raises", type(e).__name__, e)
        return
    outputs = list(result) if isinstance(result, (tuple, list)) else [result]
    for out in outputs:
        print(name, graph(out.grad_fn), tuple(out.shape), out.dtype, out.tolist())
    total = sum((out.double() * torch.arange(out.numel(), dtype=torch.float64).view(out.shape).cos()).sum()
                for out in outputs if out.requires_grad)
    if isinstance(total, torch.Tensor):
        for g in torch.autograd.grad(total, inputs, allow_unused=True):
            print("  grad", None if g is None else g.tolist())


import torch.nn as nn
import torch.nn.functional as F

img = torch.randn(2, 2, 3, 4, requires_grad=True)
seq = torch.randn(2, 3, 5, requires_grad=True)
img64 = torch.randn(1, 2, 4, 3, dtype=torch.float64, requires_grad=True)

for kwargs in (dict(scale_factor=2), dict(scale_factor=1.7), dict(scale_factor=0.6), dict(size=(5, 7)),
               dict(size=(2, 9)), dict(scale_factor=(2.5, 0.75)), dict(scale_factor=1.3, recompute_scale_factor=True),
               dict(size=(3, 4))):
    for mode, align in (("nearest", None), ("bilinear", False), ("bilinear", True), ("area", None)):
        show(f"2d {mode} {align} {kwargs}", lambda: F.interpolate(img, mode=mode, align_corners=align, **kwargs), img)
    show(f"2d float64 bilinear {kwargs}", lambda: F.interpolate(img64, mode="bilinear", **kwargs), img64)
for kwargs in (dict(scale_factor=2), dict(scale_factor=1.7), dict(scale_factor=0.45), dict(size=13), dict(size=4)):
    for mode, align in (("nearest", None), ("linear", False), ("linear", True), ("area", None)):
        show(f"1d {mode} {align} {kwargs}", lambda: F.interpolate(seq, mode=mode, align_corners=align, **kwargs), seq)

show("transposed input", lambda: F.interpolate(img.transpose(2, 3), scale_factor=1.5, mode="bilinear"), img)
y = F.interpolate(img, size=(4, 6), mode="bilinear")
print("saved", sorted((name, getattr(y.grad_fn, name)) for name in dir(y.grad_fn) if name.startswith("_saved")))
y = F.interpolate(seq, scale_factor=2.0)
print("saved", [name for name in dir(y.grad_fn) if name.startswith("_saved")],
      y.grad_fn._saved_input_sym_sizes, y.grad_fn._saved_output_size)

# double backward: the backward of upsampling is itself differentiable
out = F.interpolate(img, scale_factor=1.5, mode="bilinear")
g = torch.randn(out.shape, requires_grad=True)
grad_img, = torch.autograd.grad(out, img, g, create_graph=True)
print("double", graph(grad_img.grad_fn))
gg, = torch.autograd.grad((grad_img * grad_img).sum(), g)
print("double grad", gg.tolist())

# errors
show("align_corners with nearest", lambda: F.interpolate(img, scale_factor=2, align_corners=True))
show("size and scale", lambda: F.interpolate(img, size=4, scale_factor=2))
show("neither", lambda: F.interpolate(img))
show("size length", lambda: F.interpolate(img, size=(4, 4, 4)))
show("scale length", lambda: F.interpolate(img, scale_factor=(2, 2, 2)))
show("recompute with size", lambda: F.interpolate(img, size=5, recompute_scale_factor=True))
show("linear of 4-d", lambda: F.interpolate(img, scale_factor=2, mode="linear"))
show("bilinear of 3-d", lambda: F.interpolate(seq, scale_factor=2, mode="bilinear"))
show("zero size", lambda: F.interpolate(img, scale_factor=0.1))
show("2-d input", lambda: F.interpolate(img[0, 0], scale_factor=2))
show("antialias nearest", lambda: F.interpolate(img, scale_factor=2, antialias=True))

# the modules and the deprecated functions
for module in (nn.Upsample(scale_factor=2), nn.Upsample(size=(5, 5), mode="bilinear", align_corners=False),
               nn.UpsamplingNearest2d(scale_factor=3), nn.UpsamplingBilinear2d(size=(4, 7)),
               nn.Upsample(scale_factor=(1.5, 2.0), mode="bilinear")):
    print(module)
    show(type(module).__name__, lambda: module(img), img)
show("upsample", lambda: F.upsample(img, scale_factor=2), img)
show("upsample_nearest", lambda: F.upsample_nearest(img, size=5), img)
show("upsample_bilinear", lambda: F.upsample_bilinear(img, scale_factor=2), img)

# a small decoder: upsample, convolve, train one step
torch.manual_seed(1)
decoder = nn.Sequential(nn.Upsample(scale_factor=2, mode="bilinear"), nn.Conv2d(2, 1, 3, padding=1), nn.Sigmoid())
loss = decoder(torch.randn(1, 2, 4, 4)).mean()
loss.backward()
print("decoder", loss.item(), decoder[1].weight.grad.flatten().tolist()[:6])
