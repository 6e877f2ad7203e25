# torch.baddbmm / Tensor.baddbmm and torch.addbmm / Tensor.addbmm: beta and alpha (ints,
# floats, 0, negative), self broadcast, both of PyTorch's kernels (the plain loop below
# k * m * n = 400, one GEMM per batch above), transposed operands, int64; bmm itself on
# both sides of the threshold; BaddbmmBackward0 / AddbmmBackward0 with their saved
# values, gradients and forward-mode tangents; errors. (Below the threshold PyTorch 1.13's
# baddbmm with beta=0 multiplies uninitialised memory by 0, so it is left out there.)
import math, struct, torch

def values(n, seed, scale):
    state, out = seed * 7919 + 1, []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(scale * (state / 1073741824.0 - 1.0))
    return out

def digest(t):
    vals = t.flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(vals), bits)

def tensor(shape, seed, dtype, scale=1.0):
    return torch.tensor(values(math.prod(shape), seed, scale), dtype=dtype).reshape(shape)

for dtype in (torch.float32, torch.float64):
    for (b, m, k, n) in [(2, 3, 4, 5), (3, 7, 9, 5), (2, 10, 10, 10), (1, 20, 30, 7), (4, 2, 50, 3), (3, 1, 1, 1)]:
        x, y, s = tensor((b, m, k), m, dtype), tensor((b, k, n), n, dtype), tensor((b, m, n), k, dtype, 4.0)
        print(b, m, k, n, digest(torch.bmm(x, y)), digest(torch.bmm(y.transpose(1, 2), x.transpose(1, 2))))
        print(' ', digest(torch.baddbmm(s, x, y)), digest(s.baddbmm(x, y, beta=0.5, alpha=-2)),
              digest(torch.baddbmm(s, x, y, beta=0, alpha=0.3)) if k * m * n >= 400 else '-', digest(torch.baddbmm(s[0, 0], x, y, alpha=3)),
              digest(torch.baddbmm(s.transpose(1, 2).contiguous().transpose(1, 2), x.transpose(1, 2).contiguous().transpose(1, 2), y, beta=2)))
        print(' ', digest(torch.addbmm(s[0], x, y)), digest(s[1 % b].addbmm(x, y, beta=0.5, alpha=-2)),
              digest(torch.addbmm(s[0], x, y, beta=0, alpha=0.3)), digest(torch.addbmm(s[0, 0], x, y, alpha=3)),
              digest(torch.addbmm(s[0], y.transpose(1, 2), x.transpose(1, 2).transpose(1, 2).transpose(1, 2)[:, :, :].transpose(1, 2).transpose(1, 2).transpose(1, 2), beta=-1) if m == n else torch.addbmm(s[0], x, y, beta=-1)))

i1, i2 = torch.arange(24).reshape(2, 3, 4), torch.arange(40).reshape(2, 4, 5) - 7
print(torch.baddbmm(torch.ones(2, 3, 5, dtype=torch.long), i1, i2, beta=2, alpha=3), torch.addbmm(torch.tensor(1), i1, i2))
print(torch.addbmm(torch.full((2, 2), float('nan')), torch.ones(1, 2, 3), torch.ones(1, 3, 2), beta=0),
      torch.addbmm(torch.full((2, 2), float('nan')), torch.ones(0, 2, 3), torch.ones(0, 3, 2), beta=0),
      torch.baddbmm(torch.ones(1, 2, 2), torch.ones(1, 2, 0), torch.ones(1, 0, 2), beta=2),
      torch.addbmm(torch.ones(2, 2), torch.ones(3, 2, 0), torch.ones(3, 0, 2), beta=0.5),
      torch.bmm(torch.ones(2, 2, 0), torch.ones(2, 0, 3)), torch.baddbmm(torch.ones(3), torch.ones(2, 0, 4), torch.ones(2, 4, 3)).shape,
      torch.baddbmm(torch.ones(2, 3, 4), torch.ones(2, 3, 5), torch.ones(2, 5, 4), beta=True).sum())

s = torch.tensor(values(2 * 3 * 4, 1, 1.0), dtype=torch.float64).reshape(2, 3, 4).requires_grad_()
b1 = torch.tensor(values(2 * 3 * 5, 2, 1.0), dtype=torch.float64).reshape(2, 3, 5).requires_grad_()
b2 = torch.tensor(values(2 * 5 * 4, 3, 1.0), dtype=torch.float64).reshape(2, 5, 4).requires_grad_()
w = torch.tensor(values(2 * 3 * 4, 4, 1.0), dtype=torch.float64).reshape(2, 3, 4)
for beta, alpha in ((1, 1), (0.5, 2), (0, -1), (True, 1.0)):
    r = torch.baddbmm(s, b1, b2, beta=beta, alpha=alpha)
    g = r.grad_fn
    print(g.name(), g._saved_beta, g._saved_alpha, g._saved_batch1 is b1, g._saved_batch2 is b2,
          [f[0].name() for f in g.next_functions])
    (r * w).sum().backward()
    print(digest(s.grad), digest(b1.grad), digest(b2.grad))
    s.grad = b1.grad = b2.grad = None
