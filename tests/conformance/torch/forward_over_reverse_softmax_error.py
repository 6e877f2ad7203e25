# 1.13 has no forward formula for _softmax_backward_data: forward-over-reverse through
# softmax (whose backward reads its saved output, which keeps its tangent) raises.
import torch
import torch.autograd.forward_ad as fwAD

x0 = torch.tensor([0.5, -1.0, 2.0, 0.25], dtype=torch.float64)
v = torch.tensor([1.0, 0.5, -0.5, 2.0], dtype=torch.float64)
w = torch.arange(4.0, dtype=torch.float64)
with fwAD.dual_level():
    x = fwAD.make_dual(x0.clone().requires_grad_(), v)
    y = (torch.softmax(x, 0) * w).sum()
    print(y)
    torch.autograd.grad(y, x, create_graph=True)
