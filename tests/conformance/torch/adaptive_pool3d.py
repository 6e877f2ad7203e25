# adaptive_avg_pool3d and adaptive_max_pool3d: values and input gradients in full (every
# bit, via tolist) on small random inputs, output sizes that divide the input, that do
# not (overlapping windows), larger than the input, with None entries; batched 5-d and
# unbatched 4-d, float32 and float64; indices, node names, saved tensors, double
# backward, forward AD, nn.AdaptiveAvgPool3d / nn.AdaptiveMaxPool3d and 1.13's errors.
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.autograd.forward_ad as fwAD


def show(label, t):
    print(label, tuple(t.shape), t.dtype, t.detach().flatten().tolist())


def attempt(label, fn):
    try:
        out = fn()
        print(label, tuple(out.shape) if isinstance(out, torch.Tensor) else out)
    except Exception as e:
        print(label, type(e).__name__ + ":", e)


torch.manual_seed(0)
sizes = [2, (2, 3, 2), (3, 2, 4), (4, 5, 6), (None, 2, None), (1, 1, 1), (1, 3, 1), 5]
for dtype in (torch.float32, torch.float64):
    for shape in [(2, 2, 3, 4, 5), (2, 4, 3, 5)]:
        x = torch.randn(*shape, dtype=dtype, requires_grad=True)
        for size in sizes:
            for name, pool in [("avg", F.adaptive_avg_pool3d), ("max", F.adaptive_max_pool3d)]:
                label = f"{name} {dtype} {shape} {size}"
                out = pool(x, size)
                show(label, out)
                print("  grad_fn", type(out.grad_fn).__name__)
                w = torch.randn(out.shape, dtype=dtype)
                (g,) = torch.autograd.grad((out * w).sum(), x)
                show("  grad", g)

x = torch.randn(1, 2, 3, 4, 5, dtype=torch.float64, requires_grad=True)
values, indices = F.adaptive_max_pool3d(x, (2, 3, 2), return_indices=True)
print("indices", indices.dtype, indices.flatten().tolist())
print("saved", values.grad_fn._saved_self.shape, values.grad_fn._saved_result1.equal(indices))
module_values, module_indices = nn.AdaptiveMaxPool3d((2, 3, 2), return_indices=True)(x)
print("module max", module_values.equal(values), module_indices.equal(indices))
out = F.adaptive_avg_pool3d(x, (2, 3, 2))
print("saved avg", out.grad_fn._saved_self.shape)
print("module avg", nn.AdaptiveAvgPool3d((2, 3, 2))(x).equal(out))
print(nn.AdaptiveAvgPool3d((None, 2, 3)), nn.AdaptiveMaxPool3d(2), nn.AdaptiveMaxPool3d((1, None, 2), True))
print(type(nn.AdaptiveAvgPool3d(2)(x).grad_fn).__name__, type(nn.AdaptiveAvgPool3d(1)(x).grad_fn).__name__)

# double backward
for name, pool in [("avg", F.adaptive_avg_pool3d), ("max", F.adaptive_max_pool3d)]:
    out = pool(x, (2, 3, 2))
    (g,) = torch.autograd.grad((out * out).sum(), x, create_graph=True)
    print(name, "double", type(g.grad_fn).__name__)
    (gg,) = torch.autograd.grad((g * g).sum(), x)
    show("  gg", gg)

# forward AD
tangent = torch.randn(1, 2, 3, 4, 5, dtype=torch.float64)
with fwAD.dual_level():
    for name, pool in [("avg", F.adaptive_avg_pool3d), ("max", F.adaptive_max_pool3d)]:
        dual = pool(fwAD.make_dual(x.detach(), tangent), (2, 3, 2))
        show(name + " tangent", fwAD.unpack_dual(dual).tangent)

# errors
attempt("avg 3-d", lambda: F.adaptive_avg_pool3d(torch.randn(3, 4, 5), (2, 2, 2)))
attempt("max 3-d", lambda: F.adaptive_max_pool3d(torch.randn(3, 4, 5), (2, 2, 2)))
attempt("avg 3-d ones", lambda: F.adaptive_avg_pool3d(torch.randn(3, 4, 5), (1, 1, 1)))
attempt("avg 6-d ones", lambda: F.adaptive_avg_pool3d(torch.randn(1, 1, 2, 2, 2, 2), 1))
attempt("avg empty dim", lambda: F.adaptive_avg_pool3d(torch.randn(1, 0, 2, 2), 2))
attempt("max empty dim", lambda: F.adaptive_max_pool3d(torch.randn(1, 0, 2, 2), 2))
attempt("avg 3-d empty", lambda: torch._C._nn.adaptive_avg_pool3d(torch.randn(3, 0, 2), [2, 2, 2]))
attempt("max 3-d empty", lambda: torch._C._nn.adaptive_max_pool3d(torch.randn(3, 0, 2), [2, 2, 2]))
attempt("avg empty batch", lambda: F.adaptive_avg_pool3d(torch.randn(0, 1, 2, 2, 2), 2))
attempt("max empty batch", lambda: F.adaptive_max_pool3d(torch.randn(0, 1, 2, 2, 2), 2))
attempt("avg two sizes", lambda: F.adaptive_avg_pool3d(torch.randn(1, 1, 2, 2, 2), (2, 2)))
attempt("max two sizes", lambda: F.adaptive_max_pool3d(torch.randn(1, 1, 2, 2, 2), (2, 2)))
attempt("avg negative", lambda: F.adaptive_avg_pool3d(torch.randn(1, 1, 2, 2, 2), (2, -1, 2)))
attempt("max negative", lambda: F.adaptive_max_pool3d(torch.randn(1, 1, 2, 2, 2), (2, -1, 2)))
attempt("avg zero", lambda: F.adaptive_avg_pool3d(torch.randn(1, 1, 2, 2, 2), (2, 0, 2)))
attempt("max zero", lambda: F.adaptive_max_pool3d(torch.randn(1, 1, 2, 2, 2), (2, 0, 2)))
attempt("avg long", lambda: F.adaptive_avg_pool3d(torch.ones(1, 1, 2, 2, 2, dtype=torch.long), 2))
attempt("max long", lambda: F.adaptive_max_pool3d(torch.ones(1, 1, 2, 2, 2, dtype=torch.long), 2))
attempt("avg None on 2-d", lambda: F.adaptive_avg_pool3d(torch.randn(3, 4), (None, 2, 1)))
attempt("max None on 3-d", lambda: F.adaptive_max_pool3d(torch.randn(2, 3, 4), (None, 2, 1)))
