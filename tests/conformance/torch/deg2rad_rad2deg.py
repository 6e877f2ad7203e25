# torch.deg2rad / rad2deg (and their methods and in-place forms): mul by a wrapped constant,
# integral and bool inputs to the default dtype, float16 / bfloat16 rounding, Deg2RadBackward0 /
# Rad2DegBackward0 (no saved tensors; MulBackward0 under create_graph), versions and errors.
import torch

torch.manual_seed(3)
for dtype in (torch.float32, torch.float64, torch.float16, torch.bfloat16):
    x = (torch.randn(12) * 200).to(dtype)
    print(dtype, torch.deg2rad(x).tolist(), torch.rad2deg(x).tolist(), x.deg2rad().dtype)
print(torch.deg2rad(torch.tensor([180, -90, 1])), torch.rad2deg(torch.tensor([True, False])), torch.deg2rad(torch.tensor([3], dtype=torch.uint8)))
t = torch.randn(3, 4).t()
print(torch.deg2rad(t).stride(), torch.rad2deg(t[::2]).stride())

x = torch.randn(6, requires_grad=True)
for f in (torch.deg2rad, torch.rad2deg):
    y = f(x)
    print(y.tolist(), y.grad_fn.name(), [k for k in dir(y.grad_fn) if k.startswith('_saved')], [n[0].name() for n in y.grad_fn.next_functions])
    y.backward(torch.arange(6.))
    print(x.grad.tolist())
    x.grad = None
    g, = torch.autograd.grad(f(x), x, torch.ones(6, requires_grad=True), create_graph=True)
    print(g.tolist(), g.grad_fn.name(), len(g.grad_fn.next_functions))

w = x.detach().clone().requires_grad_()
for op in ('deg2rad_', 'rad2deg_'):
    v = w * 2
    out = getattr(v, op)()
    print(op, out is v, v._version, v.grad_fn.name(), v.tolist())
    v.sum().backward()
    print(w.grad.tolist())
    w.grad = None
u = torch.tensor([90., 45.])
print(torch.deg2rad_(u), u._version, torch.rad2deg_(u), u._version)

import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([1., 2.]), torch.tensor([3., -4.]))
    print(fwAD.unpack_dual(torch.deg2rad(d)).tangent, fwAD.unpack_dual(torch.rad2deg(d)).tangent)

for call in (lambda: torch.tensor([1, 2]).deg2rad_(), lambda: torch.tensor([True]).rad2deg_(), lambda: x.deg2rad_(),
             lambda: torch.deg2rad(x, 1), lambda: torch.deg2rad(2), lambda: x.rad2deg(1)):
    try:
        print(call())
    except (TypeError, RuntimeError) as e:
        print(type(e).__name__, e)
