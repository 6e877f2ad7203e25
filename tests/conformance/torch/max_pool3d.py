# max_pool3d: values and indices (ties and NaN pick as PyTorch does), gradients, node
# names and saved attributes, padding / dilation / ceil_mode, batched and unbatched
# inputs, double backward, forward AD, nn.MaxPool3d, torch.max_pool3d and errors.
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
        print(label, tuple(out.shape))
    except Exception as e:
        print(label, type(e).__name__ + ":", e)


for dtype in (torch.float32, torch.float64):
    for shape in [(2, 3, 5, 6, 7), (3, 6, 5, 4)]:
        x = fixed(*shape, mod=29, dtype=dtype).requires_grad_()
        for label, fn in [
            ("2", lambda t: F.max_pool3d(t, 2, return_indices=True)),
            ("3/1/1", lambda t: F.max_pool3d(t, 3, stride=1, padding=1, return_indices=True)),
            ("ceil", lambda t: F.max_pool3d(t, (3, 2, 3), (2, 1, 2), (1, 0, 1), ceil_mode=True, return_indices=True)),
            ("dil", lambda t: F.max_pool3d(t, 2, stride=1, padding=1, dilation=(2, 1, 2), return_indices=True)),
        ]:
            out, indices = fn(x)
            print(dtype, shape, label, tuple(out.shape), type(out.grad_fn).__name__, indices.flatten().tolist()[:16])
            print("  ", digest(out) if dtype == torch.float32 else out.flatten().tolist()[:16])
            (grad,) = torch.autograd.grad(out.mul(out).sum(), x)
            print("  grad", digest(grad) if dtype == torch.float32 else grad.flatten().tolist()[:32])

x = fixed(2, 2, 4, 5, 6, dtype=torch.float64).requires_grad_()
out, indices = F.max_pool3d(x, (2, 3, 2), stride=(1, 2, 2), padding=(1, 1, 0), dilation=(1, 1, 2), ceil_mode=True,
                            return_indices=True)
node = out.grad_fn
print(type(node).__name__, node._saved_kernel_size, node._saved_stride, node._saved_padding, node._saved_dilation,
      node._saved_ceil_mode, node._saved_self.shape, node._saved_result1.equal(indices))
node = F.max_pool3d(x, 3).grad_fn
print(type(node).__name__, node._saved_kernel_size, node._saved_stride, node._saved_padding, node._saved_dilation)
print(type(torch.max_pool3d(x, 2).grad_fn).__name__)
(g,) = torch.autograd.grad(out.pow(3).sum(), x, create_graph=True)
gg = g.grad_fn
while gg is not None and type(gg).__name__ != "MaxPool3DWithIndicesBackwardBackward0":
    gg = gg.next_functions[0][0]
print(type(gg).__name__, gg._saved_indices.equal(indices))
(h,) = torch.autograd.grad(g.sin().sum(), x)
print("double", h.flatten().tolist())
small = x[:1, :1, :3, :3, :3].detach().requires_grad_()
print(torch.autograd.gradcheck(lambda t: F.max_pool3d(t, 2, 1, 1), (small,)))
print(torch.autograd.gradgradcheck(lambda t: F.max_pool3d(t, 2, 1, 1), (small,)))
with fwAD.dual_level():
    dual = fwAD.make_dual(x.detach(), fixed(2, 2, 4, 5, 6, mult=11, dtype=torch.float64))
    print("jvp", fwAD.unpack_dual(F.max_pool3d(dual, 2, 1, 1)).tangent.flatten().tolist()[:20])

y = torch.tensor([1.0, float("nan"), 3.0, -float("inf"), -float("inf"), -float("inf"), 2.0, float("nan")])
print(F.max_pool3d(y.reshape(1, 2, 2, 2), (1, 2, 1), return_indices=True))

m = nn.MaxPool3d(3, stride=2, padding=1)
m2 = nn.MaxPool3d((2, 1, 2), dilation=2, ceil_mode=True, return_indices=True)
print(m, m2)
print(digest(m(x)), m2(x)[1].flatten().tolist()[:20])

attempt("kernel 2", lambda: F.max_pool3d(x, (2, 2)))
attempt("stride 2", lambda: F.max_pool3d(x, 2, stride=(1, 1)))
attempt("padding 2", lambda: F.max_pool3d(x, 2, padding=(1, 1)))
attempt("dilation 2", lambda: F.max_pool3d(x, 2, dilation=(1, 1)))
attempt("3-d input", lambda: F.max_pool3d(torch.randn(3, 4, 5), 2))
attempt("too big", lambda: F.max_pool3d(x, 5))
attempt("pad 2", lambda: F.max_pool3d(x, 2, padding=2))
attempt("dilation 0", lambda: F.max_pool3d(x, 2, dilation=0))
attempt("stride 0", lambda: F.max_pool3d(x, 2, stride=0))
attempt("stride -1", lambda: F.max_pool3d(x, 2, stride=-1))
attempt("kernel 0", lambda: F.max_pool3d(x, 0))
attempt("empty batch", lambda: F.max_pool3d(torch.randn(0, 3, 4, 5, 6), 2))
attempt("empty channels", lambda: F.max_pool3d(torch.randn(2, 0, 4, 5, 6), 2))
attempt("dilated too big", lambda: F.max_pool3d(x, 3, dilation=3))

# dtypes, non-contiguous inputs
attempt("long", lambda: F.max_pool3d(torch.arange(120).reshape(1, 2, 3, 4, 5), 2))
attempt("half", lambda: F.max_pool3d(torch.zeros(1, 2, 3, 4, 5).half(), 2))
big = fixed(2, 3, 10, 11, 12)
print(F.max_pool3d(big.transpose(1, 3), 3, return_indices=True)[1].flatten().tolist()[:40])
print(digest(F.max_pool3d(big.contiguous(memory_format=torch.channels_last_3d), 3, 2, 1)))
