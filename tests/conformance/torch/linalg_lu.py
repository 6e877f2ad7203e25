# torch.linalg.lu_factor / lu_factor_ex, torch.linalg.lu, torch.lu_unpack, torch.linalg.lu_solve
# (left, adjoint) and the deprecated torch.lu_solve / Tensor.lu_solve: getrf / getrs values to
# the last bit, layouts, named tuples, grad_fn names and gradients (square, wide and tall),
# and 1.13's error texts; plus the double backward of cholesky through solve_triangular.
import torch

torch.manual_seed(3)
for dtype in (torch.float32, torch.float64):
    for shape in ((4, 4), (3, 5), (5, 3), (2, 3, 3)):
        A = torch.randn(*shape, dtype=dtype)
        LU, pivots = torch.linalg.lu_factor(A)
        print(shape, LU.tolist(), pivots.tolist(), LU.stride(), pivots.stride())
        r = torch.linalg.lu_factor_ex(A)
        print(r.LU.equal(LU), r.pivots.equal(pivots), r.info.tolist())
        P, L, U = torch.linalg.lu(A)
        print(P.tolist(), L.tolist(), U.tolist(), P.stride(), L.stride(), U.stride())
        r = torch.lu_unpack(LU, pivots)
        print(r.P.equal(P), r.L.equal(L), r.U.equal(U), r.L.stride(), r.U.stride())
        print(torch.lu_unpack(LU, pivots, unpack_data=False).L.shape, torch.lu_unpack(LU, pivots, unpack_pivots=False).P.shape)
    A = torch.randn(2, 4, 4, dtype=dtype)
    LU, pivots = torch.linalg.lu_factor(A)
    B = torch.randn(2, 4, 3, dtype=dtype)
    for left in (True, False):
        for adjoint in (False, True):
            rhs = B if left else B.mT
            X = torch.linalg.lu_solve(LU, pivots, rhs, left=left, adjoint=adjoint)
            print(left, adjoint, X.tolist(), X.stride())
    print(torch.linalg.lu_solve(LU[0], pivots[0], B).tolist())
    print(torch.lu_solve(B, LU, pivots).tolist(), B.lu_solve(LU, pivots).stride())

A = torch.tensor([[1., 2.], [3., 4.]])
print(torch.linalg.lu_factor(A))
print(torch.linalg.lu(A))
print(torch.lu_unpack(*torch.linalg.lu_factor(A)))
print(torch.linalg.lu_factor_ex(torch.tensor([[[0., 0.], [0., 0.]], [[1., 2.], [2., 4.]]])))

for dtype in (torch.float32, torch.float64):
    for shape in ((3, 3), (3, 5), (5, 3), (2, 4, 4)):
        A = torch.randn(*shape, dtype=dtype, requires_grad=True)
        LU, pivots = torch.linalg.lu_factor(A)
        print(LU.grad_fn.name(), pivots.grad_fn, LU.grad_fn.next_functions)
        LU.sin().sum().backward()
        print(A.grad.tolist())
        A.grad = None
        P, L, U = torch.linalg.lu(A)
        print(P.grad_fn, L.grad_fn.name(), U.grad_fn.name())
        (L.cos().sum() + U.pow(2).sum()).backward()
        print(A.grad.tolist())
        A.grad = None
        torch.linalg.lu(A).U.exp().sum().backward()
        print(A.grad.tolist())
        A.grad = None
        torch.linalg.lu(A).L.sum().backward()
        print(A.grad.tolist())
        A.grad = None
        LU = torch.linalg.lu_factor(A).LU
        r = torch.lu_unpack(LU, torch.linalg.lu_factor(A.detach()).pivots)
        print(r.L.grad_fn.name(), r.P.grad_fn)
        (r.L * 2 + 1).sum().backward()
        print(A.grad.tolist())
        A.grad = None
    A = torch.randn(2, 3, 3, dtype=dtype, requires_grad=True)
    B = torch.randn(2, 3, 2, dtype=dtype, requires_grad=True)
    for left in (True, False):
        for adjoint in (False, True):
            LU, pivots = torch.linalg.lu_factor(A)
            X = torch.linalg.lu_solve(LU, pivots, B if left else B.mT, left=left, adjoint=adjoint)
            print(X.grad_fn.name())
            X.sin().sum().backward()
            print(A.grad.tolist(), B.grad.tolist())
            A.grad = None
            B.grad = None

    M = torch.randn(3, 3, dtype=dtype)
    S = (M @ M.mT + torch.eye(3, dtype=dtype)).requires_grad_()
    L = torch.linalg.cholesky(S)
    g, = torch.autograd.grad(L.sin().sum(), S, create_graph=True)
    print(g.grad_fn.name(), g.tolist())
    g.pow(2).sum().backward()
    print(S.grad.tolist())

print("errors")
LU, pivots = torch.linalg.lu_factor(torch.randn(3, 3))
for f in (lambda: torch.linalg.lu_factor(torch.randn(3)),
          lambda: torch.linalg.lu_factor(torch.zeros(3, 3)),
          lambda: torch.linalg.lu_factor(torch.tensor([[[1., 2.], [3., 4.]], [[1., 2.], [2., 4.]]])),
          lambda: torch.linalg.lu_factor(torch.randn(3, 3), pivot=False),
          lambda: torch.linalg.lu(torch.randn(3, 3), pivot=False),
          lambda: torch.linalg.lu(torch.randn(3)),
          lambda: torch.linalg.lu_factor(torch.randn(3, 3).int()),
          lambda: torch.linalg.lu_solve(LU, pivots, torch.randn(4, 2)),
          lambda: torch.linalg.lu_solve(LU, pivots.long(), torch.randn(3, 2)),
          lambda: torch.linalg.lu_solve(LU, pivots, torch.randn(3, 2).double()),
          lambda: torch.linalg.lu_solve(LU, pivots[:2], torch.randn(3, 2)),
          lambda: torch.linalg.lu_solve(LU, torch.zeros(3, dtype=torch.int32), torch.randn(3, 2)),
          lambda: torch.linalg.lu_solve(LU, torch.full((3,), 7, dtype=torch.int32), torch.randn(3, 2)),
          lambda: torch.lu_unpack(LU, pivots.long()),
          lambda: torch.lu_unpack(torch.randn(3), pivots)):
    try:
        f()
        print("no error")
    except Exception as e:
        print(type(e).__name__, e)
