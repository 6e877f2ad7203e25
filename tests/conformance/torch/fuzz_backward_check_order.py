# Found by the differential fuzzer: backward checks its implicit gradients before it looks
# at any grad_fn, and CopySlices refuses to write a gradient into an expanded view.
import torch

x = torch.ones(2, 3, requires_grad=True)
base = x * 1
a, b = base.split(1)
base.add_(1)
for f in [lambda: a.backward(), lambda: torch.autograd.grad(b, x), lambda: a.sum().backward()]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)

y = torch.zeros(1, 1, requires_grad=True)
t8 = y * 1
t9 = t8.expand(2, 2, 2)
t9.zero_()
print(t8, type(t9.grad_fn).__name__, type(t8.grad_fn).__name__)
try:
    (t9 * 2).sum().backward()
except Exception as e:
    print(type(e).__name__, e)
z = torch.zeros(1, 1, requires_grad=True)
u = (z * 1).expand(3, 2)
u.fill_(2.)
try:
    (u * 3).sum().backward()
except Exception as e:
    print(type(e).__name__, e)
print(z.grad)
