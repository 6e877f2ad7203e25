# torch.autograd.gradcheck / gradgradcheck: passing and failing checks, the
# GradcheckError texts with their numerical and analytical Jacobians, fast mode.
import warnings

import torch
from torch.autograd import Function, gradcheck, gradgradcheck
from torch.autograd.gradcheck import GradcheckError
from torch.autograd.gradcheck import gradcheck as module_gradcheck


def attempt(label, fn):
    try:
        print(label, fn())
    except (GradcheckError, RuntimeError, ValueError) as e:
        print(label, type(e).__name__ + ":", e)


class BadSquare(Function):
    # backward forgets the factor 2
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad):
        x, = ctx.saved_tensors
        return grad * x


class GoodCube(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, grad):
        x, = ctx.saved_tensors
        return grad * 3 * x * x


class FirstOrderOnly(Function):
    # right first derivative, but its backward is not differentiable the right way
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.sin()

    @staticmethod
    def backward(ctx, grad):
        x, = ctx.saved_tensors
        return grad * x.detach().cos()


class Ignores(Function):
    # backward that is not multiplied by grad_output
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, grad):
        # right for the one-hot grad_outputs of the Jacobian, wrong for a zero one
        return grad * 2 + (1 - grad.abs().sum())


class TwoOutputs(Function):
    @staticmethod
    def forward(ctx, x, y):
        ctx.save_for_backward(x, y)
        return x * y, x + y

    @staticmethod
    def backward(ctx, g1, g2):
        x, y = ctx.saved_tensors
        return g1 * y + g2, g1 * x + g2


torch.manual_seed(0)
x = torch.tensor([0.5, -1.25, 2.0], dtype=torch.float64, requires_grad=True)
y = torch.tensor([1.5, 0.75, -0.5], dtype=torch.float64, requires_grad=True)
m = torch.tensor([[0.3, -0.2], [1.1, 0.4]], dtype=torch.float64, requires_grad=True)

print(gradcheck(GoodCube.apply, (x,)))
print(gradcheck(lambda a, b: (a * b).exp().sum(), (x, y)))
print(gradcheck(lambda a: a.tanh() @ a, (m,)))
print(gradcheck(TwoOutputs.apply, (x, y)))
print(gradcheck(lambda a: a.sigmoid(), x))
print(module_gradcheck(GoodCube.apply, x, eps=1e-4, atol=1e-3))
attempt("bad square", lambda: gradcheck(BadSquare.apply, (x,)))
attempt("bad square 2d", lambda: gradcheck(BadSquare.apply, (m,)))
print("no raise", gradcheck(BadSquare.apply, (x,), raise_exception=False))
attempt("ignores grad_output", lambda: gradcheck(Ignores.apply, (x,)))
attempt("second input", lambda: gradcheck(lambda a, b: BadSquare.apply(b) + a, (x, y)))
attempt("nothing requires grad", lambda: gradcheck(lambda a: a * 2, (x.detach(),)))
attempt("stride 0", lambda: gradcheck(lambda a: a * 2,
                                      (torch.tensor([1.0], dtype=torch.float64).expand(3).requires_grad_(),)))
print(gradcheck(lambda a, k: a * k, (x, 3)))
attempt("detached output", lambda: gradcheck(lambda a: (a * 2).detach(), (x,)))
print(gradcheck(lambda a: torch.ones(2, dtype=torch.float64), (x,)))
print(gradcheck(lambda a: (torch.ones(2, dtype=torch.float64), a * 2), (x,)))

# fast mode: v^T J u with random unit vectors
print(gradcheck(GoodCube.apply, (x,), fast_mode=True))
print(gradcheck(TwoOutputs.apply, (x, y), fast_mode=True))
attempt("fast bad square", lambda: gradcheck(BadSquare.apply, (x,), fast_mode=True))
print(torch.rand(2))  # the user's stream is not moved by fast mode

# second derivatives
print(gradgradcheck(GoodCube.apply, (x,), (torch.tensor([1.0, -0.5, 0.25], dtype=torch.float64),)))
print(gradgradcheck(lambda a, b: (a * b).exp(), (x, y)))
attempt("gradgrad first order only", lambda: gradgradcheck(
    FirstOrderOnly.apply, (x,), (torch.tensor([1.0, 2.0, -1.0], dtype=torch.float64, requires_grad=True),)))
print("gradgrad no raise", gradgradcheck(FirstOrderOnly.apply, (x,), raise_exception=False))
print(torch.rand(2))

# float32 inputs: a warning, and the default tolerances are too tight
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    ok = gradcheck(lambda a: a * a, (torch.tensor([1.0, 2.0], requires_grad=True),), raise_exception=False)
print(ok, [str(w.message) for w in caught])
attempt("float32 eps", lambda: gradcheck(lambda a: a * a, (torch.tensor([0.5, 2.0], requires_grad=True),),
                                         eps=1e-2, atol=1e-2))
