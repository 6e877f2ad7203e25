# 1.13 has no forward formula for log_sigmoid_backward: forward-over-reverse through
# logsigmoid raises (its first-order tangent works).
import torch
import torch.nn.functional as F
import torch.autograd.forward_ad as fwAD

x0 = torch.tensor([0.5, -1.0, 2.0, 0.25])
v = torch.tensor([1.0, 0.5, -0.5, 2.0])
with fwAD.dual_level():
    x = fwAD.make_dual(x0.clone().requires_grad_(), v)
    y = F.logsigmoid(x).pow(2).sum()
    print(fwAD.unpack_dual(y).tangent.item())
    torch.autograd.grad(y, x, create_graph=True)
