# torch.logcumsumexp / Tensor.logcumsumexp: the CPU kernel's running log-sum-exp (a double
# accumulator for float32, float for bfloat16), infinities and NaNs, strided inputs, 0-d and
# empty tensors, LogcumsumexpBackward0 (saves self and the result; the composite backward
# splits the gradient by sign), its create_graph graph and 1.13's errors (forward AD included).
import math, struct, torch

torch.manual_seed(0)

def digest(t):
    vals = t.double().flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(v for v in vals if math.isfinite(v)), bits)

def attempt(f):
    try:
        r = f()
        print(r if not isinstance(r, torch.Tensor) else (r, r.grad_fn.name() if r.grad_fn else None))
    except (TypeError, RuntimeError, IndexError, NotImplementedError) as e:
        print(type(e).__name__, e)

for dtype in (torch.float32, torch.float64, torch.bfloat16):
    a = (torch.randn(7, 33) * 5).to(dtype)
    print(dtype, digest(torch.logcumsumexp(a, 1)), digest(a.logcumsumexp(0)), digest(a.t().logcumsumexp(-1)), digest(torch.logcumsumexp(a[:, ::3], 1)))
inf, nan = float('inf'), float('nan')
print(torch.logcumsumexp(torch.tensor([-inf, -inf, 1., inf, inf, 2., -inf]), 0).tolist(), torch.logcumsumexp(torch.tensor([-inf, nan, 1., inf]), 0).tolist())
print(torch.logcumsumexp(torch.tensor([1e30, 1e30, -1e30, 88., 89.]), 0).tolist(), torch.logcumsumexp(torch.tensor([inf, -inf, 3.]), 0).tolist())
print(torch.logcumsumexp(torch.tensor(2.5), 0), torch.logcumsumexp(torch.tensor(2.5), -1), torch.logcumsumexp(torch.zeros(0, 3), 1).shape, torch.logcumsumexp(torch.ones(2, 3, 4), 1).stride())
print(torch.logcumsumexp(torch.tensor([1., 2.], dtype=torch.bfloat16), 0))

x = torch.randn(4, 6, dtype=torch.float64, requires_grad=True)
r = torch.logcumsumexp(x, 1)
fn = r.grad_fn
print(fn.name(), fn._saved_dim, fn._saved_self is x, fn._saved_result.tolist() == r.tolist())
print(x.logcumsumexp(-1).grad_fn._saved_dim)
w = torch.randn(4, 6, dtype=torch.float64)
r.backward(w)
print(x.grad.tolist())
y = torch.randn(5, 9, requires_grad=True)
torch.logcumsumexp(y, 0).backward(torch.randn(5, 9))
print(y.grad.flatten().tolist())
z = torch.tensor([1., 2., -1., inf, 0.], requires_grad=True)
torch.logcumsumexp(z, 0).backward(torch.tensor([1., -2., 3., 0.5, 0.]))
print(z.grad)
s = torch.tensor(1.5, requires_grad=True)
torch.logcumsumexp(s, 0).backward(torch.tensor(2.))
print(s.grad)
g, = torch.autograd.grad(torch.logcumsumexp(z, 0), z, torch.ones(5, requires_grad=True), create_graph=True)
print(g, g.grad_fn.name())

import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    d = fwAD.make_dual(torch.randn(3, 5), torch.randn(3, 5))
    attempt(lambda: torch.logcumsumexp(d, 1))

for call in (lambda: torch.logcumsumexp(torch.tensor([1, 2]), 0), lambda: torch.logcumsumexp(torch.tensor([1., 2.], dtype=torch.float16), 0),
             lambda: torch.logcumsumexp(torch.ones(2, 3), 2), lambda: torch.logcumsumexp(torch.ones(2, 3)), lambda: torch.ones(2).logcumsumexp(),
             lambda: torch.ones(2, 3).logcumsumexp('a'), lambda: torch.ones(2).logcumsumexp(dim=1.5), lambda: torch.ones(2, 3).logcumsumexp(None)):
    attempt(call)
