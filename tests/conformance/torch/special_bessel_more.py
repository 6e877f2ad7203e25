# torch.special's airy_ai, bessel_y0, bessel_y1, modified_bessel_i0/i1/k0/k1,
# scaled_modified_bessel_k0/k1 and spherical_bessel_j0: a digest of every value's bits
# over dense grids in float32 and float64 (one element rounded differently from 1.13
# changes the line), the exact bits of the edge cases, dtypes, layouts, and 1.13's
# "not differentiable": the results never require grad.
import hashlib
import struct

import torch


def digest(t):
    values = t.double().flatten().tolist()
    return hashlib.sha256(struct.pack('%dd' % len(values), *values)).hexdigest()[:16]


def bits(t):
    if t.dtype == torch.float32:
        return [hex(struct.unpack('<I', struct.pack('<f', v))[0]) for v in t.tolist()]
    return t.tolist()


def attempt(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)


torch.manual_seed(0)
edges = torch.tensor([0., -0., float('inf'), -float('inf'), float('nan'), 1e-30, -1e-30, 1e30, -1e30, 1e-5, -1e-5,
                      0.5, -0.5, 1., -1., 2., -2., 2.09, -2.09, 2.0900001, -2.0900001, 5., -5., 5.0001, 8., -8.,
                      8.0001, 8.3203353, 8.33, 103.892, 103.9, -103.9, 700., 710., -700., 1e300, 4e-320],
                     dtype=torch.float64)
grid = torch.cat([torch.linspace(-30, 30, 6001, dtype=torch.float64), torch.logspace(-8, 3, 500, dtype=torch.float64),
                  -torch.logspace(-8, 3, 500, dtype=torch.float64), torch.randn(2000, dtype=torch.float64) * 20,
                  edges])
names = ['airy_ai', 'bessel_y0', 'bessel_y1', 'modified_bessel_i0', 'modified_bessel_i1', 'modified_bessel_k0',
         'modified_bessel_k1', 'scaled_modified_bessel_k0', 'scaled_modified_bessel_k1', 'spherical_bessel_j0']
for dtype in [torch.float32, torch.float64]:
    x = grid.to(dtype)
    for name in names:
        f = getattr(torch.special, name)
        print(dtype, name, digest(f(x)))
        print(' ', bits(f(edges.to(dtype))))
    # A strided view and a transposed one visit the elements in another order.
    print(dtype, 'airy_ai strided', digest(torch.special.airy_ai(x[::3])))
    print(dtype, 'modified_bessel_k1 transposed', digest(torch.special.modified_bessel_k1(x[:6000].view(60, 100).t())))

# Integer and bool inputs compute in the default float type.
for name in names:
    f = getattr(torch.special, name)
    r = f(torch.tensor([0, 1, 2, 3, 7, -4]))
    print(name, 'int64', r.dtype, bits(r), f(torch.tensor([True, False])).dtype)
with torch.no_grad():
    pass
torch.set_default_dtype(torch.float64)
print('default float64', torch.special.bessel_y0(torch.tensor([1, 2])).dtype)
torch.set_default_dtype(torch.float32)

# 0-d and empty tensors keep their shapes.
print(torch.special.airy_ai(torch.tensor(1.5)), torch.special.bessel_y1(torch.zeros(0, 3)).shape)

# Not differentiable in 1.13: no grad_fn, even from inputs that require grad.
x = torch.tensor([0.5, 1.5], requires_grad=True)
for name in names:
    r = getattr(torch.special, name)(x)
    print(name, r.requires_grad, r.grad_fn, r.is_leaf)

# The dtypes the kernels refuse, and the argument parser's words.
for name in names:
    f = getattr(torch.special, name)
    attempt(name + ' half', lambda: f(torch.ones(2, dtype=torch.half)))
    attempt(name + ' bfloat16', lambda: f(torch.ones(2, dtype=torch.bfloat16)))
    attempt(name + ' float', lambda: f(1.0))
attempt('airy_ai no argument', lambda: torch.special.airy_ai())
attempt('bessel_y0 no argument', lambda: torch.special.bessel_y0())
attempt('spherical_bessel_j0 keyword', lambda: torch.special.spherical_bessel_j0(x=torch.tensor([0.25])))
attempt('modified_bessel_i0 keyword', lambda: torch.special.modified_bessel_i0(input=torch.tensor([0.25])))
print(torch.special.airy_ai, torch.special.bessel_y0)
