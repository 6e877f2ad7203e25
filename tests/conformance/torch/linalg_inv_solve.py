# torch.linalg.inv / torch.inverse / Tensor.inverse / torch.linalg.inv_ex and
# torch.linalg.solve / solve_ex: getrf + getrs values to the last bit, the layouts 1.13
# gives its results (column-major, and the odd strides of a vector right-hand side), 1.13's
# broadcasting of batches and of vectors, left=False, info, grad_fn names.
import torch

torch.manual_seed(1)
for dtype in (torch.float32, torch.float64):
    A = torch.randn(2, 4, 4, dtype=dtype)
    Ainv = torch.linalg.inv(A)
    print(Ainv.tolist(), Ainv.stride())
    print(torch.inverse(A.mT).tolist(), A[0].inverse().tolist(), A[0].inverse().stride())
    r = torch.linalg.inv_ex(A)
    print(r.inverse.equal(Ainv), r.info, r.info.dtype)
    B = torch.randn(2, 4, 3, dtype=dtype)
    X = torch.linalg.solve(A, B)
    print(X.tolist(), X.stride())
    print(torch.linalg.solve(A.mT, B).tolist())
    b = torch.randn(4, dtype=dtype)
    x = torch.linalg.solve(A, b)
    print(x.tolist(), x.shape, x.stride())
    bb = torch.randn(2, 4, dtype=dtype)
    xb = torch.linalg.solve(A, bb)
    print(xb.tolist(), xb.shape, xb.stride())
    Xb = torch.linalg.solve(A[0], B)
    print(Xb.tolist(), Xb.stride())
    Xc = torch.linalg.solve(A, torch.randn(3, 1, 4, 2, dtype=dtype))
    print(Xc.tolist(), Xc.shape, Xc.stride())
    Xr = torch.linalg.solve(A, torch.randn(2, 5, 4, dtype=dtype), left=False)
    print(Xr.tolist(), Xr.stride())
    r = torch.linalg.solve_ex(A, B)
    print(r.result.equal(X), r.info)

S = torch.tensor([[1., 2.], [2., 4.]])
r = torch.linalg.inv_ex(S)
print(r.inverse, r.info)
print(torch.linalg.solve_ex(torch.stack([torch.eye(2), S]), torch.ones(2, 2, 1)))
print(torch.linalg.inv(torch.randn(2, 0, 0)), torch.linalg.inv(torch.randn(0, 2, 2)).shape)
print(repr(torch.linalg.inv_ex(torch.eye(2) * 2)))

A = torch.randn(3, 3, requires_grad=True)
B = torch.randn(3, 2, requires_grad=True)
print(torch.linalg.inv(A).grad_fn.name(), torch.inverse(A).grad_fn.name(), A.inverse().grad_fn.name())
r = torch.linalg.inv_ex(A)
print(r.inverse.grad_fn.name(), r.info.grad_fn, r.info.requires_grad)
X = torch.linalg.solve(A, B)
print(X.grad_fn.name(), [f[0].name() for f in X.grad_fn.next_functions])
print(torch.linalg.solve_ex(A, B).info.requires_grad, torch.linalg.solve(A, B[:, 0]).grad_fn.name())
print(torch.linalg.solve(A, B))
