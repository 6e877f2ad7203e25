# The gradient passed to backward must have the output's shape.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
y.backward(torch.ones(2))
