# The LegendrePolynomial3 custom Function of the polynomial_custom_function tutorial, with fixed data and a few steps.
import math
import torch


class LegendrePolynomial3(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return 0.5 * (5 * input ** 3 - 3 * input)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return grad_output * 1.5 * (5 * input ** 2 - 1)


x = torch.linspace(-math.pi, 2.0, 100)
y = torch.sin(x)
a = torch.full((), 0.0, requires_grad=True)
b = torch.full((), -1.0, requires_grad=True)
c = torch.full((), 0.0, requires_grad=True)
d = torch.full((), 0.3, requires_grad=True)
learning_rate = 5e-6
P3 = LegendrePolynomial3.apply
for t in range(5):
    y_pred = a + b * P3(c + d * x)
    loss = (y_pred - y).pow(2).sum()
    print(t, loss.detach())
    loss.backward()
    with torch.no_grad():
        for p in (a, b, c, d):
            p -= learning_rate * p.grad
            p.grad = None
print(f"Result: y = {a.item():.4f} + {b.item():.4f} * P3({c.item():.4f} + {d.item():.4f} x)")
print(a, b, c, d)
z = P3(torch.tensor([0.5, 1.0], requires_grad=True))
print(z, z.grad_fn.name(), type(z.grad_fn).__name__)
