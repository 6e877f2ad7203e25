# torch.linalg.lstsq with the drivers whose results 1.13 computes deterministically on the
# CPU: gels (QR), gelsd and gelss (SVD), on tall, square and wide matrices, batches (A
# broadcast over B's batch and B over A's), vector right-hand sides, rank-deficient
# matrices with rcond; the fields each driver fills (residuals only for m > n and full
# rank, rank for all but gels, singular_values for gelsd / gelss), the solution's
# column-major strides, LinalgLstsqBackward0's gradients, and the errors. The default
# driver, gelsy, reads an uninitialised pivot buffer in 1.13, so only what cannot depend
# on it is printed for it (shapes, rank of well-conditioned matrices, closeness).
import struct

import torch


def bits(t):
    if t.dtype == torch.float32:
        return [hex(struct.unpack('<I', struct.pack('<f', v))[0]) for v in t.reshape(-1).tolist()]
    return t.reshape(-1).tolist()


def show(label, r):
    print(label, type(r).__name__, tuple(r.solution.shape), r.solution.stride(), bits(r.solution))
    print('  residuals', r.residuals.dtype, tuple(r.residuals.shape), bits(r.residuals))
    print('  rank', r.rank.dtype, tuple(r.rank.shape), r.rank.tolist())
    print('  singular_values', r.singular_values.dtype, tuple(r.singular_values.shape), bits(r.singular_values))


def attempt(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)


torch.manual_seed(0)
lstsq = torch.linalg.lstsq
for dtype in [torch.float32, torch.float64]:
    tall, B = torch.randn(6, 3, dtype=dtype), torch.randn(6, 2, dtype=dtype)
    square, Bs = torch.randn(4, 4, dtype=dtype), torch.randn(4, 3, dtype=dtype)
    wide, Bw = torch.randn(3, 5, dtype=dtype), torch.randn(3, 2, dtype=dtype)
    for driver in ['gels', 'gelsd', 'gelss']:
        show('%s %s tall' % (dtype, driver), lstsq(tall, B, driver=driver))
        show('%s %s square' % (dtype, driver), lstsq(square, Bs, driver=driver))
        show('%s %s wide' % (dtype, driver), lstsq(wide, Bw, driver=driver))
        show('%s %s vector' % (dtype, driver), lstsq(tall, B[:, 0], driver=driver))
        show('%s %s batch' % (dtype, driver), lstsq(torch.randn(2, 5, 3, dtype=dtype), torch.randn(2, 5, 2, dtype=dtype),
                                                    driver=driver))
        # A's batch of one broadcast over B's batch of three, and B's over A's.
        show('%s %s A broadcast' % (dtype, driver), lstsq(tall.unsqueeze(0), torch.randn(3, 6, 2, dtype=dtype),
                                                          driver=driver))
        show('%s %s B broadcast' % (dtype, driver), lstsq(torch.randn(3, 6, 3, dtype=dtype), B.unsqueeze(0),
                                                          driver=driver))
        show('%s %s vector batch' % (dtype, driver), lstsq(torch.randn(2, 5, 3, dtype=dtype),
                                                           torch.randn(2, 5, dtype=dtype), driver=driver))
    # Rank-deficient: the SVD drivers cut singular values below rcond * the largest; rank < n
    # leaves residuals empty.
    deficient = torch.tensor([[1., 2., 3.], [2., 4., 6.], [1., 0., 1.], [0., 1., 1.]], dtype=dtype)
    rhs = torch.tensor([[1.], [2.], [3.], [4.]], dtype=dtype)
    for driver in ['gelsd', 'gelss']:
        show('%s %s deficient' % (dtype, driver), lstsq(deficient, rhs, driver=driver))
        show('%s %s rcond' % (dtype, driver), lstsq(tall, B, rcond=0.5, driver=driver))
        show('%s %s batch one deficient' % (dtype, driver),
             lstsq(torch.stack([deficient, torch.randn(4, 3, dtype=dtype)]), rhs.unsqueeze(0), driver=driver))
    # gelsy: nothing that depends on its starting pivots.
    r = lstsq(tall, B)
    print(dtype, 'gelsy', tuple(r.solution.shape), r.rank.tolist(), tuple(r.residuals.shape),
          tuple(r.singular_values.shape), torch.allclose(r.solution, lstsq(tall, B, driver='gelsd').solution))
    r = lstsq(torch.randn(2, 5, 3, dtype=dtype), torch.randn(2, 5, dtype=dtype), driver='gelsy')
    print(dtype, 'gelsy batch', tuple(r.solution.shape), r.rank.tolist(), r.residuals.shape, r.singular_values.shape)

