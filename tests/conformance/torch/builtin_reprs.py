# Forgotten parentheses print what the attribute is: PyTorch's methods and functions are
# CPython built-ins (method descriptors of torch._C._TensorBase, built-in methods of
# torch._C._VariableFunctionsClass, built-in functions of torch._C._nn).
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
loss = (x * x).sum()
print(loss.item)
print(x.sum)
print(x.size)
print(x.backward)
print(torch.Tensor.add)
print(torch.Tensor.__add__)
print(x.__mul__)
print(torch.Tensor.shape)
print(torch.Tensor.requires_grad)
print(torch.zeros)
print(torch.sum)
print(F.gelu)
print(type(loss.item).__name__, type(torch.Tensor.sum).__name__, type(torch.add).__name__)
print(loss.item.__qualname__, torch.Tensor.sum.__qualname__, torch.add.__qualname__)
print(loss.item.__self__ is loss, loss.item.__name__)
print(torch.Tensor.mean.__objclass__)
print(torch.add.__module__, F.gelu.__module__)
print(torch.Tensor.__mro__[1])
p = nn.Parameter(torch.ones(2))
print(p.add)
print(torch.Tensor.sum(x), torch.Tensor.add(x, 1, alpha=2))
print(torch.Tensor.__add__(x, 1), x.__radd__(1))
print(callable(loss.item), loss.item(), loss.item.__call__())
f = x.mul
print(f(2), f(other=3))
try:
    print(loss.item + 1)
except TypeError as e:
    print('TypeError:', e)
try:
    x.shape = (3,)
except AttributeError as e:
    print('AttributeError:', e)
try:
    torch.Tensor.add(1, 2)
except TypeError as e:
    print('TypeError:', e)
try:
    x.item.foo = 1
except AttributeError as e:
    print('AttributeError:', e)
