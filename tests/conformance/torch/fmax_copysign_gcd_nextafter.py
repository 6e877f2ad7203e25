# torch.fmax / fmin (FmaxBackward0 / FminBackward0: NaN loses, ties go to self), copysign
# and copysign_ with a tensor (CopysignBackward0) or a number (CopysignBackward1), gcd / lcm
# and gcd_ / lcm_ (integers only, no node), nextafter / nextafter_ (NextafterBackward0, whose
# backward raises): values over the dtypes, promotion, broadcasting, gradients, create_graph
# graphs, forward AD and 1.13's errors.
import torch

torch.manual_seed(0)

def attempt(f):
    try:
        r = f()
        print(r if not isinstance(r, torch.Tensor) else (r, r.grad_fn.name() if r.grad_fn else None))
    except (TypeError, RuntimeError, IndexError, NotImplementedError) as e:
        print(type(e).__name__, e)

inf, nan = float('inf'), float('nan')
p = torch.tensor([1., -2., nan, 3., nan, 0., -0., inf, -inf, 5.])
q = torch.tensor([2., nan, 1., 3., nan, -0., 0., 1., -inf, -inf])
print(torch.fmax(p, q).tolist(), torch.fmin(p, q).tolist(), p.fmax(q).tolist(), q.fmin(p).tolist())
print([str(v) for v in torch.fmax(p, q).tolist()[5:7]], [str(v) for v in torch.fmin(p, q).tolist()[5:7]])
for dt in (torch.float16, torch.bfloat16, torch.float64, torch.int32, torch.bool, torch.uint8, torch.int8, torch.int16, torch.int64):
    a = torch.tensor([1, 0, 3, -2]).to(dt); b = torch.tensor([2, 1, 0, -3]).to(dt)
    for f in (torch.fmax, torch.fmin, torch.copysign, torch.gcd, torch.lcm, torch.nextafter):
        attempt(lambda: f(a, b))
print(torch.fmax(torch.tensor([1, 2]), torch.tensor(1.5)), torch.fmin(torch.tensor([[1.], [5.]]), torch.tensor([2., 3., 4.], dtype=torch.float64)))
print(torch.fmax(torch.randn(3, 4).t(), torch.randn(4, 1)).stride())

# FmaxBackward0 / FminBackward0
x = torch.tensor([1., -2., nan, 3., 0.5], requires_grad=True)
y = torch.tensor([2., nan, 1., 3., nan], requires_grad=True)
for f in (torch.fmax, torch.fmin):
    r = f(x, y)
    fn = r.grad_fn
    print(fn.name(), fn._saved_self is x, fn._saved_other is y)
    r.backward(torch.arange(1., 6.))
    print(x.grad.tolist(), y.grad.tolist())
    x.grad = y.grad = None
a = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
b = torch.randn(4, dtype=torch.float64, requires_grad=True)
torch.fmax(a, b).sum().backward()
print(a.grad.tolist(), b.grad.tolist())
g = torch.autograd.grad(torch.fmin(a, b), (a, b), torch.ones(3, 4, dtype=torch.float64, requires_grad=True), create_graph=True)
print(g[0].grad_fn.name(), g[1].grad_fn.name(), [n[0].name() for n in g[1].grad_fn.next_functions if n[0]])
print(torch.fmax(a, torch.ones(3, 4, dtype=torch.int64)).grad_fn.next_functions)

