# lgamma, digamma, polygamma(1..3), erfinv, i0 (and its gradient, i1) and sinc on dense
# grids in float32 and float64: a digest of every value's bits, so that one element
# rounded differently from PyTorch 1.13 changes the line.
import hashlib
import struct

import torch


def digest(t):
    values = t.double().tolist()
    return hashlib.sha256(struct.pack('%dd' % len(values), *values)).hexdigest()[:16]


grid = torch.cat([torch.linspace(-30, 30, 6001, dtype=torch.float64), torch.logspace(-8, 3, 500, dtype=torch.float64)])
unit = torch.linspace(-1, 1, 4001, dtype=torch.float64)
for dtype in [torch.float32, torch.float64]:
    x = grid.to(dtype)
    for name in ['lgamma', 'digamma', 'i0', 'sinc']:
        print(dtype, name, digest(getattr(torch, name)(x)))
    for n in [1, 2, 3]:
        print(dtype, 'polygamma', n, digest(torch.polygamma(n, x)))
    print(dtype, 'erfinv', digest(torch.erfinv(unit.to(dtype))))
    xg = x.clone().requires_grad_()
    g, = torch.autograd.grad(torch.i0(xg).sum(), xg)
    print(dtype, 'i0 grad', digest(g))
    # A strided view visits the elements in another order; the values must not change.
    print(dtype, 'lgamma strided', digest(torch.lgamma(x[::3])))
