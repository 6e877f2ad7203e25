# Forward-mode AD of inv, cholesky, pinv, triangular_solve, solve_triangular and lu_unpack:
# 1.13's forward formulas (derivatives.yaml's `result:` entries), tangents to the last bit.
import warnings

import torch
import torch.autograd.forward_ad as fwAD

warnings.simplefilter("ignore")  # triangular_solve's deprecation


def values(n, scale, shift):
    return [((i * 7 + 3) % 11 - 5) * scale + shift for i in range(n)]


def show(name, out):
    t = fwAD.unpack_dual(out).tangent
    print(name, None if t is None else (tuple(t.shape), t.tolist()))


for dtype in (torch.float32, torch.float64):
    print(dtype)
    M = torch.tensor(values(18, 0.23, 0.04), dtype=dtype).reshape(2, 3, 3)
    A = M @ M.mT + 2 * torch.eye(3, dtype=dtype)
    T = torch.tensor(values(18, -0.19, 0.11), dtype=dtype).reshape(2, 3, 3)
    S = T + T.mT
    R = torch.tensor(values(12, 0.41, -0.07), dtype=dtype).reshape(4, 3)
    RT = torch.tensor(values(12, 0.13, 0.2), dtype=dtype).reshape(4, 3)
    B = torch.tensor(values(12, 0.37, 0.3), dtype=dtype).reshape(2, 3, 2)
    TB = torch.tensor(values(12, -0.29, 0.05), dtype=dtype).reshape(2, 3, 2)
    with fwAD.dual_level():
        show("inverse", torch.inverse(fwAD.make_dual(A, T)))
        show("linalg.inv", torch.linalg.inv(fwAD.make_dual(A[0], T[0])))
        inv, info = torch.linalg.inv_ex(fwAD.make_dual(A, T))
        show("inv_ex", inv)
        show("inv_ex info", info)
        show("Tensor.inverse", fwAD.make_dual(A, T).inverse())

        show("cholesky", torch.linalg.cholesky(fwAD.make_dual(A, S)))
        show("cholesky upper", torch.linalg.cholesky(fwAD.make_dual(A, S), upper=True))
        L, info = torch.linalg.cholesky_ex(fwAD.make_dual(A[1], S[1]))
        show("cholesky_ex", L)
        show("cholesky_ex info", info)

        show("pinv tall", torch.linalg.pinv(fwAD.make_dual(R, RT)))
        show("pinv wide", torch.linalg.pinv(fwAD.make_dual(R.mT, RT.mT)))
        show("pinv square", torch.linalg.pinv(fwAD.make_dual(A, T)))
        show("pinv hermitian", torch.linalg.pinv(fwAD.make_dual(A, S), hermitian=True))
        show("pinv rtol", torch.linalg.pinv(fwAD.make_dual(R, RT), rtol=0.1))

        U = A.triu()
        for upper, transpose, unit in ((True, False, False), (False, False, False), (True, True, False),
                                       (False, True, True)):
            tri = U if upper else A.tril()
            X, C = torch.triangular_solve(fwAD.make_dual(B, TB), fwAD.make_dual(tri, T), upper=upper,
                                          transpose=transpose, unitriangular=unit)
            show("triangular_solve %s %s %s" % (upper, transpose, unit), X)
            show("  cloned_coefficient", C)
        X, C = torch.triangular_solve(fwAD.make_dual(B, TB), U)
        show("triangular_solve b only", X)
        show("  cloned_coefficient", C)
        X, C = torch.triangular_solve(B, fwAD.make_dual(U, T))
        show("triangular_solve A only", X)
        show("  cloned_coefficient", C)

        show("solve_triangular", torch.linalg.solve_triangular(fwAD.make_dual(U, T), fwAD.make_dual(B, TB), upper=True))
        show("solve_triangular right", torch.linalg.solve_triangular(fwAD.make_dual(A.tril(), T),
                                                                     fwAD.make_dual(B.mT, TB.mT), upper=False,
                                                                     left=False))
        show("solve_triangular unit", torch.linalg.solve_triangular(fwAD.make_dual(U, T), B, upper=True,
                                                                    unitriangular=True))

        for shape in ((3, 3), (4, 3), (3, 4)):
            n = shape[0] * shape[1]
            G = torch.tensor(values(n, 0.31, 0.17), dtype=dtype).reshape(shape) + torch.eye(*shape, dtype=dtype)
            TG = torch.tensor(values(n, -0.23, 0.09), dtype=dtype).reshape(shape)
            LU, piv = torch.linalg.lu_factor(fwAD.make_dual(G, TG))
            P, L, U_ = torch.lu_unpack(LU, piv)
            show("lu_unpack P %s" % (shape,), P)
            show("lu_unpack L", L)
            show("lu_unpack U", U_)
