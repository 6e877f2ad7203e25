# F.hardswish / F.hardsigmoid / F.mish with inplace=True (and their modules): 1.13 records
# the out-of-place node (HardswishBackward0...) saving a clone of the original self; the
# version bump, the values and gradients to the last bit, forward-mode tangents, and the
# leaf error.
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
for name, f in (("hardswish", F.hardswish), ("hardsigmoid", F.hardsigmoid), ("mish", F.mish)):
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
        for f in (F.hardswish, F.hardsigmoid, F.mish):
            y = base * 1
            f(y, inplace=True)
            gx, = torch.autograd.grad(y, base, g)
            print(n, digest(y), digest(gx))

import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    for f in (F.hardswish, F.hardsigmoid, F.mish):
        dual = fwAD.make_dual(torch.tensor([-4., -1., 0.5, 2.]), torch.tensor([1., 2., 3., 4.]))
        f(dual, inplace=True)
        print(fwAD.unpack_dual(dual))

net = nn.Sequential(nn.Linear(3, 4), nn.Hardswish(inplace=True), nn.Linear(4, 4), nn.Hardsigmoid(inplace=True),
                    nn.Linear(4, 2), nn.Mish(inplace=True))
with torch.no_grad():
    for i, p in enumerate(net.parameters()):
        p.copy_(torch.tensor(values(p.numel(), i + 1, 0.8)).reshape(p.shape))
out = net(torch.tensor([[0.5, -1., 2.], [1., 1., -3.]]))
out.sum().backward()
print(net, out, net[0].weight.grad)
