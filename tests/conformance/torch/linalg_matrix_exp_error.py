# linalg.matrix_exp / torch.matrix_exp / Tensor.matrix_exp on bad input: 1.13's checks
# (square matrices of at least 2 dimensions, floating dtypes) and argument errors, word for
# word. Ends uncaught.
import torch

def attempt(label, fn):
    try:
        fn()
        print(label, "no error")
    except Exception as e:
        print(label, type(e).__name__, e)

attempt("vector", lambda: torch.linalg.matrix_exp(torch.randn(3)))
attempt("scalar", lambda: torch.matrix_exp(torch.tensor(1.0)))
attempt("rectangular", lambda: torch.linalg.matrix_exp(torch.randn(3, 4)))
attempt("batch rectangular", lambda: torch.randn(2, 2, 3).matrix_exp())
attempt("long", lambda: torch.linalg.matrix_exp(torch.ones(2, 2, dtype=torch.long)))
attempt("bool", lambda: torch.matrix_exp(torch.ones(2, 2, dtype=torch.bool)))
attempt("int argument", lambda: torch.linalg.matrix_exp(1))
attempt("two arguments", lambda: torch.matrix_exp(torch.randn(2, 2), 2))
attempt("method argument", lambda: torch.randn(2, 2).matrix_exp(3))
attempt("keyword", lambda: torch.linalg.matrix_exp(A=torch.randn(2, 2)))
torch.linalg.matrix_exp(torch.randn(4, 2))
