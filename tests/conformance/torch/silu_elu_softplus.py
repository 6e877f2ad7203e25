# F.silu, F.elu and F.softplus and their modules: values to the last bit (PyTorch's
# Vectorized bodies with SLEEF's exp / log1p on whole vector pairs, glibc's on the rest),
# grad_fn names, saved values, gradients (silu's fused backward kernel, and its composite
# under create_graph), reprs and errors.
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

for dtype in (torch.float32, torch.float64):
    for n in [1, 7, 16, 17, 40, 100]:
        x = torch.tensor(values(n, n, 6.0), dtype=dtype, requires_grad=True)
        g = torch.tensor(values(n, n + 5, 1.0), dtype=dtype)
        for f in (F.silu, F.elu, lambda t: F.elu(t, 0.3), F.softplus, lambda t: F.softplus(t, 2, 3)):
            y = f(x)
            gx, = torch.autograd.grad(y, x, g)
            print(n, digest(y), digest(gx))
    m = torch.tensor(values(8 * 9, 3, 4.0), dtype=dtype).reshape(8, 9)
    print("strided", digest(F.silu(m.t())), digest(F.elu(m[:, ::2])), digest(F.softplus(m.t()[1:])))

x = torch.tensor([-2., -0.5, 0., 0.5, 30.], requires_grad=True)
for y in (F.silu(x), F.elu(x), F.elu(x, alpha=0.5), F.softplus(x), F.softplus(x, beta=2, threshold=1)):
    n = y.grad_fn
    print(y, n.name(), n._saved_self is x,
          [getattr(n, a) for a in ('_saved_alpha', '_saved_scale', '_saved_input_scale', '_saved_beta', '_saved_threshold')
           if hasattr(n, a)])
    y.sum().backward()
    print(x.grad)
    x.grad = None
g, = torch.autograd.grad(F.silu(x).sum(), x, create_graph=True)
print(g, g.grad_fn.name())
g.sum().backward()
print(x.grad)

print(nn.SiLU(), nn.SiLU(inplace=True), nn.ELU(), nn.ELU(alpha=0.5, inplace=True), nn.Softplus(), nn.Softplus(beta=2, threshold=10.5))
net = nn.Sequential(nn.Linear(3, 4), nn.SiLU(), nn.Linear(4, 4), nn.ELU(0.7), nn.Linear(4, 2), nn.Softplus(beta=3))
with torch.no_grad():
    for i, p in enumerate(net.parameters()):
        p.copy_(torch.tensor(values(p.numel(), i + 1, 0.8)).reshape(p.shape))
print(net)
out = net(torch.tensor([[0.5, -1., 2.], [1., 1., -3.]]))
out.sum().backward()
print(out, out.grad_fn.name(), net[0].weight.grad)

for call in (lambda: F.silu(torch.tensor([1, 2])), lambda: F.elu(torch.tensor([1, 2])), lambda: F.softplus(torch.tensor([1, 2])),
             lambda: F.silu(torch.ones(2, dtype=torch.float16)), lambda: F.softplus(torch.ones(2, dtype=torch.float16))):
    try:
        call()
    except RuntimeError as e:
        print(e)
