# Tensor.unflatten / torch.unflatten and nn.Unflatten: a view (ViewBackward0) with one
# size inferred from -1, PyTorch's errors for sizes that do not multiply up.
import torch
import torch.nn as nn

x = torch.arange(24.0, requires_grad=True)
y = x.reshape(2, 12).unflatten(1, (3, -1))
print(y.shape, y.grad_fn)
print(torch.unflatten(x, 0, (2, 3, 4)).shape)
print(x.reshape(2, 12).unflatten(-1, [2, 2, 3]).shape)
(y * torch.arange(24.0).reshape(2, 3, 4)).sum().backward()
print(x.grad)
m = nn.Unflatten(1, (2, 5, 5))
print(m)
print(m(torch.ones(2, 50)).shape)
print(nn.Sequential(nn.Flatten(), nn.Unflatten(1, (6, 4)))(torch.ones(3, 2, 12)).shape)
for dim, sizes in ((1, (5, 3)), (0, (-1, -1)), (1, ())):
    try:
        torch.ones(2, 12).unflatten(dim, sizes)
    except RuntimeError as e:
        print("RuntimeError:", e)
