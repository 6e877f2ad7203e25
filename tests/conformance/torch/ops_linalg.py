# Matrix products: matmul and @ in every shape combination, mm, bmm, dot, mv.
import torch

A = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
B = torch.tensor([[0.5, -1.0], [2.0, 0.0]], requires_grad=True)
v = torch.tensor([1.0, -1.0], requires_grad=True)
print(A @ B, torch.matmul(A, B), A.mm(B), torch.mm(A, B))
print(A @ v, torch.mv(A, v), v @ A, v @ v, torch.dot(v, v))
C = A @ B
print(C.grad_fn, (A @ v).grad_fn, (v @ v).grad_fn)
(C.sum() + (A @ v).sum()).backward()
print(A.grad, B.grad, v.grad)
batch = torch.arange(12.0).reshape(2, 2, 3)
other = torch.ones(2, 3, 1)
print(torch.bmm(batch, other), batch.bmm(other).shape)
print((batch @ torch.ones(3)).shape, (torch.ones(2, 3) @ torch.ones(3, 4)).shape)
print(torch.matmul(batch, torch.ones(3, 2)).shape)
