# torch.linalg.ldl_factor, ldl_factor_ex and ldl_solve (LAPACK's sytrf / sytrs on the lower
# triangle): LD's values and column-major layout, the 1-based pivots (negative for 2 x 2
# blocks), info, batches, B broadcast over LD's batch, pivots of any integer dtype, the
# NotImplemented grad_fn 1.13 gives both, and the errors (a zero pivot is 1.13's internal
# assert).
import struct

import torch


def bits(t):
    if t.dtype == torch.float32:
        return [hex(struct.unpack('<I', struct.pack('<f', v))[0]) for v in t.reshape(-1).tolist()]
    return t.reshape(-1).tolist()


def attempt(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)


torch.manual_seed(0)
for dtype in [torch.float32, torch.float64]:
    A = torch.randn(5, 5, dtype=dtype)
    A = A + A.mT
    # Indefinite with a zero leading entry: sytrf takes a 2 x 2 pivot block.
    blocky = torch.tensor([[0., 1., 2.], [1., 0., 3.], [2., 3., 1.]], dtype=dtype)
    batch = torch.randn(3, 4, 4, dtype=dtype)
    batch = batch + batch.mT
    for label, M in [('random', A), ('blocky', blocky), ('batch', batch), ('upper ignored', torch.triu(A) * 7 + A)]:
        r = torch.linalg.ldl_factor_ex(M)
        print(dtype, label, type(r).__name__, tuple(r.LD.shape), r.LD.stride(), bits(r.LD))
        print('  pivots', r.pivots.dtype, r.pivots.tolist(), 'info', r.info.tolist())
        LD, pivots = torch.linalg.ldl_factor(M, hermitian=True)
        print('  same', torch.equal(LD, r.LD), torch.equal(pivots, r.pivots))
        B = torch.randn(*M.shape[:-1], 2, dtype=dtype)
        X = torch.linalg.ldl_solve(LD, pivots, B)
        print('  solve', tuple(X.shape), X.stride(), bits(X))
    LD, pivots = torch.linalg.ldl_factor(A)
    X = torch.linalg.ldl_solve(LD, pivots, torch.randn(2, 5, 3, dtype=dtype))
    print(dtype, 'broadcast B', tuple(X.shape), X.stride(), bits(X))
    X = torch.linalg.ldl_solve(LD, pivots.long(), torch.eye(5, dtype=dtype))
    print(dtype, 'long pivots', bits(X))

# Empty inputs, and a singular matrix: info > 0 from ldl_factor_ex, the error from the others.
print(torch.linalg.ldl_factor_ex(torch.zeros(0, 3, 3)))
print(torch.linalg.ldl_factor_ex(torch.zeros(0, 0)))
r = torch.linalg.ldl_factor_ex(torch.zeros(3, 3))
print(r.LD.tolist(), r.pivots.tolist(), r.info.tolist())
attempt('singular', lambda: torch.linalg.ldl_factor(torch.zeros(3, 3)))
attempt('singular batch', lambda: torch.linalg.ldl_factor(torch.stack([torch.eye(3), torch.zeros(3, 3)])))
attempt('check_errors', lambda: torch.linalg.ldl_factor_ex(torch.zeros(2, 3, 3), check_errors=True))

# No derivative in 1.13.
A = torch.randn(3, 3, dtype=torch.float64)
A = (A + A.mT).requires_grad_()
r = torch.linalg.ldl_factor_ex(A)
print(r.LD.grad_fn.name(), r.LD.requires_grad, r.pivots.requires_grad, r.info.requires_grad)
attempt('factor backward', lambda: r.LD.sum().backward())
B = torch.randn(3, 2, dtype=torch.float64, requires_grad=True)
X = torch.linalg.ldl_solve(r.LD.detach(), r.pivots, B)
print(X.grad_fn.name())
attempt('solve backward', lambda: X.sum().backward())

# Errors.
LD, pivots = torch.linalg.ldl_factor(torch.eye(4, dtype=torch.float64))
attempt('factor 1-d', lambda: torch.linalg.ldl_factor(torch.randn(3)))
attempt('factor not square', lambda: torch.linalg.ldl_factor(torch.randn(3, 4)))
attempt('factor long', lambda: torch.linalg.ldl_factor(torch.ones(3, 3, dtype=torch.int64)))
attempt('factor half', lambda: torch.linalg.ldl_factor(torch.eye(3, dtype=torch.half)))
attempt('factor positional', lambda: torch.linalg.ldl_factor(torch.eye(3), True))
attempt('solve B 1-d', lambda: torch.linalg.ldl_solve(LD, pivots, torch.randn(4, dtype=torch.float64)))
attempt('solve pivots shape', lambda: torch.linalg.ldl_solve(LD, pivots[:3], torch.randn(4, 2, dtype=torch.float64)))
attempt('solve pivots float', lambda: torch.linalg.ldl_solve(LD, pivots.double(), torch.randn(4, 2, dtype=torch.float64)))
attempt('solve pivots bool', lambda: torch.linalg.ldl_solve(LD, pivots.bool(), torch.randn(4, 2, dtype=torch.float64)))
attempt('solve LD not square', lambda: torch.linalg.ldl_solve(LD[:3], pivots[:3], torch.randn(3, 2, dtype=torch.float64)))
attempt('solve LD long', lambda: torch.linalg.ldl_solve(LD.long(), pivots, torch.ones(4, 2, dtype=torch.int64)))
attempt('solve dtype', lambda: torch.linalg.ldl_solve(LD, pivots, torch.randn(4, 2)))
attempt('solve rows', lambda: torch.linalg.ldl_solve(LD, pivots, torch.randn(3, 2, dtype=torch.float64)))
attempt('solve LD 1-d', lambda: torch.linalg.ldl_solve(LD[0], pivots, torch.randn(4, 2, dtype=torch.float64)))
attempt('no arguments', lambda: torch.linalg.ldl_factor())
attempt('solve no arguments', lambda: torch.linalg.ldl_solve())
