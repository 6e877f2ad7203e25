# Shapes that cannot be broadcast together.
import torch

a = torch.ones(2, 3, requires_grad=True)
b = torch.ones(2, requires_grad=True)
print(a.shape, b.shape)
c = a * b
