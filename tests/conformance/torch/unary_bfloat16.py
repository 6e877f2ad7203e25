# bfloat16 through the unary math 1.13's CPU computes for it (relu, clamp, sigmoid, tanh,
# exp, log, sqrt, rsqrt, sin, cos, abs, neg, pow with a number, the other trig, hyperbolic
# and rounding ops, ...): values, grad_fn and gradient on 37 evenly spaced points (two
# 16-lane vectors and a scalar tail) and on 4096 seeded random ones, each summarised by a
# few values and a bit-exact checksum; the in-place forms; non-contiguous inputs; and the
# errors 1.13 keeps (float16).
import torch
import torch.nn.functional as F

torch.manual_seed(0)
inputs = {"linspace37": torch.linspace(-3, 3, 37), "randn4096": torch.randn(4096) * 2}


def checksum(t):
    # hash of the exact values (float hashes do not depend on PYTHONHASHSEED; NaN's would,
    # so no input makes one) and their sum
    return hash(tuple(t.reshape(-1).tolist())), t.float().double().sum().item()


def positive(t):
    return t.abs() + 0.05


def inside_one(t):
    return t.clamp(-3.4, 3.4) / 3.5


ops = [
    ("relu", torch.relu), ("clamp", lambda t: torch.clamp(t, -0.3, 0.7)), ("clamp_min", lambda t: torch.clamp_min(t, 0.3)),
    ("clamp_max", lambda t: torch.clamp_max(t, 0.3)), ("clamp_int", lambda t: torch.clamp(t, -1, 2)),
    ("sigmoid", torch.sigmoid), ("tanh", torch.tanh), ("tanhshrink", F.tanhshrink), ("exp", torch.exp),
    ("log", lambda t: torch.log(positive(t))), ("sqrt", lambda t: torch.sqrt(positive(t))),
    ("rsqrt", lambda t: torch.rsqrt(positive(t))), ("sin", torch.sin), ("cos", torch.cos), ("abs", torch.abs),
    ("neg", torch.neg), ("reciprocal", lambda t: torch.reciprocal(positive(t))),
    ("pow 2", lambda t: t ** 2), ("pow 3", lambda t: t ** 3), ("pow 0.5", lambda t: positive(t) ** 0.5),
    ("pow -0.5", lambda t: positive(t) ** -0.5), ("pow -1", lambda t: positive(t) ** -1),
    ("pow -2", lambda t: positive(t) ** -2), ("pow 1.7", lambda t: positive(t) ** 1.7),
    ("pow 2.5", lambda t: positive(t) ** 2.5), ("pow 0", lambda t: t ** 0), ("pow 1", lambda t: t ** 1),
    ("erf", torch.erf), ("erfc", torch.erfc), ("expm1", torch.expm1), ("log1p", lambda t: torch.log1p(positive(t))),
    ("log2", lambda t: torch.log2(positive(t))), ("log10", lambda t: torch.log10(positive(t))),
    ("sinc", torch.sinc), ("tan", torch.tan), ("atan", torch.atan), ("asin", lambda t: torch.asin(inside_one(t))),
    ("acos", lambda t: torch.acos(inside_one(t))), ("sinh", torch.sinh), ("cosh", torch.cosh),
    ("asinh", torch.asinh), ("acosh", lambda t: torch.acosh(positive(t) + 1)),
    ("atanh", lambda t: torch.atanh(inside_one(t))), ("floor", torch.floor), ("ceil", torch.ceil),
    ("round", torch.round), ("trunc", torch.trunc), ("round decimals", lambda t: torch.round(t, decimals=2)),
    ("round negative decimals", lambda t: torch.round(t * 30, decimals=-1)),
]
for input_name, x0 in inputs.items():
    for name, f in ops:
        x = x0.to(torch.bfloat16).requires_grad_()
        try:
            y = f(x)
        except Exception as e:
            print(name, input_name, type(e).__name__, e)
            continue
        print(name, input_name, y.dtype, y.grad_fn.name(), y[:4].tolist(), y[-3:].tolist(), checksum(y))
        try:
            g, = torch.autograd.grad(y, x, torch.linspace(-2, 2, x.numel()).to(torch.bfloat16))
            print("  grad", g.dtype, g[:4].tolist(), g[-3:].tolist(), checksum(g))
        except Exception as e:
            print("  grad", type(e).__name__, e)

