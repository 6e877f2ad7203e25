# F.interpolate of 5-d inputs: 'nearest' (upsample_nearest3d) and 'trilinear'
# (upsample_trilinear3d, align_corners True and False), by size and by scale_factor,
# with and without recompute_scale_factor, up and down, sizes equal to the input's in
# some dims; values and input gradients in full (every bit, via tolist), float32 and
# float64; node names, saved attributes, double backward, forward AD, 'area' of a 5-d
# input, nn.Upsample, and 1.13's errors.
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.autograd.forward_ad as fwAD


def show(label, t):
    print(label, tuple(t.shape), t.dtype, t.detach().flatten().tolist())


def attempt(label, fn):
    try:
        out = fn()
        print(label, tuple(out.shape))
    except Exception as e:
        print(label, type(e).__name__ + ":", e)


torch.manual_seed(0)
calls = [
    dict(size=(4, 5, 6)),
    dict(size=(2, 3, 4)),
    dict(size=(3, 2, 7)),
    dict(size=5),
    dict(size=(1, 1, 1)),
    dict(scale_factor=2),
    dict(scale_factor=(1.5, 2.0, 0.5)),
    dict(scale_factor=1.7),
    dict(scale_factor=(0.6, 1.3, 2.5)),
    dict(scale_factor=1.7, recompute_scale_factor=True),
    dict(scale_factor=(0.6, 1.3, 2.5), recompute_scale_factor=True),
    dict(scale_factor=(2.25, 0.75, 1.0), recompute_scale_factor=False),
]
modes = [("nearest", {}), ("trilinear", {}), ("trilinear", dict(align_corners=True)),
         ("trilinear", dict(align_corners=False))]
for dtype in (torch.float32, torch.float64):
    x = torch.randn(2, 2, 2, 3, 4, dtype=dtype, requires_grad=True)
    for call in calls:
        for mode, extra in modes:
            label = f"{mode} {extra} {dtype} {call}"
            out = F.interpolate(x, mode=mode, **call, **extra)
            show(label, out)
            print("  grad_fn", type(out.grad_fn).__name__)
            w = torch.randn(out.shape, dtype=dtype)
            (g,) = torch.autograd.grad((out * w).sum(), x)
            show("  grad", g)

x = torch.randn(1, 2, 3, 2, 3, dtype=torch.float64, requires_grad=True)
for mode, extra in modes[:3]:
    for call in [dict(size=(4, 3, 5)), dict(scale_factor=(1.5, 2.0, 0.5))]:
        out = F.interpolate(x, mode=mode, **call, **extra)
        node = out.grad_fn
        attrs = {name: getattr(node, name) for name in dir(node) if name.startswith("_saved_")}
        print(type(node).__name__, attrs)
        (g,) = torch.autograd.grad((out * out).sum(), x, create_graph=True)
        print("  double", type(g.grad_fn).__name__)
        (gg,) = torch.autograd.grad((g * g).sum(), x)
        show("  gg", gg)

tangent = torch.randn(1, 2, 3, 2, 3, dtype=torch.float64)
with fwAD.dual_level():
    for mode, extra in modes[:3]:
        dual = F.interpolate(fwAD.make_dual(x.detach(), tangent), size=(4, 3, 5), mode=mode, **extra)
        show(f"{mode} {extra} tangent", fwAD.unpack_dual(dual).tangent)

out = F.interpolate(x, size=(2, 1, 2), mode="area")
show("area", out)
print("  grad_fn", type(out.grad_fn).__name__)
show("area scale", F.interpolate(x, scale_factor=0.5, mode="area"))

for module in [nn.Upsample(scale_factor=2), nn.Upsample(size=(4, 3, 5), mode="trilinear"),
               nn.Upsample(scale_factor=(1.5, 2, 0.5), mode="trilinear", align_corners=True),
               nn.Upsample(scale_factor=1.5, mode="nearest", recompute_scale_factor=True)]:
    out = module(x)
    print(module, type(out.grad_fn).__name__)
    show("  out", out)

# errors
attempt("trilinear 4-d", lambda: F.interpolate(torch.randn(1, 2, 3, 4), size=(2, 2, 2), mode="trilinear"))
attempt("trilinear 3-d", lambda: F.interpolate(torch.randn(1, 2, 3), size=2, mode="trilinear"))
attempt("bilinear 5-d", lambda: F.interpolate(torch.randn(1, 1, 2, 3, 4), size=2, mode="bilinear"))
attempt("linear 5-d", lambda: F.interpolate(torch.randn(1, 1, 2, 3, 4), size=2, mode="linear"))
attempt("nearest two sizes", lambda: F.interpolate(torch.randn(1, 1, 2, 3, 4), size=(2, 2)))
attempt("trilinear two scales", lambda: F.interpolate(torch.randn(1, 1, 2, 3, 4), scale_factor=(2, 2),
                                                      mode="trilinear"))
attempt("nearest zero size", lambda: F.interpolate(torch.randn(1, 1, 2, 3, 4), size=(2, 0, 2)))
attempt("trilinear small scale", lambda: F.interpolate(torch.randn(1, 1, 2, 3, 4), scale_factor=0.4,
                                                       mode="trilinear"))
attempt("trilinear empty input", lambda: F.interpolate(torch.randn(1, 1, 0, 3, 4), size=2, mode="trilinear"))
attempt("nearest align_corners", lambda: F.interpolate(torch.randn(1, 1, 2, 3, 4), size=2, align_corners=True))
attempt("nearest long", lambda: F.interpolate(torch.ones(1, 1, 2, 3, 4, dtype=torch.long), size=3))
attempt("trilinear long", lambda: F.interpolate(torch.ones(1, 1, 2, 3, 4, dtype=torch.long), size=3,
                                                mode="trilinear"))
attempt("empty batch", lambda: F.interpolate(torch.randn(0, 1, 2, 3, 4), size=3, mode="trilinear"))
attempt("direct nearest3d", lambda: torch._C._nn.upsample_nearest3d(torch.randn(1, 1, 2, 3, 4), [3, 3, 3], None))
attempt("direct trilinear3d", lambda: torch._C._nn.upsample_trilinear3d(torch.randn(1, 1, 2, 3, 4), None, False,
                                                                        [1.5, 1.5, 1.5]))

# the same dtype and empty-batch checks for 1-d and 2-d inputs
for dtype in (torch.long, torch.half, torch.bool):
    for shape, mode in [((1, 1, 4), "nearest"), ((1, 1, 4), "linear"), ((1, 1, 3, 4), "nearest"),
                        ((1, 1, 3, 4), "bilinear")]:
        attempt(f"{mode} {dtype}", lambda: F.interpolate(torch.ones(shape, dtype=dtype), size=[3] * (len(shape) - 2),
                                                         mode=mode))
for shape, mode in [((0, 1, 4), "linear"), ((0, 1, 3, 4), "nearest"), ((0, 1, 3, 4), "bilinear"),
                    ((1, 0, 3, 4), "bilinear"), ((1, 0, 2, 3, 4), "nearest")]:
    attempt(f"{mode} {shape}", lambda: F.interpolate(torch.ones(shape), size=[3] * (len(shape) - 2), mode=mode))
