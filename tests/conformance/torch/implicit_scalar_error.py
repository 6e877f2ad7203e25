# backward() without a gradient on a tensor with more than one element.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.backward()
