# once_differentiable: first-order grads work; differentiating the result again raises; grad_fn of the result is "Error".
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
        print("in backward: grad enabled", torch.is_grad_enabled())
        return 3 * x ** 2 * g


x = torch.tensor(2.0, requires_grad=True)
y = Cube.apply(x)
y.backward()
print(x.grad)
g, = torch.autograd.grad(Cube.apply(x), x, create_graph=True)
print(g, g.requires_grad, g.grad_fn)
seed = torch.tensor(1.0, requires_grad=True)
g, = torch.autograd.grad(Cube.apply(x), x, grad_outputs=seed, create_graph=True)
print(g, g.grad_fn.name(), type(g.grad_fn).__name__)
try:
    g.backward()
except RuntimeError as e:
    print(type(e).__name__, e)
