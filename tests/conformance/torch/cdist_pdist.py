# torch.cdist (p = 0, 1, 2, inf, general p; the kernel and the matrix-product paths that
# compute_mode and the row counts choose; batches broadcast), torch.pdist / F.pdist: values,
# grad_fn names and what they save, gradients, double backward's error, errors, and a
# tiny training step through cdist.
import torch
import torch.autograd.forward_ad as fwAD
import torch.nn.functional as F


def walk(fn, depth=0):
    if fn is None:
        return
    print('  ' * depth + fn.name())
    for child, _ in fn.next_functions:
        walk(child, depth + 1)


torch.manual_seed(0)
for dtype in [torch.float32, torch.float64]:
    a = torch.randn(4, 37, dtype=dtype, requires_grad=True)
    b = torch.randn(5, 37, dtype=dtype, requires_grad=True)
    for p in [0., 1., 2., 3., 1.5, 0.5, float('inf')]:
        a.grad = b.grad = None
        d = torch.cdist(a, b, p=p)
        w = torch.linspace(-1, 2, d.numel(), dtype=dtype).reshape(d.shape)
        (d * w).sum().backward()
        print(p, d.grad_fn.name(), d.reshape(-1)[:6].tolist(), a.grad.reshape(-1)[:5].tolist(),
              b.grad.reshape(-1)[-5:].tolist())

a = torch.randn(3, 4, requires_grad=True)
b = torch.randn(2, 4, requires_grad=True)
d = torch.cdist(a, b, p=3)
print(d.grad_fn._saved_p, d.grad_fn._saved_x1 is a, d.grad_fn._saved_x2 is b, torch.equal(d.grad_fn._saved_result, d))

# Repeated and equal rows: zero distances and zero differences in the backward kernels.
x = torch.tensor([[1., 2., 3.], [1., 2., 3.], [0., 2., 5.]], requires_grad=True)
for p in [0.5, 1., 1.5, 2., 3., float('inf')]:
    x.grad = None
    torch.cdist(x, x.detach() * 1.0, p=p).sum().backward()
    g1 = x.grad.tolist()
    x.grad = None
    torch.pdist(x, p).sum().backward()
    print(p, g1, x.grad.tolist())

# The matrix-product path: more than 25 rows, or compute_mode='use_mm_for_euclid_dist'.
big = torch.randn(30, 6, dtype=torch.float64, requires_grad=True)
small = torch.randn(5, 6, dtype=torch.float64, requires_grad=True)
d = torch.cdist(big, small)
walk(d.grad_fn)
d.sum().backward()
print(d[:2].tolist(), big.grad[:2].tolist(), small.grad.tolist())
d32 = torch.cdist(big.float(), small.float())
print(d32[0].tolist(), torch.cdist(big.float(), small.float(), compute_mode='donot_use_mm_for_euclid_dist')[0].tolist())
walk(torch.cdist(a, b, compute_mode='use_mm_for_euclid_dist').grad_fn)
print(torch.cdist(a, b, compute_mode='use_mm_for_euclid_dist').tolist(), torch.cdist(a, b).tolist())
print(torch.cdist(a, a, compute_mode='use_mm_for_euclid_dist').tolist())
walk(torch.cdist(torch.randn(30, 4, requires_grad=True), b, p=1).grad_fn)

# Batches: broadcast, batch product 1, and through matrix products.
x1 = torch.randn(2, 1, 3, 4, requires_grad=True)
x2 = torch.randn(3, 5, 4, requires_grad=True)
d = torch.cdist(x1, x2, p=1.5)
d.sum().backward()
print(d.shape, d.grad_fn.name(), d[1, 2].tolist(), x1.grad[1].tolist(), x2.grad[0].tolist())
x1.grad = x2.grad = None
d = torch.cdist(x1, x2, compute_mode='use_mm_for_euclid_dist')
walk(d.grad_fn)
(d * d).sum().backward()
print(d.shape, d[0, 1].tolist(), x1.grad[0].tolist(), x2.grad[2].tolist())
one = torch.randn(1, 30, 4, requires_grad=True)
walk(torch.cdist(one, b).grad_fn)
walk(torch.cdist(one, b[None]).grad_fn)

# Empty inputs always take CdistBackward0.
e = torch.cdist(torch.randn(0, 3, requires_grad=True), torch.randn(30, 3))
print(e.shape, e.grad_fn.name(), torch.cdist(torch.randn(2, 0), torch.randn(3, 0)).tolist())
e = torch.cdist(torch.randn(2, 0, requires_grad=True), torch.randn(3, 0))
e.sum().backward()
print(torch.cdist(torch.randn(0, 2, 3), torch.randn(4, 3)).shape)

