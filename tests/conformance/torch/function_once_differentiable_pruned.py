# Surprising in 1.13: autograd.grad silently skips the once_differentiable Error node when it has no path to the inputs.
import torch
from torch.autograd.function import once_differentiable


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    @once_differentiable
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return 3 * x ** 2 * g


x = torch.tensor(2.0, requires_grad=True)
y = Cube.apply(x) * x
g, = torch.autograd.grad(y, x, create_graph=True)
print(g, g.grad_fn.name(), [n[0].name() for n in g.grad_fn.next_functions])
g2, = torch.autograd.grad(g, x, retain_graph=True)
print(g2)
try:
    g.backward()
except RuntimeError as e:
    print(type(e).__name__, e)
print(x.grad)
