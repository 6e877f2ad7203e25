# torch.linalg.pinv (atol / rtol as floats or tensors, rcond, hermitian), torch.pinverse /
# Tensor.pinverse and torch.linalg.matrix_rank: 1.13's composites over gesdd / syevd to the
# last bit, LinalgPinvBackward0 and its gradients, rank-deficient inputs, error texts.
import torch

torch.manual_seed(5)
for dtype in (torch.float32, torch.float64):
    for shape in ((4, 3), (3, 5), (2, 3, 3)):
        A = torch.randn(*shape, dtype=dtype)
        print(torch.linalg.pinv(A).tolist())
        print(torch.pinverse(A).tolist(), A.pinverse(rcond=0.5).tolist())
        print(torch.linalg.pinv(A, atol=0.9).tolist(), torch.linalg.pinv(A, rtol=0.4).tolist())
        print(torch.linalg.pinv(A, 0.3).tolist(), torch.linalg.pinv(A, torch.tensor(0.3)).tolist())
        print(torch.linalg.matrix_rank(A).tolist(), torch.linalg.matrix_rank(A, atol=1.0, rtol=0.1).tolist(),
              torch.linalg.matrix_rank(A, 0.8).tolist(), torch.linalg.matrix_rank(A, tol=torch.tensor(0.8)).tolist())
    M = torch.randn(3, 4, 4, dtype=dtype)
    H = M + M.mT
    print(torch.linalg.pinv(H, hermitian=True).tolist())
    print(torch.linalg.matrix_rank(H, hermitian=True).tolist(), torch.linalg.matrix_rank(H, hermitian=True, atol=2.0))
    low = torch.randn(5, 2, dtype=dtype) @ torch.randn(2, 4, dtype=dtype)
    print(torch.linalg.matrix_rank(low), torch.linalg.pinv(low).tolist())

print(torch.linalg.pinv(torch.tensor([[1., 2.], [2., 4.]])))
print(torch.linalg.matrix_rank(torch.randn(2, 0, 3)), torch.linalg.pinv(torch.randn(0, 3)).shape)

for dtype in (torch.float32, torch.float64):
    for shape in ((4, 3), (3, 5), (2, 3, 3)):
        A = torch.randn(*shape, dtype=dtype, requires_grad=True)
        P = torch.linalg.pinv(A)
        print(P.grad_fn.name())
        P.sin().sum().backward()
        print(A.grad.tolist())
        A.grad = None
    M = torch.randn(3, 3, dtype=dtype)
    H = (M + M.mT).requires_grad_()
    torch.linalg.pinv(H, hermitian=True).pow(2).sum().backward()
    print(H.grad.tolist())

print("errors")
for f in (lambda: torch.linalg.pinv(torch.randn(3)),
          lambda: torch.linalg.pinv(torch.randn(3, 3).int()),
          lambda: torch.linalg.matrix_rank(torch.randn(3)),
          lambda: torch.linalg.matrix_rank(torch.randn(3, 3).int()),
          lambda: torch.pinverse(torch.randn(2, 2, dtype=torch.float64).long())):
    try:
        f()
        print("no error")
    except Exception as e:
        print(type(e).__name__, e)
