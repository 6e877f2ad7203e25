# Returning too many or too few gradients from a custom Function's backward.
import torch


class TooMany(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2, g


class TooFew(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        return x * k

    @staticmethod
    def backward(ctx, g):
        return g


class ExtraNones(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2, None, None


x = torch.tensor([1.0, 2.0], requires_grad=True)
for fn, args in [(TooMany, (x,)), (TooFew, (x, 3)), (ExtraNones, (x,))]:
    try:
        fn.apply(*args).sum().backward()
        print(fn.__name__, "ok", x.grad)
    except RuntimeError as e:
        print(fn.__name__, type(e).__name__, e)
