# Double backward through the activations (create_graph=True). In 1.13 each activation's
# backward is itself differentiable: elu / celu / selu record EluBackwardBackward0, threshold
# and relu ThresholdBackwardBackward0, hardshrink / softshrink / hardswish / leaky_relu /
# softplus / glu / prelu their own *BackwardBackward0, while silu and mish differentiate a
# composite (MulBackward0) and hardsigmoid's backward has no derivative (NotImplemented).
# The first-order gradients' grad_fn names and saved numbers, the second-order gradients to
# the last bit (in self and in grad_output, float32 and float64), and gradgradcheck.
import math, struct, torch
import torch.nn.functional as F

def values(n, seed, scale):
    state, out = seed * 7919 + 1, []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(scale * (state / 1073741824.0 - 1.0))
    return out

def digest(t):
    if t is None:
        return "None"
    vals = t.flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(vals), bits)

def saved_numbers(node):
    return {a[len('_saved_'):]: getattr(node, a) for a in dir(node)
            if a.startswith('_saved_') and not isinstance(getattr(node, a), torch.Tensor)}

CASES = [
    ("elu", lambda x: F.elu(x, 1.3)),
    ("elu_int_alpha", lambda x: F.elu(x, 2)),
    ("celu", lambda x: F.celu(x, 0.7)),
    ("selu", F.selu),
    ("threshold", lambda x: F.threshold(x, 0.1, 2.0)),
    ("relu", F.relu),
    ("hardshrink", lambda x: F.hardshrink(x, 0.4)),
    ("softshrink", lambda x: F.softshrink(x, 1)),
    ("hardswish", F.hardswish),
    ("leaky_relu", lambda x: F.leaky_relu(x, 0.2)),
    ("softplus", lambda x: F.softplus(x, 2, 1.5)),
    ("mish", F.mish),
    ("silu", F.silu),
    ("glu", lambda x: F.glu(x, -1)),
    ("glu_dim0", lambda x: F.glu(x, 0)),
]

# The first-order gradient's node, its saved numbers and where it leads.
x = torch.tensor([[-4., -3., -1., -0.25, 0., 0.5, 1.5, 3.]], dtype=torch.float64, requires_grad=True)
for name, f in CASES + [("glu_dim1", lambda x: F.glu(x, 1))]:
    if name == "glu_dim0":
        continue
    y = f(x)
    gx, = torch.autograd.grad(y.sum(), x, create_graph=True)
    node = gx.grad_fn
    print(name, type(node).__name__, node.name(), saved_numbers(node),
          [n[0].name() if n[0] is not None else None for n in node.next_functions])
    print(" ", gx)

# Second order, in self and in the incoming gradient, on lengths that end in partial vectors.
for dtype in (torch.float32, torch.float64):
    for n in (8, 16, 18, 40):
        base = torch.tensor(values(n, n, 5.0), dtype=dtype).reshape(-1, 2)
        for name, f in CASES:
            if name == "glu_dim0" and base.shape[0] % 2:
                continue
            x = base.clone().requires_grad_()
            y = f(x)
            gy = torch.tensor(values(y.numel(), n + 1, 1.0), dtype=dtype).reshape(y.shape).requires_grad_()
            gx, = torch.autograd.grad(y, x, gy, create_graph=True)
            gg = torch.tensor(values(n, n + 2, 1.0), dtype=dtype).reshape(x.shape)
            ggx, ggy = torch.autograd.grad(gx, (x, gy), gg, allow_unused=True)
            print(dtype, n, name, gx.grad_fn.name(), digest(gx), digest(ggx), digest(ggy))

