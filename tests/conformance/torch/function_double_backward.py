# Double backward through a custom Function whose backward uses differentiable ops.
import torch


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return 3 * x ** 2 * g


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = Cube.apply(x)
print(y, y.grad_fn.name())
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
print(g, g.grad_fn.name())
g2, = torch.autograd.grad(g.sum(), x, create_graph=True)
print(g2, g2.grad_fn.name())
g2.sum().backward()
print(x.grad)
z = Cube.apply(Cube.apply(x))
gz, = torch.autograd.grad(z.sum(), x, create_graph=True)
print(gz, gz.grad_fn.name())
ggz, = torch.autograd.grad(gz.sum(), x)
print(ggz)
