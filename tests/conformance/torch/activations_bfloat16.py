# bfloat16 through the activations 1.13's CPU computes for it: values, grad_fn and
# gradient on 37 evenly spaced points (two 16-lane vectors and a scalar tail) and on 4096
# seeded random ones, each summarised by a few values and a bit-exact checksum; the
# in-place forms; and the errors 1.13 keeps (hardtanh's bfloat16 backward, mish, float16).
import torch
import torch.nn.functional as F

torch.manual_seed(0)
inputs = {"linspace37": torch.linspace(-7, 7, 37), "randn4096": torch.randn(4096) * 4}


def checksum(t):
    # hash of the exact values (float hashes do not depend on PYTHONHASHSEED) and their sum
    return hash(tuple(t.tolist())), t.float().double().sum().item()


activations = [
    ("leaky_relu", lambda t: F.leaky_relu(t, 0.1)), ("elu", F.elu), ("elu_alpha", lambda t: F.elu(t, 0.7)),
    ("selu", F.selu), ("celu", lambda t: F.celu(t, 0.5)), ("softplus", F.softplus),
    ("softplus_beta", lambda t: F.softplus(t, 2.0, 5.0)), ("hardswish", F.hardswish), ("silu", F.silu),
    ("mish", F.mish), ("gelu", F.gelu), ("gelu_tanh", lambda t: F.gelu(t, approximate="tanh")),
    ("hardtanh", F.hardtanh), ("relu6", F.relu6), ("logsigmoid", F.logsigmoid), ("softshrink", F.softshrink),
    ("softshrink_odd", lambda t: F.softshrink(t, 0.3)), ("hardsigmoid", F.hardsigmoid),
    ("hardshrink", lambda t: F.hardshrink(t, 0.3)), ("threshold", lambda t: F.threshold(t, 0.3, 2.1)),
]
for input_name, x0 in inputs.items():
    for name, f in activations:
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
    ("leaky_relu_", lambda t: F.leaky_relu_(t, 0.2)), ("elu inplace", lambda t: F.elu(t, inplace=True)),
    ("celu_", torch.celu_), ("selu_", torch.selu_), ("hardtanh_", F.hardtanh_),
    ("relu6 inplace", lambda t: F.relu6(t, inplace=True)), ("hardswish inplace", lambda t: F.hardswish(t, inplace=True)),
    ("hardsigmoid inplace", lambda t: F.hardsigmoid(t, inplace=True)), ("silu inplace", lambda t: F.silu(t, inplace=True)),
    ("threshold_", lambda t: torch.threshold_(t, 0.3, 2.1)),
]
for name, f in inplace:
    x = inputs["randn4096"].to(torch.bfloat16).requires_grad_()
    try:
        y = f(x.clone())
        print(name, y.grad_fn.name(), checksum(y))
        g, = torch.autograd.grad(y, x, torch.linspace(-2, 2, x.numel()).to(torch.bfloat16))
        print("  grad", checksum(g))
    except Exception as e:
        print(name, type(e).__name__, e)

# float16 stays refused on the CPU
h = torch.linspace(-3, 3, 13).to(torch.half)
for name, f in activations:
    try:
        print(name, "half", f(h).dtype)
    except Exception as e:
        print(name, "half", type(e).__name__, e)
