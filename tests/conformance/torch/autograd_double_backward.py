# create_graph=True makes the gradient itself differentiable: second derivatives.
import torch

x = torch.tensor(2.0, requires_grad=True)
y = x ** 3
(dy,) = torch.autograd.grad(y, x, create_graph=True)
print(dy, dy.requires_grad)
(d2y,) = torch.autograd.grad(dy, x)
print(d2y)
z = torch.tensor([1.0, 2.0], requires_grad=True)
f = (z.sin() * z).sum()
f.backward(create_graph=True)
print(z.grad)
g = z.grad.sum()
z.grad = None
g.backward()
print(z.grad)
w = torch.tensor(0.5, requires_grad=True)
t = w.tanh()
(g1,) = torch.autograd.grad(t, w, create_graph=True)
(g2,) = torch.autograd.grad(g1, w, create_graph=True)
(g3,) = torch.autograd.grad(g2, w)
# The grad_fn of higher-order gradients (TanhBackwardBackward0) is not compared.
print(g1.detach(), g2.detach(), g3, g1.requires_grad, g2.requires_grad)
