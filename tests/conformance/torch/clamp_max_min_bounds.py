# torch.clamp_max / clamp_min with a number (ClampMaxBackward0 / ClampMinBackward0) or a tensor
# bound (ClampMaxBackward1 / ClampMinBackward1: minimum / maximum's kernel, both gradients),
# their in-place forms, promotion of integral and bool inputs, NaN and signed zeros, errors.
import torch

nan = float('nan')
torch.manual_seed(1)
x = torch.randn(20, requires_grad=True)
y = torch.clamp_max(x, 0.25)
print(y.tolist(), y.grad_fn.name(), y.grad_fn._saved_max, y.grad_fn._saved_self is x)
y.backward(torch.arange(20.))
print(x.grad.tolist())
x.grad = None
print(x.clamp_max(max=-1).grad_fn._saved_max, torch.clamp_min(x, 1).grad_fn._saved_min, x.clamp_min(0.5).grad_fn.name())

m = torch.randn(4, 5, requires_grad=True)
bound = torch.randn(5, requires_grad=True)
for f in (torch.clamp_max, torch.clamp_min):
    y = f(x[:5], bound)
    print(f.__name__, y.tolist(), y.grad_fn.name(), y.grad_fn._saved_self.shape, [k for k in dir(y.grad_fn) if k.startswith('_saved')])
    z = f(m, bound)
    z.backward(torch.arange(20.).reshape(4, 5))
    print(m.grad.tolist(), bound.grad.tolist())
    m.grad = bound.grad = None

s = torch.tensor([1., nan, -0., 0., 3., -3.])
for b in (0., -0., nan, 2):
    print(b, torch.clamp_max(s, b).tolist(), torch.clamp_min(s, b).tolist())
print(torch.clamp_max(s, torch.tensor([nan, 1., 0., -0., 3., nan])).tolist())
print(torch.clamp_min(s, torch.tensor(-0.)).tolist())

i = torch.tensor([1, 5, -3])
print(torch.clamp_max(i, 2), torch.clamp_max(i, 2.5), torch.clamp_min(i, torch.tensor(0.5)), torch.clamp_max(i, torch.tensor([2, 2, 2], dtype=torch.int8)))
b = torch.tensor([True, False])
print(torch.clamp_max(b, 0.5), torch.clamp_min(b, 1), torch.clamp_max(b, 0))
print(torch.clamp_max(torch.tensor([1.5, -2.25, 0.3], dtype=torch.bfloat16), 0.3), torch.clamp_min(torch.tensor([1.5, -2.25], dtype=torch.float64), 0.3))
print(torch.clamp_max(torch.tensor([1, 2], dtype=torch.uint8), 1), torch.clamp_max(x[:3], torch.tensor(0.1, dtype=torch.float64)).dtype)

w = x.detach().clone().requires_grad_()
for op, arg in (('clamp_max_', 0.3), ('clamp_min_', -0.3), ('clamp_max_', torch.linspace(-1, 1, 20)), ('clamp_min_', torch.zeros(20))):
    v = w * 1
    out = getattr(v, op)(arg)
    print(op, out is v, v._version, v.grad_fn.name(), v.tolist()[:4])
    v.sum().backward()
    print(w.grad.tolist()[:6])
    w.grad = None
q = torch.tensor([1, 9])
print(q.clamp_max_(4), q._version, torch.clamp_min_(torch.tensor([1., 5.]), 2.0), torch.clamp_max_(torch.tensor([1., 5.]), torch.tensor(2.)))

g, = torch.autograd.grad(torch.clamp_max(x, 0.), x, torch.ones(20, requires_grad=True), create_graph=True)
print(g.grad_fn.name(), g.tolist()[:5])

import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([1., 2., 3.]), torch.tensor([0.5, -1., 2.]))
    e = fwAD.make_dual(torch.tensor([2., 2., 2.]), torch.tensor([7., 8., 9.]))
    print(fwAD.unpack_dual(torch.clamp_max(d, 2.)).tangent, fwAD.unpack_dual(torch.clamp_max(d, e)).tangent,
          fwAD.unpack_dual(torch.clamp_min(d, e)).tangent, fwAD.unpack_dual(torch.clamp_min(d, 2)).tangent)

for call in (lambda: torch.clamp_max(b, True), lambda: torch.clamp_min(b, True), lambda: torch.clamp_max(torch.ones(2, dtype=torch.float16), 1),
             lambda: b.clone().clamp_max_(1), lambda: i.clone().clamp_min_(1.5), lambda: i.clone().clamp_min_(torch.tensor(1.5)),
             lambda: i.clone().clamp_max_(torch.tensor([1.5, 2., 3.])), lambda: torch.clamp_max(torch.rand(2), torch.rand(3)),
             lambda: torch.clamp_max(x, None), lambda: torch.clamp_max(x, "a"), lambda: torch.clamp_max(x),
             lambda: x.clamp_max("a"), lambda: x.clamp_min_("a"), lambda: x.clamp_max(), lambda: x.clamp_max_(1.0),
             lambda: torch.rand(3).clamp_max_(torch.rand(2, 3))):
    try:
        print(call())
    except (TypeError, RuntimeError) as e:
        print(type(e).__name__, e)
