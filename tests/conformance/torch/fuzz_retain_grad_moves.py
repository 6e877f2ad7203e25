# Found by the differential fuzzer: retain_grad() follows a tensor to its new grad_fn, after an
# in-place op on it or on its view, and when a view's history is regenerated because its base
# changed; the tensor's other hooks stay with the old grad_fn.
import torch

x = torch.ones(2, 2, requires_grad=True)
v = x.squeeze()
v.retain_grad()
v.register_hook(lambda g: print('hook v', g.sum()))
with torch.no_grad():
    x.add_(1)
v.sum().backward()
print(type(v.grad_fn).__name__, v.retains_grad, v.grad)

d = x * 1
d.retain_grad()
d.mul_(2)
(d * 3).sum().backward()
print(d.grad, type(d.grad_fn).__name__)

c = x * 1
part = c[:1]
part.retain_grad()
part.mul_(4)
(part * 5).sum().backward()
print(part.grad, type(part.grad_fn).__name__)

w = x * 1
u = w[0]
u.retain_grad()
w.mul_(2)
(u * 3).sum().backward()
print(u.grad, type(u.grad_fn).__name__)
