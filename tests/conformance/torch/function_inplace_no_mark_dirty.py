# Surprising in 1.13: modifying an input in place without mark_dirty does not raise; the output is a view of the input.
import torch


class MulTwoInplace(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(2)
        return x

    @staticmethod
    def backward(ctx, g):
        return g * 2


x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 1
y = MulTwoInplace.apply(h)
print(y, y is h, y._is_view(), h.grad_fn.name(), y.grad_fn.name(), h._version, y._version)
y.sum().backward()
print(x.grad)
leaf = torch.tensor([3.0, 4.0], requires_grad=True)
z = MulTwoInplace.apply(leaf)
print(z, leaf, z._is_view(), leaf.is_leaf, leaf._version)
z.sum().backward()
print(leaf.grad)