# pdist
y = torch.randn(6, 19, dtype=torch.float32, requires_grad=True)
for p in [0., 1., 2., 3., 1.5, 0.5, float('inf')]:
    y.grad = None
    d = F.pdist(y, p)
    (d * torch.arange(d.numel(), dtype=torch.float32)).sum().backward()
    print(p, d.grad_fn.name(), d[:5].tolist(), y.grad.reshape(-1)[:5].tolist())
d = torch.pdist(y, 2.5)
print(d.grad_fn._saved_p, d.grad_fn._saved_self is y, torch.equal(d.grad_fn._saved_result, d))
z = torch.randn(5, 4, dtype=torch.float64).t().requires_grad_()
walk(torch.pdist(z).grad_fn)
print(torch.pdist(torch.randn(1, 3)).shape, torch.pdist(torch.randn(3, 0)).tolist(), torch.pdist(z, p=2.5).tolist())

# Double backward: 1.13 has no derivative for _cdist_backward / _pdist_backward.
g, = torch.autograd.grad(torch.cdist(a, b).sum(), a, create_graph=True)
print(g.grad_fn.name())
for fn in [lambda: g.sum().backward(),
           lambda: torch.autograd.grad(torch.pdist(a).sum(), a, create_graph=True)[0].sum().backward()]:
    try:
        fn()
    except NotImplementedError as err:
        print(type(err).__name__, err)

# No forward AD in 1.13 for any of the three nodes.
for fn in [lambda d: torch.cdist(d, b), lambda d: torch.cdist(d, b, compute_mode='use_mm_for_euclid_dist'),
           lambda d: torch.pdist(d)]:
    with fwAD.dual_level():
        try:
            fn(fwAD.make_dual(a.detach(), torch.ones(3, 4)))
        except NotImplementedError as err:
            print(type(err).__name__, err)

# A tiny training step: pull points towards their nearest centres.
torch.manual_seed(3)
centres = torch.nn.Parameter(torch.randn(3, 2))
points = torch.randn(8, 2)
opt = torch.optim.SGD([centres], lr=0.1)
for step in range(2):
    opt.zero_grad()
    loss = torch.cdist(points, centres).min(dim=1).values.mean()
    loss.backward()
    opt.step()
    print(step, loss.item(), centres.tolist())
print(torch.nn.PairwiseDistance(p=1)(points[:2], points[2:4]).tolist())

errors = [
    lambda: torch.cdist(torch.randn(3), torch.randn(3, 3)),
    lambda: torch.cdist(torch.randn(3, 3), torch.randn(3)),
    lambda: torch.cdist(torch.randn(3, 3), torch.randn(3, 4)),
    lambda: torch.cdist(torch.ones(3, 3, dtype=torch.long), torch.ones(3, 3, dtype=torch.long)),
    lambda: torch.cdist(torch.ones(3, 3), torch.ones(3, 3, dtype=torch.long)),
    lambda: torch.cdist(torch.ones(3, 3), torch.ones(3, 3, dtype=torch.double)),
    lambda: torch.cdist(torch.ones(30, 3, dtype=torch.double), torch.ones(3, 3)),
    lambda: torch.cdist(torch.ones(3, 3), torch.ones(3, 3), p=-1),
    lambda: torch.cdist(torch.ones(3, 3), torch.ones(3, 3), compute_mode='x'),
    lambda: torch.cdist(torch.ones(2, 3, 3), torch.ones(3, 3, 3)),
    lambda: torch.cdist(torch.ones(3, 3).half(), torch.ones(3, 3).half()),
    lambda: torch.cdist(torch.ones(0, 3), torch.ones(3, 4)),
    lambda: torch.cdist(torch.ones(0, 3), torch.ones(2, 3), p=-1),
    lambda: torch.cdist(torch.ones(0, 3, dtype=torch.long), torch.ones(2, 3)),
    lambda: torch.cdist(torch.ones(3, 3), torch.ones(3, 3), p='a'),
    lambda: torch.pdist(torch.ones(3)),
    lambda: torch.pdist(torch.ones(3, 3, dtype=torch.long)),
    lambda: torch.pdist(torch.ones(3, 3), -1),
    lambda: torch.pdist(torch.ones(3, 3).half()),
]
for fn in errors:
    try:
        fn()
        print('no error')
    except (RuntimeError, TypeError, ValueError) as err:
        print(type(err).__name__, err)
