# The version counter: every in-place op bumps it, views share it, out-of-place ops do not.
import torch

x = torch.ones(3)
print(x._version)
x.add_(1)
print(x._version)
x.mul_(2)
x += 1
x *= 0.5
print(x._version, x)
v = x[1:]
v.zero_()
print(x._version, v._version, x)
y = x + 1
print(y._version)
x[0] = 7.0
print(x._version, x)
x.copy_(torch.tensor([1.0, 2.0, 3.0]))
x.fill_(4.0)
print(x._version, x)
with torch.no_grad():
    x.sub_(1)
print(x._version)
d = x.detach()
d.div_(3)
print(x._version, d._version, x)
x.data.mul_(3)
print(x._version, x)
