import torch

a = torch.randn(2, 3, requires_grad=True)
b = a.sigmoid()
c = b * 2
b.mul_(3)
try:
    c.sum().backward()
except RuntimeError as e:
    print("error:", e)
with torch.no_grad():
    a.add_(1)
print(a._version, b._version)
