# nn.Linear: shapes, parameters, bias=False, and a forward pass with explicit weights.
import torch
import torch.nn as nn

lin = nn.Linear(3, 2)
print(lin)
print(lin.weight.shape, lin.bias.shape, lin.weight.requires_grad, lin.weight.is_leaf)
print(type(lin.weight).__name__, isinstance(lin.weight, nn.Parameter), isinstance(lin.weight, torch.Tensor))
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[1.0, 0.0, -1.0], [0.5, 0.5, 0.5]]))
    lin.bias.fill_(0.25)
print(lin.weight)
print(lin.bias)
x = torch.tensor([[1.0, 2.0, 3.0], [0.0, -1.0, 1.0]])
y = lin(x)
print(y)
print(y.grad_fn, y.grad_fn.next_functions)
y.sum().backward()
print(lin.weight.grad, lin.bias.grad)
nb = nn.Linear(4, 1, bias=False)
print(nb, nb.bias)
print(nn.Linear(5, 3)(torch.zeros(7, 5)).shape)
