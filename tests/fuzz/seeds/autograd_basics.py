import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
w = torch.ones(3, requires_grad=True)
y = (x * w).sum() ** 2
y.backward()
print(x.grad, w.grad, y.grad_fn, y.grad_fn.next_functions)
z = x.exp().mean()
z.backward()
print(x.grad, x.is_leaf, z.is_leaf, x._version)
