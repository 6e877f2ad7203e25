# Non-tensor arguments to a custom Function: stored on ctx, backward returns None for them; needs_input_grad is False there.
import torch


class ScaleShift(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, scale, shift, name):
        ctx.scale = scale
        print("forward", name, ctx.needs_input_grad)
        return x * scale + shift

    @staticmethod
    def backward(ctx, g):
        return g * ctx.scale, None, None, None


x = torch.tensor([1.0, -2.0], requires_grad=True)
y = ScaleShift.apply(x, 3, 0.5, "first")
print(y, y.grad_fn.name())
y.sum().backward()
print(x.grad)
w = torch.tensor([2.0, 2.0], requires_grad=True)
z = ScaleShift.apply(x, 2.0, w, "tensor shift")
z.sum().backward()
print(x.grad, w.grad)
