# Only floating point tensors can require gradients.
import torch

x = torch.tensor([1, 2, 3])
print(x.dtype)
x.requires_grad_()
