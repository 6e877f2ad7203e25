# The regularized incomplete gamma functions: torch.special.gammainc / gammaincc,
# torch.igamma / igammac, Tensor.igamma(_) / igammac(_), over (a, x) grids that reach each
# of 1.13's branches (the power series, the continued fraction, the small-x series,
# Temme's asymptotic expansion for large a near x, the boundaries 0, inf and nan),
# float32 bits and float64 values; half and bfloat16 (computed in float); the dtypes it
# refuses (integers too); IgammaBackward0 / IgammacBackward0: other's gradient, and
# "not implemented" for input's.
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
special = torch.tensor([0., 1e-3, 0.3, 0.5, 0.7, 1., 1.05, 1.2, 2., 5., 19., 20.5, 24., 48., 160., 199., 201., 240.,
                        990., 1e4, -1., float('inf'), float('nan')], dtype=torch.float64)
a = torch.cat([special, torch.logspace(-3, 3.5, 60, dtype=torch.float64)])
x = torch.cat([special, torch.logspace(-3, 3.5, 60, dtype=torch.float64)])
for dtype in [torch.float32, torch.float64]:
    A = a.to(dtype).unsqueeze(1)
    X = x.to(dtype)
    print(dtype, 'gammainc grid', digest(torch.special.gammainc(A, X)))
    print(dtype, 'gammaincc grid', digest(torch.special.gammaincc(A, X)))
    # Large a near x: Temme's expansion (20 < a < 200 with |x - a| / a < 0.3; a > 200 with
    # |x - a| / a < 4.5 / sqrt(a)).
    near = torch.cat([torch.linspace(20.5, 199, 40, dtype=torch.float64), torch.linspace(201, 5000, 40,
                                                                                          dtype=torch.float64)])
    for ratio in [0.75, 0.95, 1.0, 1.02, 1.2]:
        A2, X2 = near.to(dtype), (near * ratio).to(dtype)
        print(dtype, 'near', ratio, digest(torch.special.gammainc(A2, X2)), digest(torch.special.gammaincc(A2, X2)))
    some_a = torch.tensor([0.5, 1., 3., 25., 150., 250., 1e-3, 0., 0., float('inf'), 2.], dtype=dtype)
    some_x = torch.tensor([0.2, 1.5, 3.5, 26., 140., 260., 0.5, 1., 0., 3., float('inf')], dtype=dtype)
    print(dtype, 'igamma', bits(torch.igamma(some_a, some_x)))
    print(dtype, 'igammac', bits(torch.igammac(some_a, some_x)))
    print(dtype, 'method', bits(some_a.igamma(some_x)), bits(some_a.igammac(some_x)))

# Half and bfloat16 compute in float and round once.
for dtype in [torch.half, torch.bfloat16]:
    p = torch.tensor([0.5, 1., 3., 25.], dtype=dtype)
    q = torch.tensor([0.2, 1.5, 3.5, 26.], dtype=dtype)
    print(dtype, torch.igamma(p, q).tolist(), torch.igammac(p, q).tolist())

# Promotion: the common dtype (float32 with float64 is float64); integers are refused.
p32 = torch.tensor([1.5, 2.5])
print(torch.igamma(p32, torch.tensor([1., 2.], dtype=torch.float64)).dtype)
print(torch.igamma(torch.tensor(2.), torch.tensor([1., 2., 3.])).tolist())
attempt('long', lambda: torch.igamma(torch.tensor([1, 2]), torch.tensor([1, 2])))
attempt('float with long', lambda: torch.special.gammainc(p32, torch.tensor([1, 2])).dtype)
attempt('bool', lambda: torch.igammac(torch.tensor([True]), torch.tensor([True])))
attempt('number', lambda: torch.special.gammainc(p32, 2.0))
attempt('broadcast', lambda: torch.igamma(torch.ones(2), torch.ones(3)))
attempt('no arguments', lambda: torch.special.gammaincc())

# In place: the result is cast back into self's dtype.
b = torch.tensor([1.5, 2.5])
print(b.igamma_(torch.tensor([1., 2.], dtype=torch.float64)), b.dtype)
b = torch.tensor([1.5, 2.5])
print(b.igammac_(torch.tensor([1., 2.])))
attempt('in place long', lambda: torch.tensor([1, 2]).igamma_(torch.tensor([1, 2])))

# Autograd: other's gradient is +-grad * exp((a - 1) log x - x - lgamma(a)).
for dtype in [torch.float32, torch.float64]:
    p = torch.tensor([0.5, 1.5, 3., 30.], dtype=dtype)
    q = torch.tensor([0.25, 2., 3.5, 28.], dtype=dtype, requires_grad=True)
    for name in ['gammainc', 'gammaincc']:
        y = getattr(torch.special, name)(p, q)
        g, = torch.autograd.grad(y.sum(), q)
        print(dtype, name, y.grad_fn.name(), y.requires_grad, bits(g))
q = torch.tensor([0.25, 2.], requires_grad=True)
y = torch.igammac(torch.tensor([[0.5, 1.5], [2., 3.]]), q)
y.backward(torch.ones(2, 2))
print('broadcast grad', q.grad.tolist())

# input's derivative is not implemented: the error comes at backward.
p = torch.tensor([0.5, 1.5], requires_grad=True)
q = torch.tensor([0.25, 2.])
for name in ['gammainc', 'gammaincc']:
    y = getattr(torch.special, name)(p, q)
    print(name, y.grad_fn.name())
    attempt(name + ' backward', lambda: y.sum().backward())
y = torch.igamma(p, q.requires_grad_())
attempt('both backward', lambda: y.sum().backward())
print(q.grad)
c = torch.tensor([1., 2.], requires_grad=True).clone()
c.igammac_(torch.tensor([0.5, 3.]))
print(c.grad_fn.name())
attempt('in place backward', lambda: c.sum().backward())
print(torch.special.gammainc, torch.igamma)