inplace = [
    ("relu_", torch.relu_), ("relu inplace", lambda t: F.relu(t, inplace=True)), ("clamp_", lambda t: t.clamp_(-0.3, 0.7)),
    ("clamp_min_", lambda t: t.clamp_min_(0.3)), ("clamp_max_", lambda t: t.clamp_max_(0.3)),
    ("sigmoid_", torch.sigmoid_), ("tanh_", torch.tanh_), ("exp_", torch.exp_), ("log_", lambda t: t.abs_().add_(0.05).log_()),
    ("sqrt_", lambda t: t.abs_().add_(0.05).sqrt_()), ("rsqrt_", lambda t: t.abs_().add_(0.05).rsqrt_()),
    ("sin_", torch.sin_), ("cos_", torch.cos_), ("abs_", torch.abs_), ("neg_", torch.neg_),
    ("pow_ 1.7", lambda t: t.abs_().add_(0.05).pow_(1.7)), ("pow_ 3", lambda t: t.pow_(3)),
    ("reciprocal_", lambda t: t.abs_().add_(0.05).reciprocal_()), ("tan_", torch.tan_), ("sinh_", torch.sinh_),
    ("floor_", torch.floor_), ("atanh_", lambda t: t.clamp_(-3.4, 3.4).div_(3.5).atanh_()),
]
for input_name, x0 in inputs.items():
    for name, f in inplace:
        x = x0.to(torch.bfloat16).requires_grad_()
        try:
            y = f(x.clone())
            print(name, input_name, y.grad_fn.name(), checksum(y))
            g, = torch.autograd.grad(y, x, torch.linspace(-2, 2, x.numel()).to(torch.bfloat16))
            print("  grad", checksum(g))
        except Exception as e:
            print(name, input_name, type(e).__name__, e)

# non-contiguous inputs: which elements meet the vector body follows the layout
m = (torch.randn(40, 37) * 2).to(torch.bfloat16)
for name, f in [("sigmoid", torch.sigmoid), ("rsqrt", lambda t: torch.rsqrt(positive(t))),
                ("pow 1.7", lambda t: positive(t) ** 1.7), ("exp", torch.exp), ("tanh", torch.tanh),
                ("sinh", torch.sinh), ("relu", torch.relu), ("clamp", lambda t: t.clamp(-0.3, 0.7))]:
    for layout, v in [("transposed", m.t()), ("every other column", m[:, ::2]), ("every third row", m[::3])]:
        y = f(v)
        print(name, layout, y.stride(), checksum(y))

# float16 stays refused where 1.13 refuses it
h = torch.linspace(-2, 2, 5).to(torch.half)
for name, f in [("relu", torch.relu), ("relu_", lambda t: torch.relu_(t.clone())), ("clamp", lambda t: t.clamp(-1, 1)),
                ("clamp_", lambda t: t.clone().clamp_(-1, 1)), ("clamp_min", lambda t: t.clamp_min(0.5)),
                ("clamp_min_", lambda t: t.clone().clamp_min_(0.5)), ("clamp_max", lambda t: t.clamp_max(0.5)),
                ("sigmoid", torch.sigmoid), ("tanh", torch.tanh), ("exp", torch.exp), ("log", torch.log),
                ("sqrt", torch.sqrt), ("rsqrt", torch.rsqrt), ("sin", torch.sin), ("cos", torch.cos),
                ("tan", torch.tan), ("sinh", torch.sinh), ("asinh", torch.asinh), ("floor", torch.floor),
                ("round", torch.round), ("round decimals", lambda t: torch.round(t, decimals=1)), ("erf", torch.erf),
                ("abs", torch.abs), ("neg", torch.neg)]:
    try:
        print(name, "half", f(h))
    except Exception as e:
        print(name, "half", type(e).__name__, e)
