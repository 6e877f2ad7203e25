# backward() on a tensor that does not require grad (made under no_grad).
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    y = (x * 2).sum()
print(y.requires_grad, y.grad_fn)
y.backward()
