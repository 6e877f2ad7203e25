# The in-place methods: return self, change the values, and record a grad_fn.
import torch

w = torch.tensor([-1.0, 0.5, 2.0], requires_grad=True)
x = w * 1
print(x.add_(1) is x, x, x.grad_fn)
x.sub_(0.5, alpha=2)
print(x, x.grad_fn)
x.mul_(torch.tensor([1.0, 2.0, 3.0]))
print(x, x.grad_fn)
x.div_(2)
print(x, x.grad_fn)
x.pow_(2)
print(x, x.grad_fn)
x.clamp_(0, 3)
print(x, x.grad_fn)
x.exp_()
print(x, x.grad_fn)
x.sum().backward()
print(w.grad)
y = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True) * 1
print(y.relu_(), y.grad_fn)
y2 = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True) * 1
print(y2.sigmoid_(), y2.tanh_(), y2.grad_fn)
z = torch.zeros(2)
z.add_(torch.ones(2), alpha=3)
z.sub_(1)
print(z, z.grad_fn)
t = torch.tensor([1.0, 2.0])
t += torch.tensor([0.5, 0.5])
t -= 1
t /= 2
print(t)
