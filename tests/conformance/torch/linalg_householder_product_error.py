# linalg.householder_product / torch.orgqr / Tensor.orgqr on bad input: 1.13's checks of
# the shapes of input and tau, their dtypes, and argument errors, word for word. Ends
# uncaught.
import torch

def attempt(label, fn):
    try:
        fn()
        print(label, "no error")
    except Exception as e:
        print(label, type(e).__name__, e)

cases = [
    ("vector", torch.randn(3), torch.randn(1)),
    ("wide", torch.randn(3, 4), torch.randn(2)),
    ("long tau", torch.randn(4, 3), torch.randn(4)),
    ("tau ndim", torch.randn(4, 3), torch.randn(2, 2)),
    ("tau batch", torch.randn(2, 4, 3), torch.randn(3, 2)),
    ("tau dtype", torch.randn(4, 3), torch.randn(2, dtype=torch.float64)),
    ("input dtype", torch.randn(4, 3, dtype=torch.float64), torch.randn(2)),
    ("long", torch.ones(4, 3, dtype=torch.long), torch.ones(2, dtype=torch.long)),
    ("scalar tau", torch.randn(4, 3), torch.tensor(1.0)),
]
for label, A, tau in cases:
    attempt(label, lambda: torch.linalg.householder_product(A, tau))
    attempt("orgqr " + label, lambda: torch.orgqr(A, tau))
    attempt("Tensor.orgqr " + label, lambda: A.orgqr(tau))
attempt("int argument", lambda: torch.linalg.householder_product(1, torch.randn(1)))
attempt("missing tau", lambda: torch.linalg.householder_product(torch.randn(2, 2)))
attempt("orgqr int", lambda: torch.orgqr(1, 2))
attempt("method missing", lambda: torch.randn(2, 2).orgqr())
torch.linalg.householder_product(torch.randn(2, 3, 3), torch.randn(3, 2))
