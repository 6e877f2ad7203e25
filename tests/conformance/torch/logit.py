# torch.logit(input, eps=None) / Tensor.logit / logit_: log(x / (1 - x)) with SLEEF's log on whole
# vector pairs and glibc's on the rest, eps clamping (the two bodies' clamps differ when
# eps > 0.5), integral inputs to float, bfloat16; LogitBackward0 (logit_backward's kernel, or
# the composite under create_graph), the in-place node, forward AD and the errors.
import math, struct, torch

def digest(t):
    vals = t.double().flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(v for v in vals if math.isfinite(v)), bits)

torch.manual_seed(5)
for dtype in (torch.float32, torch.float64, torch.bfloat16):
    for n in (1, 7, 8, 16, 17, 33, 100):
        p = torch.rand(n).to(dtype)
        print(dtype, n, digest(torch.logit(p)), digest(torch.logit(p, 0.1)), digest(p.logit(eps=0.75)), digest(torch.logit(p * 3 - 1)))
    grid = torch.rand(6, 10).to(dtype)
    print("strided", digest(torch.logit(grid.t())), digest(torch.logit(grid[:, ::2], 0.2)))
edges = torch.tensor([0., -0., 1., 0.5, -1., 2., float('nan'), float('inf'), 1e-30] * 2)
for eps in (None, 0., 0.25, 0.75, 1.0, -0.5):
    print(eps, torch.logit(edges, eps).tolist(), torch.logit(edges[:9], eps).tolist())
print(torch.logit(torch.tensor([0, 1, 2])), torch.logit(torch.tensor([True, False]), 0.25), torch.logit(torch.tensor([0.3], dtype=torch.float64), torch.tensor(0.1)))

x = torch.rand(20, requires_grad=True)
for eps in (None, 0.2, 0.):
    y = torch.logit(x, eps)
    print(eps, y.grad_fn.name(), y.grad_fn._saved_eps, y.grad_fn._saved_self is x)
    y.backward(torch.linspace(-1, 1, 20))
    print(digest(x.grad), x.grad.tolist()[:4])
    x.grad = None
b = torch.tensor([0., -0., 1., -1., 2., 0.5, float('nan')] * 3, requires_grad=True)
for eps in (None, 0., 0.1):
    torch.logit(b, eps).backward(torch.tensor([1., -1., 2., 1., 1., 1., 1.] * 3))
    print(eps, b.grad.tolist())
    b.grad = None
    torch.logit(b[:7], eps).backward(torch.tensor([1., -1., 2., 1., 1., 1., 1.]))
    print(eps, b.grad.tolist()[:7])
    b.grad = None
for eps in (None, 0.3, -0.5):
    g, = torch.autograd.grad(torch.logit(b, eps), b, torch.ones(21, requires_grad=True), create_graph=True)
    print(eps, g.tolist()[:7], g.grad_fn.name(), [n[0].name() if n[0] is not None else None for n in g.grad_fn.next_functions])
    div = g.grad_fn.next_functions[0][0]
    print([n[0].name() for n in div.next_functions], [n[0] and n[0].name() for n in div.next_functions[1][0].next_functions])

w = x.detach().clone().requires_grad_()
v = w * 1
out = v.logit_(0.25)
print(out is v, v._version, v.grad_fn.name(), v.grad_fn._saved_eps, v.grad_fn._saved_self.tolist() == w.tolist())
v.sum().backward()
print(digest(w.grad))
u = torch.tensor([0.25, 0.5])
print(torch.logit_(u), u._version, torch.logit_(torch.tensor([0.1], dtype=torch.float64), 0.2))

import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([0.25, 0.5, 2.]), torch.tensor([1., 2., 3.]))
    print(fwAD.unpack_dual(torch.logit(d)).tangent, fwAD.unpack_dual(torch.logit(d, 0.3)).tangent)

for call in (lambda: torch.logit(torch.ones(2, dtype=torch.float16)), lambda: torch.tensor([1, 2]).logit_(),
             lambda: torch.tensor([True]).logit_(), lambda: x.logit_(), lambda: torch.logit(x, "a"), lambda: x.logit("a"),
             lambda: x.logit(eps="a"), lambda: x.logit_("a"), lambda: torch.logit(x, 0.1, 0.2), lambda: x.logit(foo=1)):
    try:
        print(call())
    except (TypeError, RuntimeError) as e:
        print(type(e).__name__, e)
