# The activations' in-place forms (F.<name>(inplace=True) and the modules): 1.13 records
# silu_ / hardswish_ / hardsigmoid_ / mish_ as the out-of-place node saving a clone of the original
# self, threshold_ as ThresholdBackward1 (a clone too), elu_ / selu_ / celu_ as
# EluBackward1 / CeluBackward1 saving the result and differentiating through it (a
# negative alpha refused in backward). The version bump, values and gradients to the last
# bit, forward-mode tangents, and the leaf error.
import math, struct, torch
import torch.nn as nn
import torch.nn.functional as F

def values(n, seed, scale):
    state, out = seed * 7919 + 1, []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(scale * (state / 1073741824.0 - 1.0))
    return out

def digest(t):
    vals = t.flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(vals), bits)

x = torch.tensor([-4., -1., 0.5, 2., 4.], requires_grad=True)
for name, f in (("silu", F.silu), ("hardswish", F.hardswish), ("hardsigmoid", F.hardsigmoid), ("mish", F.mish)):
    y = x * 1
    z = f(y, inplace=True)
    n = z.grad_fn
    print(name, z is y, y._version, z, n.name(), n._saved_self, n._saved_self.grad_fn.name())
    z.backward(torch.arange(5.))
    print(x.grad)
    x.grad = None
    try:
        f(x, inplace=True)
    except RuntimeError as e:
        print(type(e).__name__, e)
    with torch.no_grad():
        w = x.clone()
        print(f(w, inplace=True) is w, w, w._version)

for dtype in (torch.float32, torch.float64):
    for n in (7, 16, 17, 40):
        base = torch.tensor(values(n, n, 6.0), dtype=dtype, requires_grad=True)
        g = torch.tensor(values(n, n + 3, 1.0), dtype=dtype)
        for f in (F.silu, F.hardswish, F.hardsigmoid, F.mish):
            y = base * 1
            f(y, inplace=True)
            gx, = torch.autograd.grad(y, base, g)
            print(n, digest(y), digest(gx))

import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    for f in (F.silu, F.hardswish, F.hardsigmoid, F.mish):
        dual = fwAD.make_dual(torch.tensor([-4., -1., 0.5, 2.]), torch.tensor([1., 2., 3., 4.]))
        f(dual, inplace=True)
        print(fwAD.unpack_dual(dual))

net = nn.Sequential(nn.Linear(3, 4), nn.SiLU(inplace=True), nn.Linear(4, 4), nn.Hardswish(inplace=True), nn.Linear(4, 4), nn.Hardsigmoid(inplace=True),
                    nn.Linear(4, 2), nn.Mish(inplace=True))
with torch.no_grad():
    for i, p in enumerate(net.parameters()):
        p.copy_(torch.tensor(values(p.numel(), i + 1, 0.8)).reshape(p.shape))
out = net(torch.tensor([[0.5, -1., 2.], [1., 1., -3.]]))
out.sum().backward()
print(net, out, net[0].weight.grad)

def saved(node):
    out = []
    for a in sorted(dir(node)):
        if a.startswith('_saved_'):
            v = getattr(node, a)
            out.append((a, v.grad_fn.name() if isinstance(v, torch.Tensor) and v.grad_fn else v))
    return out

x = torch.tensor([-4., -1., 0., 0.5, 2.], requires_grad=True)
for name, f in (("elu", lambda t: F.elu(t, 0.5, inplace=True)), ("selu", lambda t: F.selu(t, True)),
                ("celu", lambda t: F.celu(t, 2., True)), ("torch.celu_", lambda t: torch.celu_(t)),
                ("threshold", lambda t: F.threshold(t, 0.25, -3., True)), ("torch.threshold_", lambda t: torch.threshold_(t, 1, 7)),
                ("nn.ELU", nn.ELU(inplace=True)), ("nn.SELU", nn.SELU(inplace=True)), ("nn.CELU", nn.CELU(0.5, inplace=True)),
                ("nn.Threshold", nn.Threshold(0., 5., inplace=True))):
    y = x * 1
    z = f(y)
    print(name, z is y, y._version, z, z.grad_fn.name(), saved(z.grad_fn))
    z.backward(torch.arange(5.))
    print(x.grad)
    x.grad = None
for dtype in (torch.float32, torch.float64):
    for n in (7, 16, 17, 40):
        base = torch.tensor(values(n, n, 6.0), dtype=dtype, requires_grad=True)
        g = torch.tensor(values(n, n + 3, 1.0), dtype=dtype)
        for f in (lambda t: F.elu(t, inplace=True), lambda t: F.selu(t, inplace=True), lambda t: F.celu(t, 0.3, True),
                  lambda t: F.threshold(t, 0.1, 2., True)):
            y = base * 1
            f(y)
            gx, = torch.autograd.grad(y, base, g)
            print(n, digest(y), digest(gx))
with fwAD.dual_level():
    for f in (lambda t: F.elu(t, inplace=True), lambda t: F.selu(t, inplace=True), lambda t: F.celu(t, 2., True),
              lambda t: F.threshold(t, 0., 1., True)):
        dual = fwAD.make_dual(torch.tensor([-4., -1., 0.5, 2.]), torch.tensor([1., 2., 3., 4.]))
        f(dual)
        print(fwAD.unpack_dual(dual))
y = x * 1
F.elu(y, -0.5, inplace=True)
try:
    y.sum().backward()
except RuntimeError as e:
    print(type(e).__name__, e)
print(F.threshold(torch.tensor([1, 2, 3]), 2, 0, inplace=True))

# silu_'s node keeps silu's double backward (the composite under create_graph).
y = x * 1
F.silu(y, inplace=True)
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
print(g, g.grad_fn.name())
g.sum().backward()
print(x.grad)
