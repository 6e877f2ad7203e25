# Uncaught: ctx.saved_tensors after a saved input was modified in place raises the version-counter error.
import torch


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return 2 * x * g


a = torch.tensor([1.0, 2.0], requires_grad=True)
h = a * 1
y = Square.apply(h)
print(y, y.grad_fn.name())
h.add_(1)
print(h._version)
y.sum().backward()
