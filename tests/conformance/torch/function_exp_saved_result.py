# Custom Function saving its output (the Exp example), ctx.needs_input_grad, and the grad_fn names.
import torch


class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_output):
        result, = ctx.saved_tensors
        return grad_output * result


class Mul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        print("needs_input_grad", ctx.needs_input_grad)
        ctx.save_for_backward(a, b)
        return a * b

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        print("backward needs_input_grad", ctx.needs_input_grad)
        ga = g * b if ctx.needs_input_grad[0] else None
        gb = g * a if ctx.needs_input_grad[1] else None
        return ga, gb


x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
y = Exp.apply(x)
print(y, y.grad_fn.name(), type(y.grad_fn).__name__, y.requires_grad, y.is_leaf)
print(y.grad_fn.next_functions[0][0].name())
y.sum().backward()
print(x.grad)
c = torch.tensor([2.0, 3.0, 1.0])
m = Mul.apply(x, c)
print(m, m.grad_fn.name())
m.sum().backward()
print(x.grad)
with torch.no_grad():
    n = Mul.apply(x, c)
print(n, n.requires_grad, n.grad_fn)
print(Exp.apply(c), Exp.apply(c).grad_fn)
