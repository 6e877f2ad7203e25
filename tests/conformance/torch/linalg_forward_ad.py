# Forward-mode AD (torch.autograd.forward_ad) through linalg.svd / svdvals, eigh / eigvalsh,
# qr, solve_triangular, lu_factor, lu and lu_solve: derivatives.yaml's jvp formulas of 1.13,
# tangents to the last bit, and the errors of modes without a derivative.
import torch
import torch.autograd.forward_ad as fwAD

torch.manual_seed(31)
for dtype in (torch.float32, torch.float64):
    for shape in ((3, 3), (4, 3), (3, 5), (2, 3, 3)):
        A = torch.randn(*shape, dtype=dtype)
        dA = torch.randn(*shape, dtype=dtype)
        with fwAD.dual_level():
            x = fwAD.make_dual(A, dA)
            for full in (False, True):
                U, S, Vh = torch.linalg.svd(x, full_matrices=full)
                print(shape, full, [fwAD.unpack_dual(t).tangent.tolist() for t in (U, S, Vh)])
            print(fwAD.unpack_dual(torch.linalg.svdvals(x)).tangent.tolist())
            for mode in ("reduced", "complete"):
                try:
                    Q, R = torch.linalg.qr(x, mode=mode)
                    print(mode, fwAD.unpack_dual(Q).tangent.tolist(), fwAD.unpack_dual(R).tangent.tolist())
                except RuntimeError as e:
                    print(mode, type(e).__name__, e)
            LU, pivots = torch.linalg.lu_factor(x)
            print(fwAD.unpack_dual(LU).tangent.tolist())
            P, L, U = torch.linalg.lu(x)
            print(fwAD.unpack_dual(L).tangent.tolist(), fwAD.unpack_dual(U).tangent.tolist(), fwAD.unpack_dual(P).tangent)
    M = torch.randn(2, 4, 4, dtype=dtype)
    H = M + M.mT
    dM = torch.randn(2, 4, 4, dtype=dtype)
    with fwAD.dual_level():
        h = fwAD.make_dual(H, dM + dM.mT)
        L, V = torch.linalg.eigh(h)
        print(fwAD.unpack_dual(L).tangent.tolist(), fwAD.unpack_dual(V).tangent.tolist())
        print(fwAD.unpack_dual(torch.linalg.eigvalsh(h, UPLO="U")).tangent.tolist())
        T = torch.randn(4, 4, dtype=dtype).triu() + 3 * torch.eye(4, dtype=dtype)
        B = torch.randn(4, 2, dtype=dtype)
        t = fwAD.make_dual(T, torch.randn(4, 4, dtype=dtype))
        b = fwAD.make_dual(B, torch.randn(4, 2, dtype=dtype))
        for left in (True, False):
            for unit in (False, True):
                X = torch.linalg.solve_triangular(t, b if left else b.mT, upper=True, left=left, unitriangular=unit)
                print(fwAD.unpack_dual(X).tangent.tolist())
        print(fwAD.unpack_dual(torch.linalg.solve_triangular(T, b, upper=True)).tangent.tolist())
        print(fwAD.unpack_dual(torch.linalg.solve_triangular(t, B, upper=False)).tangent.tolist())
        S = torch.randn(4, 4, dtype=dtype)
        LU, pivots = torch.linalg.lu_factor(S)
        lu = fwAD.make_dual(LU, torch.randn(4, 4, dtype=dtype))
        for left in (True, False):
            for adjoint in (False, True):
                X = torch.linalg.lu_solve(lu, pivots, b if left else b.mT, left=left, adjoint=adjoint)
                print(fwAD.unpack_dual(X).tangent.tolist())
        print(fwAD.unpack_dual(torch.linalg.lu_solve(LU, pivots, b)).tangent.tolist())

with fwAD.dual_level():
    x = fwAD.make_dual(torch.randn(4, 3), torch.randn(4, 3))
    try:
        torch.linalg.qr(x, mode="r")
    except RuntimeError as e:
        print(type(e).__name__, e)
