# Leaves and non-leaves: is_leaf, requires_grad, grad_fn, and who gets .grad.
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0])
c = a * b
d = b * 2
print(a.is_leaf, b.is_leaf, c.is_leaf, d.is_leaf)
print(a.requires_grad, b.requires_grad, c.requires_grad, d.requires_grad)
print(a.grad_fn, b.grad_fn, c.grad_fn, d.grad_fn)
c.sum().backward()
print(a.grad, b.grad)
e = c.detach()
print(e.is_leaf, e.requires_grad, e.grad_fn)
f = torch.ones(2, requires_grad=True).sum()
print(f.is_leaf)
g = a.detach().requires_grad_()
print(g.is_leaf, g.requires_grad)
print(a.retains_grad, c.retains_grad)
