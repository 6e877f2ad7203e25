# A tensor saved for backward is modified in place: the version check fails.
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a.sigmoid()       # SigmoidBackward0 saves its result b (version 0)
print(b._version)
b.mul_(2)             # b is now at version 1
print(b._version, b.grad_fn)
b.sum().backward()
