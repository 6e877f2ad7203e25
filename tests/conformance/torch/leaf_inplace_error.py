# A leaf that requires grad cannot be modified in place while grad mode is on.
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
print(w.is_leaf, w.requires_grad)
w -= 0.1 * torch.ones(2)
