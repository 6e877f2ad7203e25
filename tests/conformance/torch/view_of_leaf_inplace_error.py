# An in-place op on a view of a leaf that requires grad.
import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
first = w[0]
first.mul_(2)
