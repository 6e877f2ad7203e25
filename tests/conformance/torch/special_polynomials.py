# torch.special's orthogonal polynomials (chebyshev_polynomial_t/u/v/w, their shifted
# forms, hermite_polynomial_h/he, laguerre_polynomial_l, legendre_polynomial_p) as 1.13's
# CPU kernels evaluate them: n truncated to an integer (0 for n < 0, nan and inf), the
# recurrence for small n, the trigonometric form for large n inside (-1, 1); broadcasting
# of (x, n) with n a tensor or a number, x a number, dtype promotion, and "not
# differentiable" (no grad_fn).
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


names = ['chebyshev_polynomial_t', 'chebyshev_polynomial_u', 'chebyshev_polynomial_v', 'chebyshev_polynomial_w',
         'shifted_chebyshev_polynomial_t', 'shifted_chebyshev_polynomial_u', 'shifted_chebyshev_polynomial_v',
         'shifted_chebyshev_polynomial_w', 'hermite_polynomial_h', 'hermite_polynomial_he', 'laguerre_polynomial_l',
         'legendre_polynomial_p']
torch.manual_seed(0)
xs = torch.cat([torch.tensor([0., -0., 1., -1., 0.5, -0.5, 0.25, 0.75, 2., -3., 1e-3, 1.0000001, 0.9999999,
                              float('nan'), float('inf'), -float('inf')], dtype=torch.float64),
                torch.linspace(-1.2, 1.2, 241, dtype=torch.float64), torch.rand(100, dtype=torch.float64) * 10 - 5])
ns = torch.tensor([-3., -1., 0., 1., 2., 3., 4., 5., 6., 7., 8., 9., 10., 12., 17., 30., 64., 100., 2.7, -0.5,
                   float('nan'), float('inf'), -float('inf')], dtype=torch.float64)
for dtype in [torch.float32, torch.float64]:
    x = xs.to(dtype).unsqueeze(1)
    n = ns.to(dtype)
    for name in names:
        f = getattr(torch.special, name)
        r = f(x, n)  # broadcast to (len(xs), len(ns))
        print(dtype, name, tuple(r.shape), digest(r))
        print(' ', bits(f(torch.tensor([0.3, -0.7, 1., -1., 0., 1.5], dtype=dtype), 5)))
        print(' ', bits(f(torch.tensor([0.3, -0.7, 1., -1., 0., 1.5], dtype=dtype), 11)))
        print(' ', bits(f(0.3, n)))

# A number n or x joins as a wrapped number: it neither widens float32 nor keeps an
# integer dtype.
x32 = torch.tensor([0.3, 0.6], dtype=torch.float32)
xi = torch.tensor([0, 1, 2])
for name in ['chebyshev_polynomial_t', 'hermite_polynomial_h', 'legendre_polynomial_p']:
    f = getattr(torch.special, name)
    print(name, f(x32, 3).dtype, f(x32, 2.5).dtype, f(2, xi).dtype, f(xi, xi).dtype, f(xi, 2).dtype,
          f(x32, torch.tensor([3], dtype=torch.float64)).dtype, f(torch.tensor([True]), torch.tensor([True])).dtype)
    print(' ', bits(f(xi, xi)), bits(f(x32, 2.5)), bits(f(2.5, torch.tensor([0, 1, 2, 3]))))
    print(' ', bits(f(x32.double(), torch.tensor([3, 4]))), bits(f(0.5, torch.tensor([4.], dtype=torch.float64))))

# Shapes: 0-d with 0-d, broadcasting a column against a row, mismatched shapes.
f = torch.special.chebyshev_polynomial_u
print(f(torch.tensor(0.5), torch.tensor(3.)), f(torch.zeros(2, 1), torch.arange(3.)).shape)
attempt('broadcast', lambda: f(torch.zeros(2), torch.zeros(3)))

# Not differentiable: no grad_fn from either argument.
x = torch.tensor([0.5, 1.5], requires_grad=True)
n = torch.tensor([2., 3.], requires_grad=True)
for name in names:
    f = getattr(torch.special, name)
    print(name, f(x, n).requires_grad, f(x, 2).grad_fn, f(0.5, n).requires_grad)

# Refused dtypes and calls.
f = torch.special.chebyshev_polynomial_t
attempt('half', lambda: f(torch.ones(2, dtype=torch.half), torch.ones(2, dtype=torch.half)))
attempt('bfloat16 with number', lambda: f(torch.ones(2, dtype=torch.bfloat16), 2))
attempt('two numbers', lambda: f(1.0, 2.0))
attempt('no arguments', lambda: torch.special.laguerre_polynomial_l())
attempt('keywords', lambda: torch.special.legendre_polynomial_p(x=torch.tensor([0.5]), n=torch.tensor([3.])))
attempt('keyword n number', lambda: torch.special.hermite_polynomial_he(torch.tensor([0.5]), n=4))
print(torch.special.hermite_polynomial_h)
