# A third backward through a transposed convolution with output_padding fails in 1.13: the
# double backward (_convolution_double_backward) computes the weight's gradient with a plain
# convolution that keeps the output_padding, and convolution_backward refuses it.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(1, 2, 4, 4, dtype=torch.float64, requires_grad=True)
w = torch.randn(2, 3, 3, 3, dtype=torch.float64, requires_grad=True)
y = F.conv_transpose2d(x, w, stride=2, output_padding=1)
gx, gw = torch.autograd.grad(y.pow(2).sum(), (x, w), create_graph=True)
sx, sw = torch.autograd.grad(gx.pow(2).sum() + gw.pow(2).sum(), (x, w), create_graph=True)
print(type(sx.grad_fn).__name__, type(sw.grad_fn).__name__, sw.sum().item())
# In 1-d the padding is printed before the convolution is widened to 2-d.
x1 = torch.randn(1, 2, 5, dtype=torch.float64, requires_grad=True)
w1 = torch.randn(2, 2, 3, dtype=torch.float64, requires_grad=True)
gx1, gw1 = torch.autograd.grad(F.conv_transpose1d(x1, w1, stride=3, output_padding=2).pow(2).sum(), (x1, w1),
                               create_graph=True)
sw1, = torch.autograd.grad(gx1.pow(2).sum(), w1, create_graph=True)
try:
    torch.autograd.grad(sw1.sum(), w1)
except RuntimeError as e:
    print(e)
torch.autograd.grad(sw.sum(), (x, w))
