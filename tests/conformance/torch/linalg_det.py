# torch.linalg.det / torch.det / Tensor.det, torch.linalg.slogdet / torch.slogdet and
# torch.logdet: values to the last bit (getrf's LU of A^T when A is contiguous, of A
# otherwise: both layouts are printed), batches, signs from row swaps, singular and empty
# matrices, the return types and the grad_fn names 1.13 prints.
import torch

torch.manual_seed(0)
for dtype in (torch.float32, torch.float64):
    A = torch.randn(3, 4, 4, dtype=dtype)
    print(torch.linalg.det(A).tolist())
    print(torch.det(A.mT).tolist())           # not contiguous: the factors of A itself
    print(A[1].det().tolist(), A[1].t().det().tolist())
    big = torch.randn(12, 12, dtype=dtype)
    print(torch.linalg.det(big).tolist(), torch.linalg.det(big.t()).tolist())
    sign, logabsdet = torch.linalg.slogdet(A)
    print(sign.tolist(), logabsdet.tolist())
    print(torch.slogdet(big).logabsdet.tolist(), A.slogdet()[1].tolist())
    print(torch.logdet(A).tolist(), A.mT.logdet().tolist())

P = torch.tensor([[0., 1., 0.], [0., 0., 1.], [1., 0., 0.]])
print(torch.det(P), torch.det(-P), torch.det(P[[1, 0, 2]]))
S = torch.tensor([[1., 2., 3.], [4., 5., 6.], [5., 7., 9.]])
print(torch.linalg.det(S), torch.slogdet(S), torch.logdet(S))
Z = torch.zeros(2, 2, dtype=torch.float64)
print(torch.det(Z), torch.linalg.slogdet(Z), torch.logdet(Z))
print(torch.logdet(-torch.eye(3)), torch.logdet(torch.diag(torch.tensor([-1., -2., 3.]))))
print(torch.det(torch.randn(2, 0, 0)), torch.det(torch.randn(0, 3, 3)), torch.slogdet(torch.randn(0, 2, 2)))
print(torch.det(torch.tensor([[2.5]])), torch.linalg.slogdet(torch.tensor([[-0.5]])))
print(repr(torch.linalg.slogdet(torch.eye(2))))

X = torch.randn(2, 3, 3, requires_grad=True)
print(torch.linalg.det(X).grad_fn.name(), torch.det(X).grad_fn.name(), X.det().grad_fn.name())
s, l = torch.slogdet(X)
print(s.grad_fn.name(), l.grad_fn.name(), torch.linalg.slogdet(X).sign.grad_fn.name())
d = torch.logdet(X)
print(d.grad_fn.name(), [f[0] if f[0] is None else f[0].name() for f in d.grad_fn.next_functions])
print(torch.det(X))
