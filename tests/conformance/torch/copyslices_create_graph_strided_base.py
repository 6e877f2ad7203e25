# CopySlices under create_graph over a base laid out transposed (a division of a .T view):
# the region of the gradient is read where the base lays it out, through 1.13's graph.
import torch
t11 = torch.tensor([[1.0, -0.5, 0.25], [2.0, 3.0, -1.0]], requires_grad=True)
t13 = torch.tensor([[-0.662, 0.805], [-0.781, -2.219], [1.225, 1.99]])
for t12 in [t11.T, t11.T * 1, t11.detach().T.requires_grad_()]:
    t14 = t12 / t13
    t15 = t14.select(0, 1)
    t18 = torch.tensor([-3.0, -2.0], requires_grad=True)
    t15.mul_(t18)
    print(torch.autograd.grad(t15.sum(), [t18], create_graph=True))
