# Hooked saved tensors skip the version-counter check: modifying in place after saving does not raise, backward sees the new value.
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0])
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
    y = a * b
b.add_(10)
print(b._version)
y.sum().backward()
print(a.grad)

c = torch.tensor([3.0, 4.0])
y2 = a * c
c.add_(10)
try:
    y2.sum().backward()
except RuntimeError as e:
    print(type(e).__name__, e)
