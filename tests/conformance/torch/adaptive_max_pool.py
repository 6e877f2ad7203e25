# Adaptive max pooling: F.adaptive_max_pool1d / 2d and their modules, batched and
# unbatched, with indices (ties and NaN pick as PyTorch does), node names and saved
# tensors, gradients, double backward, forward AD, reprs and errors.
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.autograd.forward_ad as fwAD


def fixed(*shape, mult=37, mod=101, dtype=torch.float32):
    n = math.prod(shape)
    return torch.tensor([(i * mult % mod) / mod - 0.5 for i in range(n)], dtype=dtype).reshape(shape)


def digest(t):
    values = t.detach().flatten().tolist()
    return f"{math.fsum(values)!r} {values[:3]!r} {values[-1]!r}"


def attempt(label, fn):
    try:
        out = fn()
        print(label, out if isinstance(out, str) else tuple(out.shape))
    except Exception as e:
        print(label, type(e).__name__ + ":", e)


for dtype in (torch.float32, torch.float64):
    for shape in [(2, 3, 9, 11), (3, 7, 5)]:
        x = fixed(*shape, mod=23, dtype=dtype).requires_grad_()
        for label, fn in [
            ("2d 4x5", lambda t: F.adaptive_max_pool2d(t, (4, 5), return_indices=True)),
            ("2d 3", lambda t: F.adaptive_max_pool2d(t, 3, return_indices=True)),
            ("2d None", lambda t: F.adaptive_max_pool2d(t, (None, 2), return_indices=True)),
            ("2d bigger", lambda t: F.adaptive_max_pool2d(t, (12, 13), return_indices=True)),
            ("1d 4", lambda t: F.adaptive_max_pool1d(t.flatten(-2), 4, return_indices=True)),
            ("1d (7,)", lambda t: F.adaptive_max_pool1d(t.flatten(-2), (7,), return_indices=True)),
        ]:
            values, indices = fn(x)
            print(dtype, shape, label, tuple(values.shape), type(values.grad_fn).__name__, indices.dtype,
                  indices.requires_grad, indices.flatten().tolist()[:12])
            print("  ", digest(values) if dtype == torch.float32 else values.flatten().tolist()[:12])
            (grad,) = torch.autograd.grad(values.mul(values).sum(), x)
            print("  grad", digest(grad) if dtype == torch.float32 else grad.flatten().tolist()[:12])

x = fixed(2, 3, 6, 7, dtype=torch.float64).requires_grad_()
values, indices = F.adaptive_max_pool2d(x, (3, 4), return_indices=True)
node = values.grad_fn
print(type(node).__name__, node._saved_self is not None, node._saved_self.shape, node._saved_result1.equal(indices))
print([type(f).__name__ if f else None for f, _ in node.next_functions])
v1 = F.adaptive_max_pool1d(x.flatten(-2)[0], 5)
print(type(v1.grad_fn).__name__, [type(f).__name__ for f, _ in v1.grad_fn.next_functions])
print(F.adaptive_max_pool2d(x, 2).grad_fn.name())

# double backward
(g,) = torch.autograd.grad(values.pow(3).sum(), x, create_graph=True)
print(type(g.grad_fn).__name__)
gg = g.grad_fn
while gg is not None and "AdaptiveMaxPool2DBackwardBackward0" != type(gg).__name__:
    gg = gg.next_functions[0][0]
print(type(gg).__name__, gg._saved_indices.equal(indices))
(h,) = torch.autograd.grad(g.sin().sum(), x)
print("double", h.flatten().tolist()[:10], math.fsum(h.flatten().tolist()))
print(torch.autograd.gradcheck(lambda t: F.adaptive_max_pool2d(t, (2, 3)), (x[:1, :1],)))
print(torch.autograd.gradgradcheck(lambda t: F.adaptive_max_pool2d(t, (2, 3)), (x[:1, :1],)))

# forward AD
with fwAD.dual_level():
    dual = fwAD.make_dual(x.detach(), fixed(2, 3, 6, 7, mult=11, dtype=torch.float64))
    out = F.adaptive_max_pool2d(dual, (4, 3))
    print("jvp", fwAD.unpack_dual(out).tangent.flatten().tolist()[:10])

# NaN and -inf
y = torch.tensor([[[1.0, float("nan"), 3.0, -float("inf")], [-float("inf"), -float("inf"), 2.0, float("nan")]]])
print(F.adaptive_max_pool2d(y, (1, 2), return_indices=True))
print(F.adaptive_max_pool1d(y[0], 2, return_indices=True))
print(torch.adaptive_max_pool1d(y[0], [3]))

# modules
m2 = nn.AdaptiveMaxPool2d((3, None))
m2i = nn.AdaptiveMaxPool2d(2, return_indices=True)
m1 = nn.AdaptiveMaxPool1d(3)
m1i = nn.AdaptiveMaxPool1d(3, return_indices=True)
print(m2, m2i, m1, m1i)
print(m2(x).shape, m2i(x)[1].flatten().tolist(), m1(x[0]).shape, m1i(x[0, 0])[1].tolist())

# errors
attempt("2d on 2-d", lambda: F.adaptive_max_pool2d(torch.randn(3, 4), 2))
attempt("2d empty", lambda: F.adaptive_max_pool2d(torch.randn(3, 0, 4), 2))
attempt("2d empty batch", lambda: F.adaptive_max_pool2d(torch.randn(0, 3, 4, 4), 2))
attempt("2d 3 sizes", lambda: F.adaptive_max_pool2d(torch.randn(3, 4, 4), (2, 2, 2)))
attempt("2d zero out", lambda: F.adaptive_max_pool2d(torch.randn(1, 3, 4, 4), (0, 2)))
attempt("1d on 1-d", lambda: F.adaptive_max_pool1d(torch.randn(3), 2))
attempt("1d 2 sizes", lambda: F.adaptive_max_pool1d(torch.randn(3, 4), (2, 2)))
attempt("1d on 4-d", lambda: F.adaptive_max_pool1d(torch.randn(1, 3, 4, 4), 2))

# dtypes, non-contiguous inputs
attempt("long", lambda: F.adaptive_max_pool2d(torch.arange(24).reshape(2, 3, 4), 2))
attempt("half", lambda: F.adaptive_max_pool2d(torch.zeros(2, 3, 4).half(), 2))
big = fixed(3, 10, 11, 12)
print(F.adaptive_max_pool2d(big.transpose(1, 3), (3, 5), return_indices=True)[1].flatten().tolist()[:40])
print(digest(F.adaptive_max_pool2d(big.contiguous(memory_format=torch.channels_last), (4, 7))))
