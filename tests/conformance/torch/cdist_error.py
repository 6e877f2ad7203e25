# torch.cdist with inputs whose column counts differ: 1.13's RuntimeError.
import torch

x1 = torch.randn(2, 3, requires_grad=True)
x2 = torch.randn(4, 5)
print(torch.cdist(x1, x1.detach()).grad_fn.name())
torch.cdist(x1, x2)