# copysign
s = torch.tensor([1., -2., 0., -0., 3., inf, nan, -4.])
t = torch.tensor([-1., 1., -0., 0., nan, -1., -1., -0.])
print(torch.copysign(s, t).tolist(), s.copysign(-1.).tolist(), s.copysign(0).tolist(), torch.copysign(s, other=-0.0).tolist())
print(torch.copysign(torch.tensor([1, 2]), torch.tensor([-1., 2.], dtype=torch.float64)), torch.copysign(torch.tensor([1., 2.]), torch.tensor(-1., dtype=torch.float64)))
print(torch.copysign(torch.tensor([1., 2.], dtype=torch.float16), -2), torch.copysign(torch.tensor([True, False]), -2), torch.copysign(torch.tensor([1, 2]), True))
print(torch.copysign(torch.tensor([1., 2.]), torch.tensor([-1, 3])), torch.copysign(torch.tensor([3, -4]), torch.tensor([-1, 1])), torch.copysign(torch.tensor([1.5], dtype=torch.bfloat16), torch.tensor([-1.])))
x = torch.tensor([1., -2., 0., -0., 3., inf], requires_grad=True)
y = torch.tensor([-1., 1., -1., 1., -0., -1.], requires_grad=True)
r = torch.copysign(x, y)
fn = r.grad_fn
print(r, fn.name(), fn._saved_self is x, fn._saved_result.tolist(), fn.next_functions)
r.backward(torch.arange(1., 7.))
print(x.grad.tolist(), y.grad.tolist())
x.grad = None
r = x.copysign(-2)
print(r.grad_fn.name(), r.grad_fn._saved_self is x, r.grad_fn.next_functions)
r.backward(torch.ones(6))
print(x.grad.tolist())
x.grad = None
torch.copysign(x, torch.randn(2, 1, 6, dtype=torch.float64, requires_grad=True)).sum().backward()
print(x.grad.tolist())
m = torch.randn(2, 3, requires_grad=True)
n = torch.randn(3, requires_grad=True)
torch.copysign(m, n).sum().backward()
print(n.grad, n.grad.shape)
g, = torch.autograd.grad(torch.copysign(m, n), m, torch.ones(2, 3, requires_grad=True), create_graph=True)
print(g.tolist(), g.grad_fn.name(), [f[0].name() if f[0] else None for f in g.grad_fn.next_functions])
w = m.detach().clone().requires_grad_()
v = w * 1
out = v.copysign_(n)
print(out is v, v._version, v.grad_fn.name(), v.grad_fn._saved_self.tolist() == w.tolist(), v.grad_fn._saved_result.tolist() == v.tolist())
v.sum().backward()
print(w.grad.tolist())
v = w * 1
v.copysign_(-1)
print(v.grad_fn.name(), v._version)
v.sum().backward()
h = torch.tensor([1., -2.])
h.copysign_(torch.tensor([-1.], dtype=torch.float64)).copysign_(3)
print(h, h._version)

# gcd / lcm
print(torch.gcd(torch.tensor([12, -18, 0, 0, -7, 9]), torch.tensor([-8, 4, 0, -5, 0, 9])), torch.lcm(torch.tensor([12, -18, 0, 0, -7, 9]), torch.tensor([-8, 4, 0, -5, 0, 6])))
print(torch.gcd(torch.tensor([12], dtype=torch.int32), torch.tensor([8])), torch.gcd(torch.tensor([12], dtype=torch.int32), torch.tensor(8)))
print(torch.lcm(torch.tensor([2**62, -2**63, 2**40]), torch.tensor([3, -1, 2**30 + 1])), torch.gcd(torch.tensor([-2**63, -2**63]), torch.tensor([0, 6])))
print(torch.lcm(torch.tensor([100, -128, 99], dtype=torch.int8), torch.tensor([3, 1, 2], dtype=torch.int8)), torch.gcd(torch.tensor([-128, -128], dtype=torch.int8), torch.tensor([0, -128], dtype=torch.int8)))
print(torch.lcm(torch.tensor([200, 255], dtype=torch.uint8), torch.tensor([3, 2], dtype=torch.uint8)), torch.lcm(torch.tensor([70000, -2**31], dtype=torch.int32), torch.tensor([70001, 1], dtype=torch.int32)))
print(torch.lcm(torch.tensor([300, -300], dtype=torch.int16), torch.tensor([301, 299], dtype=torch.int16)))
g = torch.tensor([[12], [18]])
print(torch.gcd(g, torch.tensor([4, 6, 9])), g.lcm(torch.tensor([4, 6, 9])))
k = torch.tensor([12, 18])
print(k.gcd_(torch.tensor([8, 4])), k._version, k.lcm_(torch.tensor(5)), k._version, torch.gcd_(k, torch.tensor([3, 7])), torch.lcm_(k, torch.tensor([2, 2])), k._version)
print(torch.tensor([12], dtype=torch.int32).gcd_(torch.tensor([8])), torch.tensor([12]).gcd_(torch.tensor([8], dtype=torch.int32)))

