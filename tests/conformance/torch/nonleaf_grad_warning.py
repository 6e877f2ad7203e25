# Reading .grad of a non-leaf tensor warns and returns None.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.sum().backward()
print(y.grad)
print(x.grad)
