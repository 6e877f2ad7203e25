# In-place on a view rewrites the base's history: the base's grad_fn becomes CopySlices.
import torch

a = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
b = a * 1
print(b.grad_fn)
view = b[1:3]
print(view.grad_fn)
view.mul_(10)
print(b.grad_fn, view.grad_fn)
print(b, b._version)
b.sum().backward()
print(a.grad)
c = torch.zeros(3)
w = torch.tensor([5.0], requires_grad=True)
c[0:1] = w * 2
print(c, c.grad_fn, c.is_leaf, c.requires_grad)
c.sum().backward()
print(w.grad)
print(c.grad_fn.next_functions)
