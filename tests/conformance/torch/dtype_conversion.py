# Conversions between dtypes, with and without gradient tracking.
import torch

x = torch.tensor([1.7, -2.3, 0.0], requires_grad=True)
print(x.to(torch.float64))
print(x.to(torch.int64))
print(x.long(), x.bool())
y = x.double()
print(y.grad_fn, y.requires_grad)
y.sum().backward()
print(x.grad, x.grad.dtype)
print(torch.float32 == torch.float, torch.float64 == torch.double, torch.int64 == torch.long)
print(torch.float32, torch.int64, torch.bool, torch.float64)
print(x.dtype is torch.float32, x.is_floating_point(), x.long().is_floating_point())
print(x.element_size(), x.double().element_size(), x.long().element_size(), x.bool().element_size())
print(torch.tensor([1, 2]).to(dtype=torch.float32))
print(x.to(x.double().detach()).dtype)
print(x.float() is x)
