# Forward-mode AD through a custom autograd.Function: jvp(ctx, *input_tangents) gives the
# output tangents; ctx attributes and save_for_forward are shared with forward; the
# errors PyTorch 1.13 raises when jvp is missing or returns the wrong things.
import torch
import torch.autograd.forward_ad as fwAD


class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        result = torch.exp(x)
        ctx.save_for_backward(result)
        ctx.result = result
        return result

    @staticmethod
    def backward(ctx, grad):
        result, = ctx.saved_tensors
        return grad * result

    @staticmethod
    def jvp(ctx, x_t):
        out = x_t * ctx.result
        del ctx.result
        return out


class MulAdd(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, scale):
        ctx.save_for_forward(a, b)
        ctx.scale = scale
        return a * b * scale, a + b

    @staticmethod
    def jvp(ctx, a_t, b_t, scale_t):
        a, b = ctx.saved_tensors
        print("  jvp got", a_t, b_t, scale_t)
        return (a_t * b + a * b_t) * ctx.scale, a_t + b_t


class NoJvp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2


class WrongCount(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def jvp(ctx, x_t):
        return x_t * 2, x_t


class SeesPlain(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        print("  forward sees tangent:", fwAD.unpack_dual(x).tangent)
        return x.clone()

    @staticmethod
    def jvp(ctx, x_t):
        print("  jvp sees tangent of", x_t)
        return x_t.neg()


def attempt(what, fn):
    try:
        out = fn()
        print(what, "ok", fwAD.unpack_dual(out).tangent)
    except Exception as e:
        print(what, type(e).__name__, e)


x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64, requires_grad=True)
tx = torch.tensor([1.0, 0.5, -2.0], dtype=torch.float64)
y = torch.tensor([1.5, 2.0, -0.5], dtype=torch.float64)
ty = torch.tensor([0.25, -1.0, 1.0], dtype=torch.float64)

with fwAD.dual_level():
    dx = fwAD.make_dual(x, tx)
    out = Exp.apply(dx)
    print(out)
    print(out.grad_fn.name(), fwAD.unpack_dual(out).tangent.grad_fn.name())
    print(Exp.apply(x))
    prod, total = MulAdd.apply(dx, fwAD.make_dual(y, ty), 3.0)
    print(fwAD.unpack_dual(prod).tangent.tolist(), fwAD.unpack_dual(total).tangent.tolist())
    prod, total = MulAdd.apply(dx, y, 3.0)
    print(fwAD.unpack_dual(prod).tangent.tolist(), fwAD.unpack_dual(total).tangent.tolist())
    attempt("no jvp:", lambda: NoJvp.apply(dx))
    attempt("wrong count:", lambda: WrongCount.apply(dx))
    attempt("sees plain:", lambda: SeesPlain.apply(dx))
    print(NoJvp.apply(x.detach()))

out.sum().backward()
print(x.grad)
