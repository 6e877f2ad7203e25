# torch.nan_to_num / Tensor.nan_to_num / nan_to_num_: NaN, +inf and -inf replaced (defaults 0 and
# the dtype's extremes, float16 and bfloat16 too), integral inputs copied, NanToNumBackward0
# (grad * isfinite(self)), the in-place node and version, forward AD and argument errors.
import torch

inf, nan = float('inf'), float('nan')
x = torch.tensor([1.5, nan, inf, -inf, -0.0, 3e38, -2.5], requires_grad=True)
for kwargs in [{}, {'nan': 1.0}, {'posinf': 2}, {'neginf': -7.25, 'nan': -1e-3}, {'nan': 1e40}, {'posinf': 1e-46}]:
    y = torch.nan_to_num(x, **kwargs)
    print(kwargs, y.tolist(), y.grad_fn.name(), y.grad_fn._saved_self is x)
print(torch.nan_to_num(x, 9.0, 8.0, 7.0).tolist(), x.nan_to_num(posinf=5.0).tolist())
for dtype in (torch.float64, torch.float16, torch.bfloat16):
    t = torch.tensor([1.5, nan, inf, -inf, 0.1], dtype=dtype)
    print(dtype, torch.nan_to_num(t).tolist(), torch.nan_to_num(t, 0.3, 1e5, -1e5).tolist())
i = torch.tensor([[1, 2], [3, 4]]).t()
r = torch.nan_to_num(i, nan=5.0)
i[0, 0] = 100
print(r, r.dtype, r.stride(), r._version, torch.nan_to_num(torch.tensor([True, False])))
print(torch.nan_to_num(torch.tensor([[nan, 1.], [2., inf]]).t()).stride())

y = torch.nan_to_num(x * 2, posinf=1.0)
y.backward(torch.arange(1., 8.))
print(x.grad.tolist())
g, = torch.autograd.grad(torch.nan_to_num(x), x, torch.ones(7, requires_grad=True), create_graph=True)
print(g.tolist(), g.grad_fn.name())

z = x.detach().clone().requires_grad_()
w = z * 1
v0 = w._version
out = w.nan_to_num_(nan=0.5, neginf=-1.0)
print(out is w, w._version - v0, w.grad_fn.name(), w.grad_fn._saved_self.tolist(), w.tolist())
w.sum().backward()
print(z.grad.tolist())
i2 = torch.tensor([1, 2])
print(torch.nan_to_num_(i2), i2._version, torch.nan_to_num_(torch.tensor([nan, 1.0]), 4.0))

import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([1., nan, inf]), torch.tensor([2., 3., 4.]))
    print(fwAD.unpack_dual(torch.nan_to_num(d)).tangent)

for call in (lambda: torch.nan_to_num(x, nan="a"), lambda: torch.nan_to_num(x, "a"), lambda: x.nan_to_num("a"),
             lambda: x.nan_to_num(posinf=[1]), lambda: torch.nan_to_num(x, 1, 2, 3, 4), lambda: x.nan_to_num_(1, 2, 3, 4),
             lambda: torch.nan_to_num(x, foo=1), lambda: torch.nan_to_num([1.0]), lambda: x.nan_to_num_()):
    try:
        print(call())
    except (TypeError, RuntimeError) as e:
        print(type(e).__name__, e)
