# 0-d tensors: values, items, grad_fn suffix and dtype suffix.
import torch

a = torch.tensor(2.5)
print(a, a.dim(), a.shape, a.numel(), a.item())
b = torch.tensor(3.0, requires_grad=True)
c = b * a
print(b)
print(c)
print(c.sum(), c.mean())
print(torch.tensor(1.0, dtype=torch.float64))
print(torch.tensor(1.0, dtype=torch.float64, requires_grad=True) * 2)
print(torch.tensor([1.0, 2.0]).sum())
print(torch.tensor([4.0, 2.0]).max())
print(torch.tensor(-0.5), torch.tensor(100.0), torch.tensor(1e-6))
