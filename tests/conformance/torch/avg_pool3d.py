# avg_pool3d: values (each window summed in PyTorch's order), gradients, node names and
# saved attributes, padding / ceil_mode / count_include_pad / divisor_override, batched
# and unbatched inputs, double backward, forward AD, nn.AvgPool3d, errors; and
# local_response_norm of 4-d and 5-d inputs, which 1.13 computes with avg_pool3d.
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


def chain(node, depth=0):
    while node is not None:
        print("  " * depth + node.name())
        rest = [f for f, _ in node.next_functions if f is not None]
        for other in rest[1:]:
            chain(other, depth + 1)
        node = rest[0] if rest else None


for dtype in (torch.float32, torch.float64):
    for shape in [(2, 3, 5, 6, 7), (3, 6, 5, 4)]:
        x = fixed(*shape, dtype=dtype).requires_grad_()
        for label, fn in [
            ("2", lambda t: F.avg_pool3d(t, 2)),
            ("3/1/1", lambda t: F.avg_pool3d(t, 3, stride=1, padding=1)),
            ("(3,2,3)/(2,1,2)/(1,0,1) ceil", lambda t: F.avg_pool3d(t, (3, 2, 3), (2, 1, 2), (1, 0, 1), True)),
            ("nopad ceil", lambda t: F.avg_pool3d(t, 3, stride=2, padding=1, ceil_mode=True, count_include_pad=False)),
            ("div", lambda t: F.avg_pool3d(t, (3, 2, 2), divisor_override=5)),
            ("div pad", lambda t: F.avg_pool3d(t, 2, 1, 1, divisor_override=3, count_include_pad=False)),
        ]:
            out = fn(x)
            print(dtype, shape, label, tuple(out.shape), type(out.grad_fn).__name__)
            print("  ", digest(out) if dtype == torch.float32 else out.flatten().tolist())
            (grad,) = torch.autograd.grad(out.mul(out).sum(), x)
            print("  grad", digest(grad) if dtype == torch.float32 else grad.flatten().tolist())

x = fixed(2, 2, 4, 5, 6, dtype=torch.float64).requires_grad_()
out = F.avg_pool3d(x, (2, 3, 2), stride=(1, 2, 2), padding=(1, 1, 0), ceil_mode=True, count_include_pad=False,
                   divisor_override=4)
node = out.grad_fn
print(type(node).__name__, node._saved_kernel_size, node._saved_stride, node._saved_padding, node._saved_ceil_mode,
      node._saved_count_include_pad, node._saved_divisor_override, node._saved_self.shape)
node = F.avg_pool3d(x, 3).grad_fn
print(node._saved_kernel_size, node._saved_stride, node._saved_padding, node._saved_divisor_override)
(g,) = torch.autograd.grad(out.pow(3).sum(), x, create_graph=True)
gg = g.grad_fn
while gg is not None and type(gg).__name__ != "AvgPool3DBackwardBackward0":
    gg = gg.next_functions[0][0]
print(type(gg).__name__, gg._saved_kernel_size, gg._saved_stride, gg._saved_padding, gg._saved_ceil_mode,
      gg._saved_count_include_pad, gg._saved_divisor_override)
(h,) = torch.autograd.grad(g.sin().sum(), x)
print("double", h.flatten().tolist())
small = x[:1, :1, :3, :3, :3].detach().requires_grad_()
print(torch.autograd.gradcheck(lambda t: F.avg_pool3d(t, 2, 1, 1, True, False), (small,)))
print(torch.autograd.gradgradcheck(lambda t: F.avg_pool3d(t, 2, 1, 1, True, False), (small,)))
with fwAD.dual_level():
    dual = fwAD.make_dual(x.detach(), fixed(2, 2, 4, 5, 6, mult=11, dtype=torch.float64))
    print("jvp", fwAD.unpack_dual(F.avg_pool3d(dual, 2, 1, 1)).tangent.flatten().tolist()[:20])

m = nn.AvgPool3d(3, stride=2, padding=1)
m2 = nn.AvgPool3d((2, 1, 2), divisor_override=2, ceil_mode=True)
print(m, m2)
print(digest(m(x)), digest(m2(x)))

attempt("kernel 2", lambda: F.avg_pool3d(x, (2, 2)))
attempt("stride 2", lambda: F.avg_pool3d(x, 2, stride=(1, 1)))
attempt("padding 2", lambda: F.avg_pool3d(x, 2, padding=(1, 1)))
attempt("3-d input", lambda: F.avg_pool3d(torch.randn(3, 4, 5), 2))
attempt("divisor 0", lambda: F.avg_pool3d(x, 2, divisor_override=0))
attempt("too big", lambda: F.avg_pool3d(x, 5))
attempt("pad 2", lambda: F.avg_pool3d(x, 2, padding=2))
attempt("stride 0", lambda: F.avg_pool3d(x, 2, stride=0))
attempt("kernel 0", lambda: F.avg_pool3d(x, 0))
attempt("pad -1", lambda: F.avg_pool3d(x, 2, padding=-1))
attempt("stride -1", lambda: F.avg_pool3d(x, 2, stride=-1))
attempt("empty batch", lambda: F.avg_pool3d(torch.randn(0, 3, 4, 5, 6), 2))
attempt("empty channels", lambda: F.avg_pool3d(torch.randn(2, 0, 4, 5, 6), 2))
attempt("too small", lambda: F.avg_pool3d(torch.randn(1, 3, 5, 5), 4, stride=4, padding=2))

# local_response_norm
for shape in [(2, 5, 4, 3), (2, 6, 3, 2, 4), (1, 3, 2)]:
    for dtype in (torch.float32, torch.float64):
        y = fixed(*shape, mult=13, dtype=dtype).requires_grad_()
        for size in (1, 2, 3, 4):
            out = F.local_response_norm(y, size, alpha=0.5, beta=0.8, k=1.5)
            (grad,) = torch.autograd.grad(out.sum(), y)
            if dtype == torch.float32:
                print(shape, size, digest(out), digest(grad))
            else:
                print(shape, size, out.flatten().tolist(), grad.flatten().tolist())
        if dtype == torch.float64:
            chain(F.local_response_norm(y, 3).grad_fn)
lrn = nn.LocalResponseNorm(3)
print(lrn, digest(lrn(fixed(2, 4, 3, 3))))
print(F.local_response_norm(torch.zeros(0, 3, 2, 2), 2).shape)

# dtypes: int64 sums divide with truncation; the 16-bit floats are refused
xi = torch.arange(-300, 2 * 3 * 4 * 5 * 6 - 300).reshape(2, 3, 4, 5, 6)
print(F.avg_pool3d(xi, 2).flatten().tolist())
print(F.avg_pool3d(xi, 3, 1, 1, count_include_pad=False).flatten().tolist()[:40])
attempt("bfloat16", lambda: F.avg_pool3d(xi.bfloat16(), 2))
attempt("half", lambda: F.avg_pool3d(xi.half(), 2))
attempt("int32", lambda: F.avg_pool3d(xi.int(), 2))

# bigger windows (summation order), non-contiguous and channels-last inputs
big = fixed(2, 3, 10, 11, 12)
print(digest(F.avg_pool3d(big, (7, 8, 9), stride=3, padding=(3, 4, 4), ceil_mode=True)))
print(digest(F.avg_pool3d(big.transpose(2, 4), (7, 8, 9), stride=3, padding=(3, 4, 4), count_include_pad=False)))
print(digest(F.avg_pool3d(big.contiguous(memory_format=torch.channels_last_3d), 3, 1, 1)))
