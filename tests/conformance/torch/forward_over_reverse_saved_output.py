# Forward-over-reverse (a Hessian-vector product: the gradient taken with create_graph=True
# under a dual level) through ops that save their own output: their backward reads the
# saved output, which keeps its tangent. Values to the last bit (tolist).
import torch
import torch.nn.functional as F
import torch.autograd.forward_ad as fwAD


def values(n, scale, shift):
    return [((i * 7 + 3) % 11 - 5) * scale + shift for i in range(n)]


def hvp(f, x0, v):
    with fwAD.dual_level():
        x = fwAD.make_dual(x0.clone().requires_grad_(), v)
        g = torch.autograd.grad(f(x), x, create_graph=True)[0]
        primal, tangent = fwAD.unpack_dual(g)
        return primal, tangent


cases = [
    ("exp", lambda x: x.exp().sum()),
    ("exp_mul", lambda x: (x.exp() * x).sum()),
    ("sigmoid", lambda x: torch.sigmoid(x).pow(2).sum()),
    ("sigmoid_sum", lambda x: torch.sigmoid(x).sum()),
    ("tanh", lambda x: torch.tanh(x).pow(2).sum()),
    ("tanh_sum", lambda x: torch.tanh(x).sum()),
    ("sqrt", lambda x: (x * x + 1).sqrt().sum()),
    ("rsqrt", lambda x: (x * x + 1).rsqrt().sum()),
    ("expm1", lambda x: torch.expm1(x).pow(2).sum()),
    ("elu", lambda x: F.elu(x).pow(2).sum()),
    ("elu_alpha", lambda x: F.elu(x, alpha=0.7).pow(3).sum()),
    ("selu", lambda x: F.selu(x).pow(2).sum()),
    ("celu", lambda x: F.celu(x, alpha=1.3).pow(2).sum()),
    ("pow", lambda x: x.pow(3).sum()),
]
for dtype in (torch.float32, torch.float64):
    x0 = torch.tensor(values(10, 0.31, 0.05), dtype=dtype).reshape(2, 5)
    v = torch.tensor(values(10, -0.17, 0.2), dtype=dtype).reshape(2, 5)
    for name, f in cases:
        primal, tangent = hvp(f, x0, v)
        print(name, dtype, primal.tolist())
        print("  tangent", tangent.tolist(), tangent.requires_grad)

# The saved output's tangent belongs to its level: a graph built under one level and
# differentiated after it closed sees no tangent.
x0 = torch.tensor(values(4, 0.5, 0.1), dtype=torch.float64)
v = torch.tensor(values(4, 0.3, -0.2), dtype=torch.float64)
with fwAD.dual_level():
    x = fwAD.make_dual(x0.clone().requires_grad_(), v)
    y = x.exp().sum()
g = torch.autograd.grad(y, x, create_graph=True)[0]
print("after exit", g.tolist())
with fwAD.dual_level():
    print("new level", fwAD.unpack_dual(g).tangent)

# Saved-tensor hooks: the packed output comes back with its tangent too.
with fwAD.dual_level():
    x = fwAD.make_dual(x0.clone().requires_grad_(), v)
    with torch.autograd.graph.saved_tensors_hooks(lambda t: t * 1, lambda t: t):
        y = torch.sigmoid(x).pow(2).sum()
    g = torch.autograd.grad(y, x, create_graph=True)[0]
    print("hooked", fwAD.unpack_dual(g).tangent.tolist())

# Reverse-over-forward of the same product, for comparison: the tangent's gradient.
with fwAD.dual_level():
    x = fwAD.make_dual(x0.clone().requires_grad_(), v)
    y = torch.tanh(x)
    t = fwAD.unpack_dual(y).tangent
    print("tangent of tanh", t.tolist())

# A custom Function that saves its output: the saved output keeps the tangent its jvp gave.


class SavedExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x.exp()
        ctx.save_for_backward(y)
        ctx.y = y
        return y

    @staticmethod
    def backward(ctx, g):
        y, = ctx.saved_tensors
        return g * y

    @staticmethod
    def jvp(ctx, t):
        return t * ctx.y


with fwAD.dual_level():
    x = fwAD.make_dual(x0.clone().requires_grad_(), v)
    g = torch.autograd.grad(SavedExp.apply(x).sum(), x, create_graph=True)[0]
    print("custom Function", fwAD.unpack_dual(g).tangent.tolist())
