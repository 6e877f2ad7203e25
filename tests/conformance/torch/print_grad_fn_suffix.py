# The suffixes PyTorch appends to a tensor's repr: grad_fn, requires_grad, dtype.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
print(x)
print(x * 2)
print(x + 1)
print(x.sum())
print(x.double() * 2)
print(x.detach())
with torch.no_grad():
    print(x * 2)
print(torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True))
print(x.long())
print(x[0])
print(x.view(2, 1))
y = x.clone()
print(y)
print([x * 2, x.detach()])
print((x * 2, ))
