# mark_dirty for an in-place custom Function: the input object is returned and its grad_fn becomes the Function's node.
import torch


class MulTwoInplace(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(2)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, g):
        return g * 2


x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x + 1
print(h.grad_fn.name(), h._version)
y = MulTwoInplace.apply(h)
print(y, y is h, h.grad_fn.name(), h._version)
(y * y).sum().backward()
print(x.grad)
try:
    MulTwoInplace.apply(x)
except RuntimeError as e:
    print(type(e).__name__, e)
print(x)