# Upper-case driver names are accepted; m == 0 gives zeros.
show('GELSD', lstsq(torch.randn(4, 2), torch.randn(4, 1), driver='GELSD'))
show('empty rows', lstsq(torch.randn(0, 3), torch.randn(0, 2), driver='gelsd'))
show('empty batch', lstsq(torch.randn(0, 4, 3), torch.randn(0, 4, 2), driver='gels'))

# Autograd: only the solution is differentiable (through the pseudo-inverse).
A = torch.randn(5, 3, dtype=torch.float64, requires_grad=True)
Bg = torch.randn(5, 2, dtype=torch.float64, requires_grad=True)
for driver in ['gels', 'gelsd', 'gelss', None]:
    r = lstsq(A, Bg, driver=driver)
    print(driver, r.solution.grad_fn.name(), r.residuals.requires_grad, r.rank.requires_grad,
          r.singular_values.requires_grad)
    gA, gB = torch.autograd.grad((r.solution * torch.arange(6.).view(3, 2)).sum(), (A, Bg))
    print('  grads', gA.tolist(), gB.tolist())
# A vector right-hand side: 1.13's backward transposes it as a matrix for A's gradient
# (an IndexError); B's alone works.
r = lstsq(A, Bg[:, 0], driver='gelsd')
attempt('vector grads', lambda: torch.autograd.grad(r.solution.sum(), (A, Bg), retain_graph=True))
r = lstsq(A.detach(), Bg[:, 0], driver='gelsd')
print('vector B grad', torch.autograd.grad(r.solution.sum(), Bg)[0].tolist())
A32 = torch.randn(4, 2, requires_grad=True)
r = lstsq(A32, torch.randn(4, 1), driver='gels')
r.solution.sum().backward()
print('float32 grad', bits(A32.grad))

# The errors, in 1.13's order of checks.
A, B = torch.randn(5, 3, dtype=torch.float64), torch.randn(5, 2, dtype=torch.float64)
attempt('driver', lambda: lstsq(A, B, driver='foo'))
attempt('dtype', lambda: lstsq(A.float(), B))
attempt('1-d input', lambda: lstsq(A[0], B))
attempt('0-d other', lambda: lstsq(A, torch.tensor(1., dtype=torch.float64)))
attempt('rows', lambda: lstsq(A, B[:3]))
attempt('vector rows', lambda: lstsq(torch.randn(4, 5, 3), torch.randn(5, 2)))
attempt('dims', lambda: lstsq(A, B.expand(4, 5, 2), driver='gelsd'))
attempt('batch mismatch', lambda: lstsq(torch.randn(2, 5, 3), torch.randn(3, 5, 2)))
attempt('long', lambda: lstsq(torch.ones(2, 2, dtype=torch.int64), torch.ones(2, 2, dtype=torch.int64)))
attempt('gels singular', lambda: lstsq(torch.tensor([[1., 0.], [0., 0.], [0., 0.]]), torch.ones(3, 1), driver='gels'))
attempt('gels singular batch', lambda: lstsq(torch.tensor([[[1., 0.], [0., 1.], [0., 0.]], [[1., 0.], [0., 0.], [0., 0.]]]),
                                             torch.ones(2, 3, 1), driver='gels'))
attempt('no arguments', lambda: lstsq())
attempt('positional driver', lambda: lstsq(A, B, None, 'gelsd'))
