# torch.aminmax / Tensor.aminmax: min and max of every element or along dim (keepdim),
# torch.return_types.aminmax, NaNs, -0.0 against 0.0 (which one each kernel keeps), dtypes,
# and 1.13's missing derivative: one NotImplemented node for both outputs whose backward
# raises, forward AD refused, and its errors.
import struct
import torch
import torch.autograd.forward_ad as fwAD

torch.manual_seed(0)
nan = float('nan')

def attempt(f):
    try:
        print(f())
    except (TypeError, RuntimeError, IndexError, NotImplementedError) as e:
        print(type(e).__name__, e)

def signs(r):
    return [struct.pack('>d', v)[0] >> 7 for v in r.min.double().flatten().tolist() + r.max.double().flatten().tolist()]

a = torch.randn(5, 7)
r = torch.aminmax(a)
print(r.min.tolist(), r.max.tolist(), type(r).__name__, len(r))
mn, mx = a.aminmax(dim=1)
print(mn.tolist(), mx.tolist())
print(a.aminmax(dim=0, keepdim=True))
print(torch.aminmax(a[:, ::2], dim=-1).max.tolist(), torch.aminmax(a.t(), dim=1).min.tolist())
print(torch.aminmax(torch.tensor([[1., 5., -2.], [3., nan, 2.]])), torch.aminmax(torch.tensor([[1., 5., -2.], [3., nan, 2.]]), dim=1))
print(torch.aminmax(torch.tensor([[nan, 5.], [3., nan]]), dim=0))
print(signs(torch.aminmax(torch.tensor([-0., 0.]))), signs(torch.aminmax(torch.tensor([0., -0.]))))
print(signs(torch.aminmax(torch.tensor([-0., 0.]), dim=0)), signs(torch.aminmax(torch.tensor([0., -0.]), dim=0)))
for dtype in (torch.int64, torch.int32, torch.uint8, torch.bool, torch.bfloat16, torch.float64):
    t = torch.tensor([[3, 1, 2], [0, 7, 5]]).to(dtype)
    print(dtype, t.aminmax())
    attempt(lambda: t.aminmax(dim=1))
print(torch.aminmax(torch.tensor(3.)), torch.aminmax(torch.tensor(3.), dim=0), torch.aminmax(torch.zeros(0, 3), dim=1))
attempt(lambda: torch.tensor([1., 2.]).aminmax(0))
attempt(lambda: torch.aminmax(a, dim=5))
attempt(lambda: torch.aminmax(torch.tensor([])))
attempt(lambda: torch.aminmax(torch.zeros(0, 3), dim=0))
attempt(lambda: torch.aminmax(torch.tensor([1., 2.]).half()))

x = torch.tensor([[1., 5.], [3., 2.]], requires_grad=True)
m = torch.aminmax(x)
print(m, m.min.grad_fn.name(), m.min.grad_fn is m.max.grad_fn, m.min.requires_grad, m.min.grad_fn.next_functions)
attempt(lambda: m.max.backward())
attempt(lambda: torch.aminmax(x, dim=0).min.sum().backward())
y = torch.tensor([1., 2.])
print(torch.aminmax(y).min.grad_fn, torch.aminmax(torch.stack([x[0], y])).max.grad_fn.next_functions)
with torch.no_grad():
    print(torch.aminmax(x))
with fwAD.dual_level():
    attempt(lambda: torch.aminmax(fwAD.make_dual(torch.tensor([1., 2.]), torch.tensor([1., 1.]))))
