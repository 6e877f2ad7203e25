# nn.ZeroPad2d, nn.ConstantPad1d / 2d / 3d over F.pad's constant mode: reprs, values,
# ConstantPadNdBackward0 and its gradient, negative padding (cropping), errors.
import torch
import torch.nn as nn

x = torch.arange(1., 13.).reshape(1, 3, 4).requires_grad_()
for m in (nn.ZeroPad2d(1), nn.ZeroPad2d((1, 0, 2, 0)), nn.ConstantPad1d(2, 3.5), nn.ConstantPad1d((0, 1), -1),
          nn.ConstantPad2d((1, 1, 0, 1), 7), nn.ConstantPad2d(1, 0.5), nn.ZeroPad2d((-1, 1, 0, -1)),
          nn.ConstantPad3d(1, 2.)):
    y = m(x)
    print(m, m.padding, m.value)
    print(y, y.grad_fn.name(), y.grad_fn._saved_pad)
    x.grad = None
    y.backward(torch.arange(float(y.numel())).reshape(y.shape))
    print(x.grad)
net = nn.Sequential(nn.ZeroPad2d(1), nn.Conv2d(1, 1, 3, bias=False))
with torch.no_grad():
    net[1].weight.fill_(1.)
print(net, net(torch.ones(1, 1, 3, 3)))
print(nn.ZeroPad2d(2)(torch.ones(2, 2, dtype=torch.int64)), nn.ConstantPad1d(1, 2)(torch.tensor([[True, False]])))
for m, t in ((nn.ConstantPad2d(3, 0.), torch.ones(2)), (nn.ZeroPad2d((-3, 0, 0, 0)), torch.ones(2, 2))):
    try:
        print(m(t))
    except Exception as e:
        print(type(e).__name__, e)
