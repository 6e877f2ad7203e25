# Uncaught: torch.autograd.grad through a reentrant checkpoint is not supported.
import torch
from torch.utils.checkpoint import checkpoint

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = checkpoint(lambda t: t.sin() * t, x)
print(y)
print(torch.autograd.grad(y.sum(), x))
