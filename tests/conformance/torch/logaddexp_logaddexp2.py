# torch.logaddexp / logaddexp2: max + log(1 + exp(-|a - b|)) with SLEEF's exp/log (pow/log2) on
# whole vector pairs and glibc's on the rest, equal infinities passed through, float32/64 and
# bfloat16, broadcasting and promotion; LogaddexpBackward0 / Logaddexp2Backward0 (gradients,
# create_graph graph), forward AD, and the dtype / argument errors.
import math, struct, torch

def digest(t):
    vals = t.double().flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(v for v in vals if math.isfinite(v)), bits)

torch.manual_seed(2)
for f in (torch.logaddexp, torch.logaddexp2):
    print(f.__name__)
    for dtype in (torch.float32, torch.float64, torch.bfloat16):
        for n in (1, 7, 8, 15, 16, 17, 31, 32, 33, 100):
            a = (torch.randn(n) * 4).to(dtype)
            b = (torch.randn(n) * 4).to(dtype)
            print(dtype, n, digest(f(a, b)), digest(f(a, b[:1])), digest(f(a.flip(0), b)))
        grid = (torch.randn(6, 10) * 3).to(dtype)
        print("strided", digest(f(grid.t(), grid[:1].t())), digest(f(grid[:, ::2], grid[:, 1::2])), digest(f(grid, torch.tensor(0.5, dtype=dtype))))
    special = torch.tensor([float('inf'), -float('inf'), float('inf'), float('nan'), 1., -0., 0., -1e38, 80.] * 2)
    other = torch.tensor([float('inf'), -float('inf'), -float('inf'), 1., float('nan'), 0., -0., -1e38, 100.] * 2)
    print(f(special, other).tolist(), f(special[:9], other[:9]).tolist())
    print(f(torch.tensor([1., 2.]), torch.tensor([3.], dtype=torch.float64)), f(torch.tensor([1, 2]), torch.tensor(0.5)))
    x = torch.randn(5, requires_grad=True)
    y = torch.randn(5, requires_grad=True)
    r = f(x, y)
    print(r.tolist(), r.grad_fn.name(), r.grad_fn._saved_self is x, r.grad_fn._saved_other is y)
    r.backward(torch.arange(1., 6.))
    print(x.grad.tolist(), y.grad.tolist())
    m = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
    c = torch.randn(4, requires_grad=True)
    f(m, c).sum().backward()
    print(m.grad.tolist(), c.grad.tolist(), c.grad.dtype)
    g, = torch.autograd.grad(f(x, y), x, torch.ones(5, requires_grad=True), create_graph=True)
    print(g.tolist(), g.grad_fn.name(), [n[0].name() for n in g.grad_fn.next_functions if n[0] is not None])
    print(g.grad_fn.next_functions[1][0].next_functions[0][0].name())
    print(x.logaddexp(y).tolist() == f(x, y).tolist(), getattr(x, f.__name__)(y).grad_fn.name())

import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    d = fwAD.make_dual(torch.tensor([1., 2., 3.]), torch.tensor([0.5, -1., 2.]))
    e = torch.tensor([2., 0., -1.])
    print(fwAD.unpack_dual(torch.logaddexp(d, e)).tangent, fwAD.unpack_dual(torch.logaddexp2(e, d)).tangent)

for call in (lambda: torch.logaddexp(torch.tensor([1, 2]), torch.tensor([3, 4])),
             lambda: torch.logaddexp2(torch.tensor([True]), torch.tensor([False])),
             lambda: torch.logaddexp(torch.ones(2, dtype=torch.float16), torch.ones(2, dtype=torch.float16)),
             lambda: torch.logaddexp(torch.ones(2), 2), lambda: torch.ones(2).logaddexp(2),
             lambda: torch.ones(2).logaddexp2(other=2), lambda: torch.logaddexp(torch.ones(2)),
             lambda: torch.ones(2).logaddexp2(), lambda: torch.logaddexp(torch.ones(2), torch.ones(2), torch.ones(2)),
             lambda: torch.logaddexp(torch.ones(2), torch.ones(3))):
    try:
        print(call())
    except (TypeError, RuntimeError) as e:
        print(type(e).__name__, e)
