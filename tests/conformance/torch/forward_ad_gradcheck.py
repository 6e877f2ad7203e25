# torch.autograd.gradcheck with check_forward_ad=True: the Jacobian built from forward-mode
# AD (one basis tangent at a time) compared with finite differences, alone and with the
# backward check; a wrong custom jvp is reported.
import torch
from torch.autograd import gradcheck


def data(*shape, shift=0.0):
    n = 1
    for s in shape:
        n *= s
    return (torch.tensor([((i * 7 + 1) % 10 - 4.5) * 0.21 + shift for i in range(n)], dtype=torch.float64)
            .reshape(shape).requires_grad_())


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_forward(x)
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return 3 * x ** 2 * g

    @staticmethod
    def jvp(ctx, x_t):
        x, = ctx.saved_tensors
        return 3 * x ** 2 * x_t


class WrongJvp(Cube):
    @staticmethod
    def jvp(ctx, x_t):
        x, = ctx.saved_tensors
        return 2 * x ** 2 * x_t


a = data(2, 3)
b = data(3, 2, shift=0.3)
v = data(3, shift=-0.2)
p = data(2, 3, shift=3.0)

checks = [
    ("pointwise", lambda x, y: (x * y.t()).exp() / (1 + x ** 2) - y.t().sin(), (a, b)),
    ("matmul", lambda x, y: torch.nn.functional.linear(x, y.t(), v[:2].detach()), (a, b)),
    ("reductions", lambda x: (x.sum(0), x.mean(1), x.max(1)[0]), (a,)),
    ("softmax", lambda x: torch.log_softmax(x, 1) * torch.softmax(x, 0), (a,)),
    ("views", lambda x: torch.cat([x.t(), x.view(3, 2)], 1)[1:, ::2].unsqueeze(0), (a,)),
    ("pow", lambda x, y: x ** y.t() + x.sqrt(), (p, b)),
    ("sigmoid relu", lambda x: x.sigmoid() * x.relu() + x.abs(), (a,)),
    ("cube", Cube.apply, (a,)),
]
for name, fn, inputs in checks:
    print(name, gradcheck(fn, inputs, check_forward_ad=True, check_backward_ad=False,
                          check_undefined_grad=False, check_batched_grad=False))
    print(name, "both", gradcheck(fn, inputs, check_forward_ad=True))

print(gradcheck(WrongJvp.apply, (a,), check_forward_ad=True, check_backward_ad=False,
                check_undefined_grad=False, raise_exception=False))
try:
    gradcheck(WrongJvp.apply, (v,), check_forward_ad=True, check_backward_ad=False, check_undefined_grad=False)
except Exception as e:
    print(type(e).__name__)
    print(e)
