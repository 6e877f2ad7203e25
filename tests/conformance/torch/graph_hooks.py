# Tensor hooks: observe or replace a gradient; handle.remove() unregisters.
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
seen = []
h1 = y.register_hook(lambda g: seen.append(g.clone()))
h2 = y.register_hook(lambda g: g * 10)
y.sum().backward()
print(seen, x.grad)
h2.remove()
x.grad = None
y = x * 2
y.register_hook(lambda g: print("hook on new y", g))
y.sum().backward()
print(x.grad)
leaf_hook = x.register_hook(lambda g: g + 100)
(x * 1).sum().backward()
print(x.grad)
leaf_hook.remove()
(x * 1).sum().backward()
print(x.grad)


def double_it(grad):
    print("double_it got", grad)
    return grad * 2


z = torch.tensor(5.0, requires_grad=True)
w = z * z
w.register_hook(double_it)
w.backward()
print(z.grad)
