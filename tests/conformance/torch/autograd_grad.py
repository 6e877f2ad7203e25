# torch.autograd.grad returns gradients instead of accumulating into .grad.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
out = (x * y).sum()
gx, gy = torch.autograd.grad(out, [x, y])
print(gx, gy, x.grad, y.grad)
out2 = (x ** 2).sum()
(g,) = torch.autograd.grad(out2, x, retain_graph=True)
print(g)
print(torch.autograd.grad(out2, x))
v = x * 2
print(torch.autograd.grad(v, x, grad_outputs=torch.tensor([1.0, -1.0])))
print(torch.autograd.grad([x.sum(), (x * 3).sum()], [x]))
