# Uncaught: a custom Function's backward returns two gradients for one input.
import torch


class TooMany(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.sin()

    @staticmethod
    def backward(ctx, g):
        return g, g


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = TooMany.apply(x)
print(y)
y.sum().backward()
