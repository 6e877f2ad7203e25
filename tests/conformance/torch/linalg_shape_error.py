# Shape errors of the LAPACK-backed torch.linalg ops, word for word: fewer than 2 dims,
# non-square matrices, solve's incompatible A and B (the vector rule included) and
# batch dims that do not broadcast; argument errors of the builtins. Ends uncaught.
import torch

def attempt(label, fn):
    try:
        fn()
        print(label, "no error")
    except Exception as e:
        print(label, type(e).__name__, e)

A = torch.randn(2, 3, 3)
rect = torch.randn(2, 3, 4)
for name, fn in [("linalg.det", torch.linalg.det), ("det", torch.det), ("slogdet", torch.slogdet),
                 ("linalg.slogdet", torch.linalg.slogdet), ("logdet", torch.logdet), ("linalg.inv", torch.linalg.inv),
                 ("inverse", torch.inverse), ("inv_ex", torch.linalg.inv_ex), ("linalg.cholesky", torch.linalg.cholesky),
                 ("cholesky", torch.cholesky), ("cholesky_ex", torch.linalg.cholesky_ex)]:
    attempt(name + " rect", lambda: fn(rect))
    attempt(name + " 1-d", lambda: fn(torch.randn(3)))
    attempt(name + " 0-d", lambda: fn(torch.tensor(2.)))
attempt("Tensor.det", lambda: rect.det())
attempt("Tensor.inverse", lambda: rect.inverse())
attempt("solve rect A", lambda: torch.linalg.solve(rect, A))
attempt("solve B rows", lambda: torch.linalg.solve(A, torch.randn(2, 4, 2)))
attempt("solve B 0-d", lambda: torch.linalg.solve(A, torch.tensor(1.)))
attempt("solve vector", lambda: torch.linalg.solve(A, torch.randn(4)))
attempt("solve vectors", lambda: torch.linalg.solve(A, torch.randn(5, 3)))
attempt("solve batch", lambda: torch.linalg.solve(A, torch.randn(4, 3, 2)))
attempt("solve batch 2", lambda: torch.linalg.solve(torch.randn(5, 1, 3, 3), torch.randn(4, 3, 2)))
attempt("solve right", lambda: torch.linalg.solve(A, torch.randn(2, 2, 4), left=False))
attempt("solve right vector", lambda: torch.linalg.solve(A, torch.randn(3), left=False))
attempt("solve right vector 1x1", lambda: torch.linalg.solve(torch.randn(2, 1, 1), torch.randn(2, 1), left=False))
attempt("solve_ex rect", lambda: torch.linalg.solve_ex(rect, A))
attempt("det no args", lambda: torch.linalg.det())
attempt("det two args", lambda: torch.linalg.det(A, A))
attempt("solve keyword", lambda: torch.linalg.solve(A, A, right=True))
attempt("cholesky upper", lambda: torch.linalg.cholesky(A, True))
print(torch.linalg.solve(torch.eye(3), torch.ones(3)))
torch.linalg.solve(A, torch.randn(2, 4, 1))
