# torch.linalg.cholesky (upper=), torch.linalg.cholesky_ex, the deprecated torch.cholesky /
# Tensor.cholesky with its one-time warning: potrf values to the last bit (only the
# triangle it reads matters), layouts, info for matrices that are not positive-definite,
# grad_fn names.
import torch

torch.manual_seed(2)
for dtype in (torch.float32, torch.float64):
    M = torch.randn(3, 5, 5, dtype=dtype)
    A = M @ M.mT + 0.5 * torch.eye(5, dtype=dtype)
    L = torch.linalg.cholesky(A)
    print(L.tolist(), L.stride())
    U = torch.linalg.cholesky(A, upper=True)
    print(U.tolist(), U.equal(L.mT))
    print(torch.linalg.cholesky(A.mT).equal(L), torch.linalg.cholesky(A.tril()).equal(L))
    print(torch.cholesky(A).equal(L), torch.cholesky(A, upper=True).equal(U), A.cholesky(True).stride())
    r = torch.linalg.cholesky_ex(A)
    print(r.L.equal(L), r.info)

bad = torch.tensor([[[4., 2.], [2., 3.]], [[1., 2.], [2., 1.]], [[-1., 0.], [0., 1.]]])
r = torch.linalg.cholesky_ex(bad)
print(r)
print(torch.linalg.cholesky_ex(bad, upper=True).info)
print(torch.linalg.cholesky(torch.randn(2, 0, 0)), torch.cholesky(torch.randn(0, 3, 3)).shape)
print(torch.linalg.cholesky(torch.tensor([[9.]])))

A = (torch.eye(3) * 2 + 0.1).requires_grad_()
print(torch.linalg.cholesky(A).grad_fn.name(), torch.linalg.cholesky(A, upper=True).grad_fn.name())
print(torch.cholesky(A).grad_fn.name(), A.cholesky(upper=True).grad_fn.name())
r = torch.linalg.cholesky_ex(A)
print(r.L.grad_fn.name(), r.info.grad_fn)
print(torch.linalg.cholesky(A))
