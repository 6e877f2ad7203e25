# nn.Parameter: a leaf that requires grad and prints "Parameter containing:".
import torch
import torch.nn as nn

p = nn.Parameter(torch.tensor([1.0, 2.0]))
print(p)
print(p.requires_grad, p.is_leaf, p.grad_fn)
q = nn.Parameter(torch.zeros(2), requires_grad=False)
print(q)
print(q.requires_grad)
y = p * 2
print(y)
print(type(y).__name__, type(p).__name__)
print(p.detach())
print(p.data)
