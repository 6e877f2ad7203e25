# retain_grad keeps .grad on non-leaf tensors.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 3
h.retain_grad()
out = (h ** 2).sum()
out.retain_grad()
print(h.retains_grad, out.retains_grad)
out.backward()
print(h.grad, out.grad, x.grad)
x.retain_grad()
print(x.retains_grad)
