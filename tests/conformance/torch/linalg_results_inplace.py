# The results of the LAPACK-backed ops are plain tensors, not views (regression: they were
# transposes of a buffer made in no-grad mode, so an in-place op on them failed autograd's
# view checks): _is_view / _base, and in-place ops on results that require grad.
import torch

torch.manual_seed(19)
A = torch.randn(3, 3, dtype=torch.float64)
S = A @ A.mT + torch.eye(3, dtype=torch.float64)
outs = {"cholesky": torch.linalg.cholesky(S), "inv": torch.linalg.inv(A), "solve": torch.linalg.solve(A, A),
        "solve_right": torch.linalg.solve(A, A, left=False), "svd_U": torch.linalg.svd(A).U,
        "svd_Vh": torch.linalg.svd(A).Vh, "qr_R": torch.linalg.qr(A).R, "eigh_V": torch.linalg.eigh(S).eigenvectors,
        "lu_factor": torch.linalg.lu_factor(A).LU, "lu_L": torch.linalg.lu(A).L,
        "solve_triangular": torch.linalg.solve_triangular(A.triu(), A, upper=True),
        "solve_triangular_row": torch.linalg.solve_triangular(A.triu(), A[:1], upper=True, left=False),
        "lu_solve_right": torch.linalg.lu_solve(*torch.linalg.lu_factor(A), A, left=False),
        "svd_V": torch.svd(A).V}
for name, t in outs.items():
    print(name, t._is_view(), t._base is None, t.stride())

x = torch.randn(3, 3, requires_grad=True)


def attempt(f):
    try:
        print(f())
    except RuntimeError as e:
        # the results are saved by their nodes: backward reports the in-place change
        print(type(e).__name__, e)


y = torch.linalg.inv_ex(x).inverse
y.mul_(2)
print(y.grad_fn.name())
attempt(lambda: y.sum().backward())
Q, R = torch.linalg.qr(x)
R.add_(1)
print(R.grad_fn.name())
attempt(lambda: (Q.sum() + R.sum()).backward())
LU = torch.linalg.lu_factor(x).LU
LU.mul_(2)
print(LU.grad_fn.name())
attempt(lambda: LU.sum().backward())
X = torch.linalg.solve_triangular(x.triu() + 3 * torch.eye(3), torch.ones(3, 2), upper=True)
X.add_(1)
print(X.grad_fn.name())
attempt(lambda: X.sum().backward())
E = torch.linalg.eigvalsh(x @ x.mT)
E.add_(1)
print(E.grad_fn.name())
attempt(lambda: E.sum().backward())
