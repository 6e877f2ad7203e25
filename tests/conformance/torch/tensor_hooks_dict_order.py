# Where a tensor's hooks run in 1.13: all its hooks form one dict, placed among the node's
# pre-hooks when the first is registered (so retain_grad sees the hooks registered before
# it and, if one came first, after it too), and that dict stays on the node it joined when
# an in-place op gives the tensor a new grad_fn.
import torch

a = torch.tensor([1.0], requires_grad=True)
b = a * 1
b.register_hook(lambda g: g * 3)
b.retain_grad()
b.register_hook(lambda g: g * 5)
b.sum().backward()
print(b.grad, a.grad)
c = a * 1
c.retain_grad()
c.register_hook(lambda g: g * 7)
c.sum().backward()
print(c.grad, a.grad)
d = a * 1
d.register_hook(lambda g: print("hook sees", g.clone()))
d.retain_grad()
d.register_hook(lambda g: g * 2)
d.sum().backward()
print(d.grad, a.grad)

a2 = torch.tensor([1.0, 2.0], requires_grad=True)
e = a2 * 1
e.register_hook(lambda g: print("h1", g) or g * 3)
e.mul_(2)
e.register_hook(lambda g: print("h2", g) or g * 5)
e.sum().backward()
print(a2.grad)
f = a2 * 1
f.mul_(2)
f.register_hook(lambda g: print("h3", g) or g * 5)
f.sum().backward()
print(a2.grad)
