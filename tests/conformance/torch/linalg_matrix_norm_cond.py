# torch.linalg.matrix_norm / norm with every matrix order ('fro', 'nuc', +-2, +-1, +-inf; dims
# anywhere, keepdim) and torch.linalg.cond (None, +-2, +-1, +-inf, 'fro', 'nuc'): 1.13's
# composites over svdvals, vector_norm and inv_ex, values, grad_fn names, gradients and
# error texts.
import torch

torch.manual_seed(17)
inf = float("inf")
for dtype in (torch.float32, torch.float64):
    A = torch.randn(2, 3, 4, dtype=dtype)
    for ord in ("fro", "nuc", 2, -2, 1, -1, inf, -inf):
        print(ord, torch.linalg.matrix_norm(A, ord).tolist(), torch.linalg.matrix_norm(A, ord, dim=(0, 2)).tolist(),
              torch.linalg.matrix_norm(A, ord, dim=(2, 0), keepdim=True).tolist(),
              torch.linalg.matrix_norm(A, ord, dim=(-1, -2), keepdim=True).shape)
        print(torch.linalg.norm(A[0], ord).tolist(), torch.linalg.norm(A, ord, dim=(1, 2)).tolist())
    S = torch.randn(3, 3, 3, dtype=dtype)
    for p in (None, 2, -2, 1, -1, inf, -inf, "fro", "nuc", 1.0):
        print(p, torch.linalg.cond(S, p).tolist())
    print(torch.linalg.cond(torch.tensor([[1., 2.], [2., 4.]], dtype=dtype), 1),
          torch.linalg.cond(torch.tensor([[1., 2.], [2., 4.]], dtype=dtype), "nuc"),
          torch.linalg.cond(torch.zeros(2, 2, dtype=dtype), "fro"), torch.linalg.cond(torch.zeros(2, 0, 0), 1))

for dtype in (torch.float32, torch.float64):
    A = torch.randn(3, 3, dtype=dtype, requires_grad=True)
    for ord in ("nuc", 2, -2, 1, -1, inf):
        n = torch.linalg.matrix_norm(A, ord)
        n.backward()
        print(ord, n.grad_fn.name(), A.grad.tolist())
        A.grad = None
    for p in (None, -2, 1, inf, "fro", "nuc"):
        c = torch.linalg.cond(A, p)
        try:
            c.backward()
            print(p, c.grad_fn.name(), A.grad.tolist())
        except RuntimeError as e:
            # 1.13 fills the saved inverse in place: its backward reports the version change
            print(p, c.grad_fn.name(), type(e).__name__, e)
        A.grad = None

print("errors")
A = torch.randn(3, 4)
for f in (lambda: torch.linalg.matrix_norm(A, 3),
          lambda: torch.linalg.matrix_norm(A, 0.5),
          lambda: torch.linalg.matrix_norm(A, "foo"),
          lambda: torch.linalg.matrix_norm(A, dim=(0,)),
          lambda: torch.linalg.matrix_norm(A, dim=(1, -1)),
          lambda: torch.linalg.matrix_norm(A, dim=(0, 2)),
          lambda: torch.linalg.matrix_norm(A.long(), 2),
          lambda: torch.linalg.matrix_norm(torch.randn(3)),
          lambda: torch.linalg.cond(A, 3),
          lambda: torch.linalg.cond(A, "foo"),
          lambda: torch.linalg.cond(A, 1),
          lambda: torch.linalg.cond(A, 1.),
          lambda: torch.linalg.cond(A, inf),
          lambda: torch.linalg.cond(A, "fro"),
          lambda: torch.linalg.cond(torch.randn(3))):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
