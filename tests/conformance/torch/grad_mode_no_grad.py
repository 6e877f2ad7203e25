# torch.no_grad and torch.enable_grad as context managers, nested.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    y = x * 2
    print(y.requires_grad, y.grad_fn, torch.is_grad_enabled())
    with torch.enable_grad():
        z = x * 2
        print(z.requires_grad, z.grad_fn, torch.is_grad_enabled())
    print(torch.is_grad_enabled())
print(torch.is_grad_enabled())
w = x * 2
print(w.requires_grad)
with torch.no_grad():
    x.mul_(2)
print(x, x.is_leaf, x._version)
