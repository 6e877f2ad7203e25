# torch.linalg's composites over the LAPACK ops and plain ops: diagonal, matmul,
# matrix_power (negative powers through inv), vecdot, vander, tensorinv, tensorsolve; values,
# grad_fn names, gradients and error texts.
import torch

torch.manual_seed(23)
for dtype in (torch.float32, torch.float64):
    A = torch.randn(2, 3, 3, dtype=dtype)
    print(torch.linalg.diagonal(A).tolist(), torch.linalg.diagonal(A, offset=1, dim1=0, dim2=2).tolist())
    print(torch.linalg.matmul(A, A).tolist())
    for n in (-1, -2, -3, -5, 0, 4):
        print(n, torch.linalg.matrix_power(A, n).tolist(), A.matrix_power(n).equal(torch.linalg.matrix_power(A, n)))
    x, y = torch.randn(4, 3, dtype=dtype), torch.randn(3, dtype=dtype)
    print(torch.linalg.vecdot(x, y).tolist(), torch.linalg.vecdot(x, x, dim=0).tolist())
    print(torch.linalg.vander(y).tolist(), torch.linalg.vander(x, N=2).tolist())
    T = torch.randn(4, 6, 8, 3, dtype=dtype)
    print(torch.linalg.tensorinv(T, ind=2).shape, torch.linalg.tensorinv(T.reshape(24, 2, 2, 6), ind=1).tolist()[0][0])
    M = torch.randn(2, 3, 6, dtype=dtype)
    b = torch.randn(2, 3, dtype=dtype)
    print(torch.linalg.tensorsolve(M, b).tolist(), torch.linalg.tensorsolve(M.permute(2, 0, 1), b, dims=(0,)).tolist())
print(torch.linalg.vander(torch.tensor([1, 2, 3])), torch.linalg.vander(torch.tensor(2.), N=3))

for dtype in (torch.float32, torch.float64):
    A = torch.randn(3, 3, dtype=dtype, requires_grad=True)
    for n in (-2, -1, 5):
        P = torch.linalg.matrix_power(A, n)
        P.sum().backward()
        print(n, P.grad_fn.name(), A.grad.tolist())
        A.grad = None
    x = torch.randn(3, dtype=dtype, requires_grad=True)
    V = torch.linalg.vander(x)
    d = torch.linalg.vecdot(V, V)
    print(V.grad_fn.name(), d.grad_fn.name())
    d.sum().backward()
    print(x.grad.tolist())
    T = torch.randn(2, 2, 4, dtype=dtype, requires_grad=True)
    I = torch.linalg.tensorinv(T, ind=2)
    print(I.grad_fn.name())
    I.sin().sum().backward()
    print(T.grad.tolist())
    T.grad = None
    X = torch.linalg.tensorsolve(T, torch.ones(2, 2, dtype=dtype))
    print(X.grad_fn.name())
    X.sum().backward()
    print(T.grad.tolist())

print("errors")
for f in (lambda: torch.linalg.matrix_power(torch.zeros(2, 2), -1),
          lambda: torch.linalg.matrix_power(torch.randn(2, 3), 2),
          lambda: torch.linalg.vecdot(torch.randn(3), torch.randn(3).double()),
          lambda: torch.linalg.vecdot(torch.ones(3, dtype=torch.long), torch.ones(3, dtype=torch.long)),
          lambda: torch.linalg.vander(torch.randn(3), N=1),
          lambda: torch.linalg.vander(torch.tensor([True])),
          lambda: torch.linalg.tensorinv(torch.randn(2, 3, 4), ind=1),
          lambda: torch.linalg.tensorinv(torch.randn(4, 4), ind=0),
          lambda: torch.linalg.tensorinv(torch.zeros(2, 2, 4)),
          lambda: torch.linalg.tensorsolve(torch.randn(2, 3, 4), torch.randn(2, 3))):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
