# torch.cholesky_solve / Tensor.cholesky_solve (upper, batch broadcasting) and
# torch.cholesky_inverse / Tensor.cholesky_inverse: potrs / potri values to the last bit,
# layouts, grad_fn names, gradients and 1.13's error texts.
import torch

torch.manual_seed(37)
for dtype in (torch.float32, torch.float64):
    M = torch.randn(2, 4, 4, dtype=dtype)
    A = M @ M.mT + torch.eye(4, dtype=dtype)
    L = torch.linalg.cholesky(A)
    U = L.mT
    b = torch.randn(2, 4, 3, dtype=dtype)
    X = torch.cholesky_solve(b, L)
    print(X.tolist(), X.stride())
    print(torch.cholesky_solve(b, U, upper=True).tolist(), b.cholesky_solve(L[0]).tolist())
    print(torch.cholesky_solve(b[0], L).shape, torch.cholesky_solve(b[:, :, :1], L).stride())
    I = torch.cholesky_inverse(L)
    print(I.tolist(), I.stride(), torch.cholesky_inverse(U, upper=True).tolist(), L[1].cholesky_inverse().tolist())
    print(torch.cholesky_inverse(L.mT.contiguous().mT).equal(I), torch.cholesky_inverse(L + torch.randn(4, 4, dtype=dtype).triu(1)).equal(I))

for dtype in (torch.float32, torch.float64):
    M = torch.randn(3, 3, dtype=dtype)
    L = torch.linalg.cholesky(M @ M.mT + torch.eye(3, dtype=dtype)).requires_grad_()
    b = torch.randn(3, 2, dtype=dtype, requires_grad=True)
    for upper in (False, True):
        factor = L.mT if upper else L
        X = torch.cholesky_solve(b, factor, upper=upper)
        print(X.grad_fn.name())
        X.sin().sum().backward()
        print(L.grad.tolist(), b.grad.tolist())
        L.grad = None
        b.grad = None
        I = torch.cholesky_inverse(factor, upper=upper)
        print(I.grad_fn.name())
        I.pow(2).sum().backward()
        print(L.grad.tolist())
        L.grad = None

print("errors")
L = torch.linalg.cholesky(torch.eye(3) * 2)
for f in (lambda: torch.cholesky_solve(torch.randn(3), L),
          lambda: torch.cholesky_solve(torch.randn(3, 2), torch.randn(3)),
          lambda: torch.cholesky_solve(torch.randn(4, 2), L),
          lambda: torch.cholesky_solve(torch.randn(3, 2).double(), L),
          lambda: torch.cholesky_solve(torch.randn(3, 2), torch.randn(3, 4)),
          lambda: torch.cholesky_inverse(torch.randn(3, 4)),
          lambda: torch.cholesky_inverse(torch.zeros(3, 3)),
          lambda: torch.cholesky_inverse(torch.zeros(2, 3, 3)),
          lambda: torch.cholesky_inverse(torch.randn(3)),
          lambda: torch.cholesky_solve(torch.randn(3, 2), torch.zeros(3, 3))):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
