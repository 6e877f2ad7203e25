# sum/mean over dims with keepdim, max/min returning (values, indices), argmax.
import torch

x = torch.tensor([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]], requires_grad=True)
print(x.sum(), x.sum(0), x.sum(1), x.sum(dim=1, keepdim=True))
print(x.sum((0, 1)), x.mean(), x.mean(0), x.mean(-1, keepdim=True))
print(torch.sum(x, 1), torch.mean(x, dim=0))
print(x.max(), x.min())
m = x.max(dim=1)
print(m)
print(m.values, m.indices, m[0], m[1])
values, indices = x.min(0)
print(values, indices)
print(x.max(1, keepdim=True))
print(x.argmax(), x.argmax(dim=0), torch.argmax(x, 1))
print(torch.max(x), torch.max(x, 0))
y = x.sum(1).grad_fn
print(y, y.name())
(x.max(dim=1).values.sum() + x.mean()).backward()
print(x.grad)
print(torch.tensor([1, 2, 3]).sum(), torch.tensor([True, True]).sum(), torch.tensor([1, 2]).sum(dtype=torch.float32))
