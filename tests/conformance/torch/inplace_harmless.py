# In-place after ops whose backward does not need the modified value is allowed.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x + 1         # AddBackward0 saves nothing
y.mul_(3)         # fine: nobody needs y's old value
z = y * 2         # MulBackward0 saves y (at version 1) and nothing else needed
print(y._version, z.grad_fn)
z.sum().backward()
print(x.grad)
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a.exp()       # ExpBackward0 saves its result b
c = b.sum()
print(b._version)
d = a * 3
e = d.sin()       # SinBackward0 saves d
d2 = d + 0
d2.add_(1)        # d2 is not saved by anyone
(e.sum() + d2.sum() + c).backward()
print(a.grad)
