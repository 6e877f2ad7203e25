# Assigning through indices writes in place and bumps the version counter.
import torch

t = torch.zeros(3, 4)
t[0] = 1.0
t[1, 2] = 5.0
t[:, 3] = torch.tensor([7.0, 8.0, 9.0])
t[2, :2] = torch.tensor([-1.0, -2.0])
print(t)
print(t._version)
x = torch.ones(4, requires_grad=True)
y = x * 2
y[1] = 0.0
print(y, y.grad_fn)
y.sum().backward()
print(x.grad)
z = torch.arange(6).reshape(2, 3)
z[..., -1] = 0
print(z)
