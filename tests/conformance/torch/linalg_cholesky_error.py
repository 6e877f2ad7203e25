# Matrices that are not positive-definite: linalg.cholesky, torch.cholesky and
# cholesky_ex(check_errors=True) raise torch.linalg.LinAlgError with the order of the
# failing leading minor and the batch element, word for word. Ends uncaught.
import torch

def attempt(label, fn):
    try:
        fn()
        print(label, "no error")
    except Exception as e:
        print(label, type(e).__name__, e)

indefinite = torch.tensor([[1., 2.], [2., 1.]])
batch = torch.stack([torch.eye(2), 2 * torch.eye(2), indefinite, -torch.eye(2)])
attempt("linalg.cholesky", lambda: torch.linalg.cholesky(indefinite))
attempt("linalg.cholesky upper", lambda: torch.linalg.cholesky(-torch.eye(3), upper=True))
attempt("linalg.cholesky batch", lambda: torch.linalg.cholesky(batch))
attempt("cholesky", lambda: torch.cholesky(indefinite))
attempt("cholesky batch", lambda: torch.cholesky(batch, upper=True))
attempt("Tensor.cholesky", lambda: batch[2:].cholesky())
attempt("cholesky_ex checked", lambda: torch.linalg.cholesky_ex(batch, check_errors=True))
attempt("cholesky_ex 2-d checked", lambda: torch.linalg.cholesky_ex(indefinite, check_errors=True))
attempt("nan", lambda: torch.linalg.cholesky(torch.tensor([[float("nan"), 0.], [0., 1.]])))
print(torch.linalg.cholesky_ex(batch).info, torch.linalg.cholesky_ex(torch.zeros(3, 3)).info)
torch.linalg.cholesky(batch[1:])
