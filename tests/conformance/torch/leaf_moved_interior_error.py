# A leaf view becomes part of the graph interior when its base is later modified by an op that requires grad.
import torch

x = torch.zeros(3)
v = x[0:2]
v.requires_grad_()
print(v.is_leaf)
y = (v * 2).sum()
w = torch.ones(3, requires_grad=True)
x.mul_(w)
print(v.is_leaf, v.grad_fn)
y.backward()
