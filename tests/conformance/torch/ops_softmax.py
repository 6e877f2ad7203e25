# softmax / log_softmax along a dim; rows sum to one; gradients.
import torch

x = torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]], requires_grad=True)
s = x.softmax(dim=1)
print(s, s.sum(1))
print(s.grad_fn)
ls = torch.log_softmax(x, 1)
print(ls, ls.grad_fn)
print(torch.softmax(x, 0))
(s[:, 0].sum() + ls[:, 2].sum()).backward()
print(x.grad)
print(torch.softmax(torch.tensor([1000.0, 1000.0]), 0))
