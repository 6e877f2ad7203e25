# zeta's derivative in x is not implemented in 1.13: the gradient in q flows, then a
# backward that reaches x stops with NotImplementedError from SpecialZetaBackward0.
import torch

x = torch.tensor([2.0, 3.0, 4.5], requires_grad=True)
q = torch.tensor([1.0, 0.5, 3.0], requires_grad=True)
print(torch.autograd.grad(torch.special.zeta(x.detach(), q).sum(), q))
y = torch.special.zeta(x, q)
print(y)
y.sum().backward()
