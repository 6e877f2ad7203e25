# torch.heaviside / Tensor.heaviside / heaviside_: values where input == 0, else 1 above 0 and 0
# below (NaN counts as below), every dtype but one dtype only; no derivative in 1.13 (a
# NotImplemented node whose backward raises), forward AD refused, and the argument errors.
import torch

x = torch.tensor([-1.5, 0., -0., 2., float('nan'), float('inf'), -float('inf')])
v = torch.tensor([0.5, 0.25, -3., 7., 1., 2., 3.])
print(torch.heaviside(x, v).tolist(), x.heaviside(torch.tensor(9.)).tolist(), torch.heaviside(x[:1], v).tolist())
print(torch.heaviside(x.double(), v.double()).dtype, torch.heaviside(torch.tensor([-2, 0, 3]), torch.tensor([5, 6, 7])))
print(torch.heaviside(torch.tensor([True, False]), torch.tensor([False, True])), torch.heaviside(torch.tensor([0, 1], dtype=torch.uint8), torch.tensor([9], dtype=torch.uint8)))
print(torch.heaviside(x.half(), v.half()), torch.heaviside(x.bfloat16(), torch.tensor(0.5, dtype=torch.bfloat16)))
m = torch.tensor([[0., 1.], [-1., 0.]]).t()
print(torch.heaviside(m, torch.tensor([[5.], [6.]])).tolist(), torch.heaviside(m, torch.tensor(2.)).stride())

a = torch.tensor([0., 1., -1.], requires_grad=True)
b = torch.tensor([2., 3., 4.])
for r in (torch.heaviside(a, b), torch.heaviside(b, a), torch.heaviside(a, a)):
    print(r, r.grad_fn.name(), [n[0].name() for n in r.grad_fn.next_functions])
    try:
        r.sum().backward()
    except RuntimeError as e:
        print(type(e).__name__, e)
c = a * 1
c.heaviside_(b)
print(c, c._version, c.grad_fn.name(), [n[0].name() for n in c.grad_fn.next_functions])
try:
    c.sum().backward()
except RuntimeError as e:
    print(type(e).__name__, e)
d = b.clone()
print(d.heaviside_(a), d._version, d.grad_fn.name(), [n[0].name() for n in d.grad_fn.next_functions])
e = torch.tensor([0, 5])
print(e.heaviside_(torch.tensor([7, 7])), e._version, hasattr(torch, 'heaviside_'), hasattr(torch, 'hypot_'))

import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    dual = fwAD.make_dual(torch.tensor([1., 0.]), torch.tensor([1., 2.]))
    for call in (lambda: torch.heaviside(dual, torch.ones(2)), lambda: torch.heaviside(torch.zeros(2), dual)):
        try:
            print(call())
        except NotImplementedError as err:
            print(type(err).__name__, err)

for call in (lambda: torch.heaviside(x, torch.tensor([1, 2, 3, 4, 5, 6, 7])), lambda: torch.heaviside(x, v.double()),
             lambda: torch.heaviside(torch.tensor([1]), torch.tensor(2.)), lambda: x.heaviside_(torch.tensor(2, dtype=torch.int64)),
             lambda: a.heaviside_(b), lambda: torch.ones(3).heaviside_(torch.ones(2, 3)), lambda: torch.heaviside(x, 2),
             lambda: torch.heaviside(x, values=2), lambda: x.heaviside_(2), lambda: torch.heaviside(x), lambda: torch.heaviside(x, other=v),
             lambda: torch.heaviside(torch.ones(2), torch.ones(3))):
    try:
        print(call())
    except (TypeError, RuntimeError) as err:
        print(type(err).__name__, err)