# prelu: one weight per channel or one shared; PreluBackwardBackward0 has both gradients.
for dtype in (torch.float32, torch.float64):
    for shape, weights in (((3, 4, 5), 4), ((2, 3), 3), ((3, 4, 5), 1), ((7,), 1)):
        n = math.prod(shape)
        x = torch.tensor(values(n, n, 3.0), dtype=dtype).reshape(shape).requires_grad_()
        w = torch.tensor(values(weights, weights + 5, 1.0), dtype=dtype).requires_grad_()
        y = F.prelu(x, w)
        gy = torch.tensor(values(n, n + 1, 1.0), dtype=dtype).reshape(shape).requires_grad_()
        gx, gw = torch.autograd.grad(y, (x, w), gy, create_graph=True)
        print(dtype, shape, weights, gx.grad_fn.name(), gw.grad_fn is gx.grad_fn, digest(gx), digest(gw))
        gg = torch.tensor(values(n, n + 2, 1.0), dtype=dtype).reshape(shape)
        print("  from gx:", [digest(t) for t in torch.autograd.grad(gx, (x, w, gy), gg, retain_graph=True)])
        print("  from gw:", [digest(t) for t in torch.autograd.grad(gw.sum(), (x, w, gy), retain_graph=True)])
        both = torch.autograd.grad((gx * gg).sum() + (gw * gw).sum(), (x, w, gy))
        print("  from both:", [digest(t) for t in both])

# The in-place forms differentiate the same backward (elu_ from its result).
x = torch.tensor([-2., -0.5, 0.25, 1., 2.5], dtype=torch.float64, requires_grad=True)
for name, f in (("elu_", lambda y: F.elu(y, 1.3, inplace=True)), ("celu_", lambda y: F.celu(y, 0.7, inplace=True)),
                ("selu_", lambda y: F.selu(y, inplace=True)), ("threshold_", lambda y: F.threshold(y, 0.1, 2.0, True)),
                ("relu_", lambda y: F.relu(y, inplace=True)), ("hardswish_", lambda y: F.hardswish(y, inplace=True)),
                ("mish_", lambda y: F.mish(y, inplace=True)), ("silu_", lambda y: F.silu(y, inplace=True))):
    y = x * 1
    f(y)
    gx, = torch.autograd.grad(y, x, torch.arange(5, dtype=torch.float64) / 4, create_graph=True)
    inner = gx.grad_fn.next_functions[0][0]
    print(name, y.grad_fn.name(), inner.name(), saved_numbers(inner), gx)
    print("  ", torch.autograd.grad(gx.sum(), x)[0])

# hardsigmoid_backward has no derivative: its result's node raises when reached.
x = torch.tensor([-4., -1., 0.5, 2.], requires_grad=True)
go = torch.ones(4, requires_grad=True)
for grad_output in (torch.ones(4), go):
    gx, = torch.autograd.grad(F.hardsigmoid(x), x, grad_output, create_graph=True)
    print(gx, type(gx.grad_fn).__name__, gx.grad_fn.name(), len(gx.grad_fn.next_functions))
    try:
        gx.sum().backward()
    except RuntimeError as e:
        print(type(e).__name__, e)
y = x * 1
F.hardsigmoid(y, inplace=True)
gx, = torch.autograd.grad(y.sum(), x, create_graph=True)
print(gx.grad_fn.name(), gx.grad_fn.next_functions[0][0].name())
gx, = torch.autograd.grad(F.hardsigmoid(x).sum(), x)
print(gx, gx.grad_fn)

# hardswish_backward's two bodies disagree at x == 3: the Vectorized one passes grad
# through, the scalar one (the tail of a partial vector) takes the slope 1.5.
for dtype in (torch.float32, torch.float64):
    for n in (3, 8, 11):
        x = torch.tensor([3., -3.] * n, dtype=dtype, requires_grad=True)
        print(dtype, n, torch.autograd.grad(F.hardswish(x).sum(), x)[0].tolist())

# Without create_graph nothing of this is recorded.
x = torch.tensor([-1., 2.], requires_grad=True)
gx, = torch.autograd.grad(F.elu(x).sum(), x)
print(gx, gx.requires_grad, gx.grad_fn)

# gradgradcheck (float64, away from the kinks).
torch.manual_seed(0)
x = (torch.rand(4, 4, dtype=torch.float64) * 4 - 2).requires_grad_()
x.data[x.data.abs() < 0.2] += 0.5
for name, f in CASES:
    if name in ("hardshrink", "softshrink", "threshold"):
        continue
    print(name, torch.autograd.gradgradcheck(f, (x,)))
w = torch.tensor([0.25, -0.5, 1.5, 0.1], dtype=torch.float64, requires_grad=True)
print("prelu", torch.autograd.gradgradcheck(F.prelu, (x, w)))
print("prelu shared", torch.autograd.gradgradcheck(F.prelu, (x, w[:1].detach().requires_grad_())))
