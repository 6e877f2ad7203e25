# transpose, t, T, permute: strided views and their backward nodes.
import torch

x = torch.arange(6.0).reshape(2, 3).requires_grad_()
print(x.t(), x.T.shape)
print(x.transpose(0, 1).grad_fn, x.t().grad_fn)
y = torch.arange(24.0).reshape(2, 3, 4)
p = y.permute(2, 0, 1)
print(p.shape, p.stride(), p.is_contiguous())
print(y.transpose(0, 2).shape, y.transpose(-1, -2).stride())
print(torch.transpose(y, 1, 2).shape, torch.permute(y, (1, 0, 2)).shape, torch.t(x).shape)
w = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
(x.t() * w.t()).sum().backward()
print(x.grad)
q = x.permute(1, 0)
print(q.grad_fn, q.grad_fn._saved_dims)
