# F.interpolate(mode="nearest-exact"): _upsample_nearest_exact1d/2d/3d, which pick the source
# pixel whose centre is nearest (floor((i + 0.5) * scale)) where "nearest" floors i * scale:
# values, gradients, nodes, recompute_scale_factor, nn.Upsample and the errors.
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


seq = torch.randn(2, 3, 7, requires_grad=True)
img = torch.randn(1, 2, 5, 4, requires_grad=True)
img64 = torch.randn(1, 2, 5, 4, dtype=torch.float64, requires_grad=True)
vol = torch.randn(1, 2, 3, 4, 5, dtype=torch.float64, requires_grad=True)

for kwargs in (dict(scale_factor=2), dict(scale_factor=1.7), dict(scale_factor=0.6), dict(scale_factor=0.37),
               dict(size=5), dict(size=29), dict(scale_factor=1.3, recompute_scale_factor=True),
               dict(scale_factor=2.5, recompute_scale_factor=False)):
    show(f"1d {kwargs}", lambda: F.interpolate(seq, mode="nearest-exact", **kwargs), seq)
for kwargs in (dict(scale_factor=2), dict(scale_factor=1.7), dict(scale_factor=0.6), dict(size=(7, 3)),
               dict(size=(2, 9)), dict(scale_factor=(2.5, 0.75)), dict(scale_factor=1.3, recompute_scale_factor=True)):
    show(f"2d {kwargs}", lambda: F.interpolate(img, mode="nearest-exact", **kwargs), img)
    show(f"2d float64 {kwargs}", lambda: F.interpolate(img64, mode="nearest-exact", **kwargs), img64)
for kwargs in (dict(scale_factor=2), dict(scale_factor=1.7), dict(scale_factor=0.6), dict(size=(2, 7, 5))):
    show(f"3d {kwargs}", lambda: F.interpolate(vol, mode="nearest-exact", **kwargs), vol)

# where nearest and nearest-exact part
ramp = torch.arange(10.0).view(1, 1, 10)
print("nearest      ", F.interpolate(ramp, size=4, mode="nearest").tolist())
print("nearest-exact", F.interpolate(ramp, size=4, mode="nearest-exact").tolist())

y = F.interpolate(img, scale_factor=(2.0, 1.5), mode="nearest-exact")
print("saved", sorted((name, getattr(y.grad_fn, name)) for name in dir(y.grad_fn) if name.startswith("_saved")))
y = F.interpolate(seq, size=11, mode="nearest-exact")
print("saved", sorted((name, getattr(y.grad_fn, name)) for name in dir(y.grad_fn) if name.startswith("_saved")))

out = F.interpolate(img, scale_factor=1.5, mode="nearest-exact")
g = torch.randn(out.shape, requires_grad=True)
grad_img, = torch.autograd.grad(out, img, g, create_graph=True)
print("double", graph(grad_img.grad_fn))
gg, = torch.autograd.grad((grad_img * grad_img).sum(), g)
print("double grad", gg.tolist())

for module in (nn.Upsample(scale_factor=2, mode="nearest-exact"), nn.Upsample(size=(3, 7), mode="nearest-exact")):
    print(module)
    show(type(module).__name__, lambda: module(img), img)

show("align_corners", lambda: F.interpolate(img, scale_factor=2, mode="nearest-exact", align_corners=False))
show("2-d input", lambda: F.interpolate(img[0, 0], scale_factor=2, mode="nearest-exact"))
show("antialias", lambda: F.interpolate(img, scale_factor=2, mode="nearest-exact", antialias=True))
show("zero size", lambda: F.interpolate(img, scale_factor=0.1, mode="nearest-exact"))
show("half 1d", lambda: F.interpolate(seq.detach().half(), size=3, mode="nearest-exact"))
show("bfloat16 2d", lambda: F.interpolate(img.detach().bfloat16(), size=3, mode="nearest-exact"))
show("long 3d", lambda: F.interpolate(torch.ones(1, 1, 2, 2, 2, dtype=torch.long), size=3, mode="nearest-exact"))
