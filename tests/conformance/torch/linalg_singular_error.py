# Singular matrices: inv / inverse / inv_ex(check_errors=True) and solve / solve_ex raise
# torch.linalg.LinAlgError (torch._C._LinAlgError, a RuntimeError) with 1.13's words,
# naming the first failing batch element; without the check, info reports it. Ends uncaught.
import torch

def attempt(label, fn):
    try:
        fn()
        print(label, "no error")
    except torch.linalg.LinAlgError as e:
        print(label, type(e).__name__, isinstance(e, RuntimeError), e)

S = torch.tensor([[1., 2., 3.], [2., 4., 6.], [0., 1., 1.]])
Z = torch.zeros(3, 3)
batch = torch.stack([torch.eye(3), S, Z])
attempt("inv", lambda: torch.linalg.inv(S))
attempt("inv zeros", lambda: torch.linalg.inv(Z))
attempt("inverse", lambda: torch.inverse(S))
attempt("Tensor.inverse", lambda: batch.inverse())
attempt("inv batch", lambda: torch.linalg.inv(batch))
attempt("inv batch of one", lambda: torch.linalg.inv(S.unsqueeze(0)))
attempt("inv_ex checked", lambda: torch.linalg.inv_ex(batch, check_errors=True))
print(torch.linalg.inv_ex(batch).info, torch.linalg.inv_ex(S).info)
attempt("solve", lambda: torch.linalg.solve(S, torch.ones(3)))
attempt("solve batch", lambda: torch.linalg.solve(batch, torch.ones(3, 3, 2)))
attempt("solve broadcast", lambda: torch.linalg.solve(S, torch.ones(4, 3, 2)))
attempt("solve_ex checked", lambda: torch.linalg.solve_ex(batch, torch.ones(3, 3), check_errors=True))
print(torch.linalg.solve_ex(batch, torch.ones(3, 3)).info)
print(torch.linalg.LinAlgError.__name__, torch.linalg.LinAlgError.__module__, issubclass(torch.linalg.LinAlgError, RuntimeError))
print(torch.det(S), torch.logdet(S))
torch.linalg.inv(batch)
