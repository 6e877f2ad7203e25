# 1.13 has no forward formula for _log_softmax_backward_data: forward-over-reverse through
# log_softmax (whose backward reads its saved output, which keeps its tangent) raises.
import torch
import torch.nn.functional as F
import torch.autograd.forward_ad as fwAD

x0 = torch.tensor([[0.5, -1.0, 2.0], [0.25, 0.0, -0.75]])
v = torch.tensor([[1.0, 0.5, -0.5], [2.0, -1.0, 0.125]])
w = torch.tensor([[0.0, 1.0, -1.0], [2.0, 0.5, 0.0]])
with fwAD.dual_level():
    x = fwAD.make_dual(x0.clone().requires_grad_(), v)
    loss = (F.log_softmax(x, 1) * w).sum()
    print(loss)
    torch.autograd.grad(loss, x, create_graph=True)
