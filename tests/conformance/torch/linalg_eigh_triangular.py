# torch.linalg.eigh / eigvalsh (UPLO), torch.linalg.solve_triangular (upper, left,
# unitriangular) and the deprecated torch.triangular_solve / Tensor.triangular_solve: syevd
# and trsm values to the last bit (eigenvector signs included), layouts, named tuples,
# broadcasting, grad_fn names, gradients, and 1.13's error texts.
import torch

torch.manual_seed(11)
for dtype in (torch.float32, torch.float64):
    for shape in ((4, 4), (2, 3, 3), (1, 5, 5)):
        M = torch.randn(*shape, dtype=dtype)
        A = M + M.mT
        L, V = torch.linalg.eigh(A)
        print(L.tolist(), V.tolist(), L.stride(), V.stride())
        L2, V2 = torch.linalg.eigh(M, UPLO="U")
        print(L2.tolist(), V2.tolist())
        print(torch.linalg.eigh(M, "u").eigenvalues.equal(L2), torch.linalg.eigh(M, UPLO="l").eigenvalues.tolist())
        print(torch.linalg.eigvalsh(A).tolist(), torch.linalg.eigvalsh(M, UPLO="U").tolist())

        T = torch.randn(*shape, dtype=dtype) + 3 * torch.eye(shape[-1], dtype=dtype)
        B = torch.randn(*shape[:-1], 2, dtype=dtype)
        for upper in (True, False):
            for left in (True, False):
                rhs = B if left else B.mT
                X = torch.linalg.solve_triangular(T, rhs, upper=upper, left=left)
                print(upper, left, X.tolist(), X.stride())
            X = torch.linalg.solve_triangular(T, B, upper=upper, unitriangular=True)
            print(X.tolist())
            X = torch.linalg.solve_triangular(T.mT, B, upper=upper)
            print(X.tolist(), X.stride())
            r = torch.triangular_solve(B, T, upper=upper)
            print(r.solution.tolist(), r.cloned_coefficient.equal(T), r.solution.stride(), r.cloned_coefficient.stride())
            r = B.triangular_solve(T, upper, transpose=True, unitriangular=True)
            print(r.solution.tolist())

A = torch.tensor([[2., 1.], [1., 3.]])
print(torch.linalg.eigh(A))
print(torch.linalg.eigvalsh(A))
T = torch.tensor([[2., 1.], [0., 4.]])
print(torch.linalg.solve_triangular(T, torch.eye(2), upper=True))
print(torch.triangular_solve(torch.tensor([[1.], [2.]]), T))
# broadcasting
T = torch.randn(3, 3) + 3 * torch.eye(3)
print(torch.linalg.solve_triangular(T, torch.randn(2, 3, 2), upper=False).tolist())
print(torch.linalg.solve_triangular(torch.randn(2, 1, 3, 3) + 3 * torch.eye(3), torch.randn(4, 3, 1), upper=True).shape)
print(torch.triangular_solve(torch.randn(2, 3, 2), T).solution.shape)

# gradients
for dtype in (torch.float32, torch.float64):
    M = torch.randn(2, 4, 4, dtype=dtype)
    A = (M + M.mT).requires_grad_()
    L, V = torch.linalg.eigh(A)
    print(L.grad_fn.name(), V.grad_fn.name())
    (V @ torch.diag_embed(L.exp()) @ V.mT).sum().backward()
    print(A.grad.tolist())
    A.grad = None
    L, V = torch.linalg.eigh(A, UPLO="U")
    (L.sin().sum() + (V * V).pow(3).sum()).backward()
    print(A.grad.tolist())
    A.grad = None
    L = torch.linalg.eigvalsh(A)
    print(L.grad_fn.name(), L.tolist())
    (L * L).sum().backward()
    print(A.grad.tolist())

    T = (torch.randn(2, 3, 3, dtype=dtype) + 3 * torch.eye(3, dtype=dtype)).requires_grad_()
    B = torch.randn(2, 3, 2, dtype=dtype, requires_grad=True)
    for upper in (True, False):
        for left in (True, False):
            for unit in (False, True):
                rhs = B if left else B.mT
                X = torch.linalg.solve_triangular(T, rhs, upper=upper, left=left, unitriangular=unit)
                X.sin().sum().backward()
                print(X.grad_fn.name() if X.grad_fn else None, T.grad.tolist(), B.grad.tolist())
                T.grad = None
                B.grad = None
    X = torch.linalg.solve_triangular(T[0], B, upper=True)
    X.pow(2).sum().backward()
    print(T.grad.tolist(), B.grad.tolist())
    T.grad = None
    B.grad = None
    for transpose in (False, True):
        r = torch.triangular_solve(B, T, upper=False, transpose=transpose)
        print(r.solution.grad_fn.name(), r.cloned_coefficient.grad_fn.name())
        (r.solution.cos().sum() + r.cloned_coefficient.pow(2).sum()).backward()
        print(T.grad.tolist(), B.grad.tolist())
        T.grad = None
        B.grad = None
    r = torch.triangular_solve(B, T)
    r.cloned_coefficient.sum().backward()
    print(T.grad.tolist(), B.grad.tolist())
    T.grad = None
    B.grad = None

print("errors")
for f in (lambda: torch.linalg.eigh(torch.randn(3, 4)),
          lambda: torch.linalg.eigh(torch.randn(3)),
          lambda: torch.linalg.eigh(torch.randn(3, 3), UPLO="X"),
          lambda: torch.linalg.eigvalsh(torch.randn(3, 3), UPLO="UL"),
          lambda: torch.linalg.eigh(torch.randn(3, 3).int()),
          lambda: torch.linalg.eigh(torch.full((3, 3), float("nan"))),
          lambda: torch.linalg.eigvalsh(torch.full((2, 3, 3), float("nan"))),
          lambda: torch.linalg.solve_triangular(torch.randn(3, 4), torch.randn(3, 2), upper=True),
          lambda: torch.linalg.solve_triangular(torch.randn(3, 3), torch.randn(4, 2), upper=True),
          lambda: torch.linalg.solve_triangular(torch.randn(3, 3), torch.randn(2, 4), upper=True, left=False),
          lambda: torch.linalg.solve_triangular(torch.randn(3, 3), torch.randn(4), upper=True),
          lambda: torch.linalg.solve_triangular(torch.randn(3, 3), torch.randn(3, 2)),
          lambda: torch.triangular_solve(torch.randn(3, 2), torch.randn(4, 4)),
          lambda: torch.triangular_solve(torch.randn(3), torch.randn(3, 3)),
          lambda: torch.triangular_solve(torch.randn(3, 2), torch.randn(3)),
          lambda: torch.triangular_solve(torch.randn(3, 2), torch.randn(3, 3).double()),
          lambda: torch.triangular_solve(torch.randn(3, 2), torch.randn(3, 4))):
    try:
        f()
        print("no error")
    except Exception as e:
        print(type(e).__name__, e)
