# torch.rsub(input, other, alpha=...): other - alpha * input, fused as sub's kernel for both
# overloads (RsubBackward0 for a tensor other, RsubBackward1 for a number), promotion,
# gradients (maybe_multiply under create_graph), forward AD and the argument errors.
import torch

torch.manual_seed(0)
a = torch.randn(37, requires_grad=True)
b = torch.randn(37, requires_grad=True)
for alpha in [1, 2, 0.1, -3.7, 1e-3]:
    r = torch.rsub(a, b, alpha=alpha)
    print(alpha, r.grad_fn.name(), r.grad_fn._saved_alpha, r.tolist()[:6], r.sum().item())
    print(torch.rsub(a, 0.3, alpha=alpha).tolist()[:5], torch.rsub(a, 2, alpha).grad_fn.name())
r = torch.rsub(a, b, alpha=0.7)
r.backward(torch.arange(37.))
print(a.grad.tolist()[:5], b.grad.tolist()[:5])
a.grad = b.grad = None
torch.rsub(a, 1.5).sum().backward()
print(a.grad.tolist()[:3], b.grad)

x = torch.randn(4, 3, dtype=torch.float64)
print(torch.rsub(x, torch.randn(3), alpha=0.25).tolist())
print(torch.rsub(torch.tensor([1, 2, 3]), torch.tensor([10, 20, 30]), alpha=2))
print(torch.rsub(torch.tensor([1, 2, 3]), torch.tensor([0.5])), torch.rsub(torch.tensor([1, 2, 3]), 2.5, 2))
print(torch.rsub(torch.tensor([1, 2], dtype=torch.uint8), torch.tensor(3)), torch.rsub(torch.tensor([1., 2.], dtype=torch.float16), 3))
print(torch.rsub(torch.tensor([1, 2]), torch.tensor([1, 2]), alpha=torch.tensor(2)))

w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
v = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
g, = torch.autograd.grad(torch.rsub(w, v, alpha=3), w, torch.tensor([1., 2., 3.], requires_grad=True), create_graph=True)
print(g, g.grad_fn.name(), g.grad_fn.next_functions[0][0].name())

import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([1., 2.]), torch.tensor([0.5, -1.]))
    print(fwAD.unpack_dual(torch.rsub(d, torch.tensor([3., 4.]), alpha=2)).tangent)
    print(fwAD.unpack_dual(torch.rsub(torch.tensor([3., 4.]), d, alpha=2)).tangent)

for call in (lambda: torch.rsub(torch.tensor([True]), torch.tensor([False])),
             lambda: torch.rsub(a, True),
             lambda: torch.rsub(a, b, alpha=True),
             lambda: torch.rsub(torch.tensor([1, 2]), torch.tensor([1, 2]), alpha=1.5),
             lambda: torch.rsub(a, "x"),
             lambda: torch.rsub(2, a),
             lambda: torch.rsub(a, torch.ones(2)),
             lambda: a.rsub):
    try:
        print(call())
    except (TypeError, RuntimeError, AttributeError) as e:
        print(type(e).__name__, e)
