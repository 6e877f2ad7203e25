# nn.BatchNorm3d after an nn.Conv3d: repr, training and eval statistics, running
# buffers, gradients, and the input check.
import torch
from torch import nn

torch.manual_seed(0)
conv = nn.Conv3d(2, 3, 3, padding=1)
bn = nn.BatchNorm3d(3)
print(bn, nn.BatchNorm3d(4, momentum=None, affine=False))
x = torch.randn(2, 2, 3, 4, 4)
y = bn(conv(x))
print(y.grad_fn.name(), y[1, 2, 1].tolist())
print(bn.running_mean.tolist(), bn.running_var.tolist(), bn.num_batches_tracked.item())
y.pow(2).sum().backward()
print(bn.weight.grad.tolist(), bn.bias.grad.tolist())
print(conv.weight.grad[0, 1, 2].tolist())
bn.eval()
print(bn(conv(x))[0, 0, 0].tolist())
try:
    bn(torch.randn(2, 3, 4, 4))
except ValueError as e:
    print(type(e).__name__, e)
