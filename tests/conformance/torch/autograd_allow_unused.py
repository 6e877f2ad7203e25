# allow_unused=True returns None for inputs the output does not depend on.
import torch

a = torch.tensor(1.0, requires_grad=True)
b = torch.tensor(2.0, requires_grad=True)
out = a * 3
print(torch.autograd.grad(out, [a, b], allow_unused=True))
try:
    torch.autograd.grad(a * 3, [a, b])
except RuntimeError as e:
    print(e)
