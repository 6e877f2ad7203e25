# mark_non_differentiable outputs (an int64 sign here; PyTorch's docs use sort's indices) do not require grad; backward still receives a (zero) gradient for them.
import torch


class ScaleWithSign(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        values = x * 2
        sign = (x > 2).long()
        ctx.mark_non_differentiable(sign)
        ctx.save_for_backward(sign)
        return values, sign

    @staticmethod
    def backward(ctx, g_values, g_sign):
        print("g_sign", g_sign)
        sign, = ctx.saved_tensors
        return g_values * 2 + sign


class Twice(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x * 2
        ctx.mark_non_differentiable(y)
        return y

    @staticmethod
    def backward(ctx, g):
        return g * 2


x = torch.tensor([3.0, 1.0, 2.0], requires_grad=True)
v, i = ScaleWithSign.apply(x)
print(v, i, v.requires_grad, i.requires_grad, i.grad_fn, v.grad_fn.name())
(v * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
print(x.grad)
t = Twice.apply(x)
print(t, t.requires_grad, t.grad_fn, t.is_leaf)
