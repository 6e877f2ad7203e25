# requires_grad_() and the requires_grad attribute on leaves.
import torch

x = torch.ones(2)
print(x.requires_grad)
print(x.requires_grad_())
print(x.requires_grad)
x.requires_grad_(False)
print(x.requires_grad)
x.requires_grad = True
y = (x * 3).sum()
y.backward()
print(x.grad)
p = torch.zeros(2).requires_grad_()
print(p.is_leaf, p.requires_grad)
q = p * 2
print(q.requires_grad_(True) is q)
try:
    q.requires_grad_(False)
except RuntimeError as e:
    print(e)
try:
    q.requires_grad = False
except RuntimeError as e:
    print(e)
