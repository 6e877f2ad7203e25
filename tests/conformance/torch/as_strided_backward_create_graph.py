# The gradient a view's AsStridedBackward0 builds under create_graph (a view regenerated
# after its base changed in place): 1.13's as_strided_backward through differentiable ops,
# a view at _version 2 whose grad_fn is AsStridedBackward0 over CopySlices.
import torch
a = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
b = a * 1
v = b[:, 1:]
b.add_(1)
print(v.grad_fn.name())
y = (v ** 2).sum()
g, = torch.autograd.grad(y, b, create_graph=True)
print(g, g._version, g.is_leaf, g.grad_fn.name(), g._base is not None)
print([n[0].name() for n in g.grad_fn.next_functions])
g2, = torch.autograd.grad(g.sum(), a)
print(g2)
c = a * 1
w = c[0]
c.mul_(2)
gw, = torch.autograd.grad((w * w).sum(), c, create_graph=True)
print(gw, gw._version, gw.grad_fn.name())
