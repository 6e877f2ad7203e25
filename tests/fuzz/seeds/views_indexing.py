import torch

a = torch.arange(12.0).reshape(3, 4)
a.requires_grad_(True)
b = a[1:, ::2]
c = a.t()[0]
d = a.view(-1).narrow(0, 2, 5)
e = a.expand(2, 3, 4).sum(dim=0)
print(b, c, d, e.shape)
with torch.no_grad():
    v = a.detach()[0]
    v[1] = 5.0
print(a, a._version)
s = torch.cat([a, a], dim=1).max(dim=1)
print(s.values, s.indices, torch.where(a > 5, a, torch.zeros(1)))