v = torch.tensor([1., 2., 3., 4.], dtype=torch.float64, requires_grad=True)
r = torch.baddbmm(v, b1, b2.detach(), beta=3)
print(r.grad_fn._saved_batch1, r.grad_fn._saved_batch2 is not None, [f[0] and f[0].name() for f in r.grad_fn.next_functions])
(r * w).sum().backward()
print(v.grad, digest(b1.grad))
b1.grad = None

m0 = torch.tensor(values(3 * 4, 5, 1.0), dtype=torch.float64).reshape(3, 4).requires_grad_()
for beta, alpha in ((1, 1), (0.5, 2), (0, -1)):
    r = m0.addbmm(b1, b2, beta=beta, alpha=alpha)
    g = r.grad_fn
    print(g.name(), g._saved_beta, g._saved_alpha, g._saved_batch1 is b1, g._saved_batch2 is b2, g._saved_batch1_argsize_0,
          g._saved_batch1_argsize_1, g._saved_batch2_argsize_2)
    (r * w[0]).sum().backward()
    print(digest(m0.grad), digest(b1.grad), digest(b2.grad))
    m0.grad = b1.grad = b2.grad = None
r = torch.addbmm(torch.tensor(2., dtype=torch.float64, requires_grad=True), b1.detach(), b2)
print(r.grad_fn._saved_batch1 is not None, r.grad_fn._saved_batch2, r.grad_fn.next_functions[0][0].name())
r.sum().backward()
print(digest(b2.grad))

import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    d1 = fwAD.make_dual(b1.detach(), torch.ones_like(b1))
    print(digest(fwAD.unpack_dual(torch.baddbmm(s.detach(), d1, b2.detach(), beta=2, alpha=0.5)).tangent),
          digest(fwAD.unpack_dual(torch.addbmm(m0.detach(), d1, b2.detach(), alpha=3)).tangent))
    ds = fwAD.make_dual(m0.detach(), torch.full_like(m0, 2.))
    print(fwAD.unpack_dual(torch.addbmm(ds, b1.detach(), b2.detach(), beta=0.25)).tangent)

f1, f2 = torch.ones(2, 3, 5), torch.ones(2, 5, 4)
for call in (lambda: torch.baddbmm(torch.ones(5), f1, f2), lambda: torch.baddbmm(torch.ones(2, 3, 4), f1, f1),
             lambda: torch.baddbmm(torch.ones(4), f1[0], f2), lambda: torch.baddbmm(torch.ones(4), f1, f2[0]),
             lambda: torch.baddbmm(torch.ones(4), torch.ones(3, 5), f2), lambda: torch.baddbmm(torch.ones(4), f1, torch.ones(3, 5, 4)),
             lambda: torch.baddbmm(torch.ones(4), f1, f2.double()), lambda: torch.baddbmm(torch.ones(4), f1.double(), f2),
             lambda: torch.baddbmm(torch.ones(1, 1, 1, 1), f1, f2), lambda: torch.baddbmm(torch.ones(4), torch.ones(2, 10, 10), torch.ones(2, 10, 4).double()),
             lambda: torch.bmm(torch.ones(2, 10, 10), torch.ones(2, 10, 10).double()), lambda: torch.bmm(f1, f2.double()),
             lambda: torch.bmm(torch.ones(1, 1, 1, dtype=torch.bool), torch.ones(1, 1, 1, dtype=torch.bool)),
             lambda: torch.addbmm(torch.ones(3, 4), f1, f1), lambda: torch.addbmm(torch.ones(3, 5), f1, f2),
             lambda: torch.addbmm(torch.ones(3, 4), torch.ones(3, 5), f2), lambda: torch.addbmm(torch.ones(3, 4), f1, f2[0]),
             lambda: torch.addbmm(torch.ones(3, 4), f1, torch.ones(3, 5, 4)), lambda: torch.addbmm(torch.ones(3, 4).double(), f1, f2),
             lambda: torch.addbmm(torch.ones(3, 4), f1, f2.double()), lambda: torch.addbmm(torch.ones(3, 4), f1.double(), f2),
             lambda: torch.baddbmm(torch.ones(4), f1, f2, 1, 1), lambda: f1.baddbmm(f1, f2, 1), lambda: torch.addbmm(torch.ones(4), f1, f2, 2),
             lambda: torch.baddbmm(torch.ones(4), f1, 5), lambda: torch.ones(4).addbmm(5, f2), lambda: torch.baddbmm(torch.ones(4), f1, f2, gamma=1),
             lambda: torch.baddbmm(torch.ones(4), f1, f2, beta='a')):
    try:
        r = call()
        print(r.shape, r.dtype)
    except (TypeError, RuntimeError, IndexError) as e:
        print(type(e).__name__, e)