# nextafter
print(torch.nextafter(torch.tensor([0., 1., inf, nan, 1., -0., 0., 3.4028234663852886e38, -1e-45]), torch.tensor([1., 0., 0., 1., nan, 0., -0., inf, 0.])).tolist())
print(torch.nextafter(torch.tensor([0., 1., 1e300], dtype=torch.float64), torch.tensor([-1., 2., inf], dtype=torch.float64)).tolist())
bf = torch.tensor([0., 1., -1., 3., 1e-38, -0., 65280., 3.3895e38, inf], dtype=torch.bfloat16)
to = torch.tensor([1., 2., 0., -inf, 0., -0., inf, inf, 0.], dtype=torch.bfloat16)
print(torch.nextafter(bf, to).float().tolist(), torch.nextafter(bf, bf.flip(0)).float().tolist())
print(torch.nextafter(torch.tensor([1.]), torch.tensor([3.], dtype=torch.float64)).item(), torch.nextafter(torch.tensor([1.]), torch.tensor(3.)).item())
x = torch.tensor([1., 2.], requires_grad=True)
r = torch.nextafter(x, torch.tensor([2., 1.]))
print(r.tolist(), r.grad_fn.name(), r.grad_fn.next_functions)
attempt(lambda: r.sum().backward())
v = x * 1
v.nextafter_(torch.tensor([0., 3.]))
print(v.tolist(), v.grad_fn.name(), v._version)
attempt(lambda: v.sum().backward())
hh = torch.tensor([1., 2.])
print(hh.nextafter_(torch.tensor([0., 1.], dtype=torch.float64)).tolist(), hh._version)

import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([1., 5., nan, -2.]), torch.tensor([10., 20., 30., 40.]))
    e = torch.tensor([3., 3., 0., nan])
    print(fwAD.unpack_dual(torch.fmax(d, e)).tangent, fwAD.unpack_dual(torch.fmin(d, e)).tangent, fwAD.unpack_dual(torch.fmax(e, d)).tangent)
    print(fwAD.unpack_dual(torch.copysign(d, torch.tensor([-1., 1., -1., 1.]))).tangent, fwAD.unpack_dual(torch.copysign(d, -1.)).tangent)
    attempt(lambda: torch.nextafter(d, e))

leaf = torch.ones(2, requires_grad=True)
for call in (lambda: torch.fmax(x, 2), lambda: torch.fmin(x), lambda: torch.tensor([1., 2.]).fmax(torch.tensor([0., 1, 3])),
             lambda: torch.copysign(3., torch.tensor([1., 2.])), lambda: torch.copysign(torch.tensor([1., 2.]), "a"),
             lambda: torch.tensor([1., 2.]).copysign("a"), lambda: torch.tensor([1., 2.]).copysign_("a"),
             lambda: torch.tensor([1, 2]).copysign_(torch.tensor([1., 2.])), lambda: torch.tensor([1, 2]).copysign_(-1),
             lambda: torch.tensor([1., 2.]).copysign_(torch.tensor([[0., 1], [1, 1]])), lambda: leaf.copysign_(-1),
             lambda: torch.gcd(torch.tensor([12., 18.]), torch.tensor([8., 4.])), lambda: torch.lcm(torch.tensor([12, 18]), torch.tensor([8., 4.])),
             lambda: torch.gcd(torch.tensor([1, 2]), 1), lambda: torch.tensor([4, 6]).lcm_(torch.tensor([2., 4.])),
             lambda: torch.tensor([12]).lcm_(torch.tensor([[8], [3]])), lambda: torch.tensor([True]).gcd_(torch.tensor([True])),
             lambda: torch.nextafter(torch.tensor([1, 2]), torch.tensor([3, 4])), lambda: torch.nextafter(torch.tensor([1.], dtype=torch.float16), torch.tensor([2.], dtype=torch.float16)),
             lambda: torch.tensor([1, 2]).nextafter_(torch.tensor([0., 1.])), lambda: torch.nextafter(torch.tensor([1., 2.]), 1.),
             lambda: torch.tensor([1, 2]).copysign_(torch.tensor([3, 4])), lambda: leaf.nextafter_(torch.zeros(2))):
    attempt(call)
