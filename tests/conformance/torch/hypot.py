# torch.hypot / Tensor.hypot / hypot_: SLEEF's hypot (0.5 ulp) on whole vector pairs, glibc's on
# the rest, float32/64 and bfloat16, broadcasting and promotion; HypotBackward0 (saves self,
# other and the result; create_graph graph), the in-place node, forward AD and the errors.
import math, struct, torch

def digest(t):
    vals = t.double().flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(v for v in vals if math.isfinite(v)), bits)

torch.manual_seed(4)
for dtype in (torch.float32, torch.float64, torch.bfloat16):
    for n in (1, 7, 8, 16, 17, 33, 100):
        a = (torch.randn(n) * 10).to(dtype)
        b = (torch.randn(n) * 10).to(dtype)
        print(dtype, n, digest(torch.hypot(a, b)), digest(a.hypot(b[:1])), digest(torch.hypot(a.flip(0), b)))
    grid = (torch.randn(6, 10) * 3).to(dtype)
    print("strided", digest(torch.hypot(grid.t(), grid[:1].t())), digest(torch.hypot(grid[:, ::2], grid[:, 1::2])))
inf, nan = float('inf'), float('nan')
print(torch.hypot(torch.tensor([inf, nan, 0., -0., 3e38, 1e-45, -inf] * 3), torch.tensor([nan, inf, -0., -0., 3e38, 1e-45, 2.] * 3)).tolist())
print(torch.hypot(torch.tensor([3., 5.]), torch.tensor([4.], dtype=torch.float64)), torch.hypot(torch.tensor([3, 5]), torch.tensor(4.)))

x = torch.randn(5, requires_grad=True)
y = torch.randn(5, requires_grad=True)
r = torch.hypot(x, y)
fn = r.grad_fn
print(r.tolist(), fn.name(), fn._saved_self is x, fn._saved_other is y, fn._saved_result.tolist() == r.tolist())
r.backward(torch.arange(1., 6.))
print(x.grad.tolist(), y.grad.tolist())
x.grad = y.grad = None
torch.hypot(torch.randn(3, 5, dtype=torch.float64), y).sum().backward()
print(y.grad.tolist())
g, = torch.autograd.grad(torch.hypot(x, y), x, torch.ones(5, requires_grad=True), create_graph=True)
print(g.tolist(), g.grad_fn.name(), [n[0].name() for n in g.grad_fn.next_functions])
z = torch.zeros(2, requires_grad=True)
torch.hypot(z, torch.zeros(2)).sum().backward()
print(z.grad)

w = x.detach().clone().requires_grad_()
v = w * 1
out = v.hypot_(y)
print(out is v, v._version, v.grad_fn.name(), v.grad_fn._saved_self.tolist() == w.tolist(), v.grad_fn._saved_result.tolist() == v.tolist())
v.sum().backward()
print(w.grad.tolist(), y.grad.tolist())
h = torch.tensor([3., 5.])
h.hypot_(torch.tensor([4.], dtype=torch.float64))
print(h, h._version)

import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([3., 1.]), torch.tensor([1., 2.]))
    print(fwAD.unpack_dual(torch.hypot(d, torch.tensor([4., 1.]))).tangent, fwAD.unpack_dual(torch.hypot(torch.tensor([4., 1.]), d)).tangent)

for call in (lambda: torch.hypot(torch.tensor([1, 2]), torch.tensor([3, 4])), lambda: torch.hypot(torch.ones(2, dtype=torch.float16), torch.ones(2, dtype=torch.float16)),
             lambda: torch.tensor([1, 2]).hypot_(torch.tensor([3., 4.])), lambda: torch.tensor([1, 2]).hypot_(torch.tensor([3, 4])),
             lambda: torch.ones(3).hypot_(torch.ones(2, 3)), lambda: x.hypot_(y), lambda: torch.hypot(x, 2), lambda: x.hypot_(2),
             lambda: torch.hypot(x), lambda: torch.ones(2).hypot(other=1)):
    try:
        print(call())
    except (TypeError, RuntimeError) as e:
        print(type(e).__name__, e)
