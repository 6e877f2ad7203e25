# torch.special's entr, ndtr, ndtri, log_ndtr, i0e, i1, i1e, erfcx, bessel_j0, bessel_j1,
# xlog1py, zeta and multigammaln on dense grids in float32 and float64 (and bfloat16 where
# 1.13 computes it): a digest of every value's bits, so that one element rounded differently
# from PyTorch 1.13 changes the line. The grids reach the edges: +-0, +-inf, nan, tiny, huge,
# negative, and the branch points of each series.
import hashlib
import struct

import torch


def digest(t):
    values = t.double().flatten().tolist()
    return hashlib.sha256(struct.pack('%dd' % len(values), *values)).hexdigest()[:16]


torch.manual_seed(0)
edges = torch.tensor([0., -0., float('inf'), -float('inf'), float('nan'), 1e-30, -1e-30, 1e30, -1e30, 5e7, 6e7, 50.,
                      50.0001, -26.7, -26.71, -6.1, -6.09, 1e-5, 9.99e-6, 5., 5.0001, 8., 8.0001, -1., -1.0001, 1e300,
                      4e-320, 1., 0.5, 0.13533528323661269189, 0.8646647167633873], dtype=torch.float64)
grid = torch.cat([torch.linspace(-30, 30, 6001, dtype=torch.float64), torch.logspace(-8, 3, 500, dtype=torch.float64),
                  -torch.logspace(-8, 3, 500, dtype=torch.float64), torch.randn(2000, dtype=torch.float64) * 100, edges])
unit = torch.cat([torch.linspace(0, 1, 4001, dtype=torch.float64), torch.logspace(-300, 0, 600, dtype=torch.float64),
                  1 - torch.logspace(-17, -1, 300, dtype=torch.float64), torch.rand(2000, dtype=torch.float64), edges])
unary = ['entr', 'ndtr', 'log_ndtr', 'i0e', 'i1', 'i1e', 'erfcx', 'bessel_j0', 'bessel_j1']
for dtype in [torch.float32, torch.float64]:
    x = grid.to(dtype)
    for name in unary:
        print(dtype, name, digest(getattr(torch.special, name)(x)))
    print(dtype, 'ndtri', digest(torch.special.ndtri(unit.to(dtype))))
    print(dtype, 'entr unit', digest(torch.special.entr(unit.to(dtype))))
    # A strided view visits the elements in another order; the values must not change.
    print(dtype, 'erfcx strided', digest(torch.special.erfcx(x[::3])))
    print(dtype, 'i0e 2-d transposed', digest(torch.special.i0e(x[:6000].view(60, 100).t())))

# bfloat16: entr rounds log and the product; i0e's value depends on whether the element
# falls in a vectorized block (float) or in a run's tail (bfloat16 arithmetic).
b = grid.to(torch.bfloat16)
print('bfloat16 entr', digest(torch.special.entr(b)))
for n in [1, 31, 32, 33, 1000, 9001]:
    print('bfloat16 i0e', n, digest(torch.special.i0e(b[:n])))
print('bfloat16 i0e rows', digest(torch.special.i0e(b[:6000].view(60, 100)[:, :45])))
print('bfloat16 i0e columns', digest(torch.special.i0e(b[:6000].view(60, 100).t())))

# Integer and bool inputs compute in the default float type.
ints = torch.arange(-20, 21)
for name in unary + ['ndtri']:
    r = getattr(torch.special, name)(ints)
    print('int64', name, r.dtype, digest(r))
print('bool i0e', torch.special.i0e(torch.tensor([True, False])).tolist())

# The binary functions over a 2-d grid of (x, q) pairs, and their Python-number forms.
xs = torch.cat([torch.linspace(-3, 12, 61, dtype=torch.float64),
                torch.tensor([1., 1.0000001, 0.9999, 2., 3., float('inf'), float('nan'), 50., 100.], dtype=torch.float64),
                torch.rand(30, dtype=torch.float64) * 20])
qs = torch.cat([torch.linspace(-10, 10, 81, dtype=torch.float64),
                torch.tensor([0., -0., -1., -2.5, 1e-10, 1e10, float('inf'), float('nan'), 1e-300], dtype=torch.float64),
                torch.randn(30, dtype=torch.float64) * 5])
for dtype in [torch.float32, torch.float64]:
    X, Q = xs.to(dtype)[:, None], qs.to(dtype)[None, :]
    print(dtype, 'zeta', digest(torch.special.zeta(X, Q)))
    print(dtype, 'xlog1py', digest(torch.special.xlog1py(X, Q)))
    print(dtype, 'zeta number x', digest(torch.special.zeta(2.5, qs.to(dtype))), digest(torch.special.zeta(3, qs.to(dtype))))
    print(dtype, 'zeta number q', digest(torch.special.zeta(xs.to(dtype), 0.5)), digest(torch.special.zeta(xs.to(dtype), 2)))
    print(dtype, 'xlog1py numbers', digest(torch.special.xlog1py(-1.5, qs.to(dtype))),
          digest(torch.special.xlog1py(xs.to(dtype), 7)))
for dtype in [torch.bfloat16, torch.float16]:
    r = torch.special.xlog1py(xs.to(dtype)[:, None], qs.to(dtype)[None, :])
    print(dtype, 'xlog1py', r.dtype, digest(r))
print('xlog1py int', torch.special.xlog1py(torch.tensor([0, 1, 2]), torch.tensor([3, -1, 0])).tolist())
print('xlog1py mixed', torch.special.xlog1py(torch.tensor([1., 2.], dtype=torch.bfloat16), torch.tensor([0.5, 3.])).dtype)
print('zeta int', torch.special.zeta(torch.tensor([2, 3]), torch.tensor([1, 2])).tolist())

# multigammaln (torch.mvlgamma): lgamma of x - j / 2 summed over j < p, plus p (p - 1) log(pi) / 4.
m = torch.cat([torch.linspace(1.6, 30, 500, dtype=torch.float64), torch.logspace(0.3, 3, 200, dtype=torch.float64)])
for dtype in [torch.float32, torch.float64, torch.bfloat16]:
    for p in [1, 2, 3, 5]:
        print(dtype, 'multigammaln', p, digest(torch.special.multigammaln(m.to(dtype), p)),
              digest(torch.mvlgamma(m.to(dtype).view(35, 20), p=p)), digest(m.to(dtype).mvlgamma(p)))
print('mvlgamma int', torch.mvlgamma(torch.tensor([3, 4, 5]), 2).tolist())
print('mvlgamma below domain', torch.special.multigammaln(torch.tensor([0.1, 0.5, 1.0]), 3).tolist())
y = torch.linspace(2, 9, 50)
y.mvlgamma_(3)
print('mvlgamma_', digest(y))
