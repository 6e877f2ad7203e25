# Views share storage and the version counter with their base.
import torch

base = torch.arange(6.0)
v = base.view(2, 3)
print(v, v._base is base, base._base)
print(v.is_contiguous(), v.stride(), v.storage_offset())
v[0, 0] = 100.0
print(base)
print(base._version, v._version)
r = base.reshape(3, 2)
print(r._base is base)
t = v.t()
print(t.is_contiguous(), t.stride(), t.stride(0))
c = t.contiguous()
print(c.is_contiguous(), c._base is None)
rt = t.reshape(6)
print(rt._base is None, rt)
s = base[2:]
print(s.storage_offset(), s._base is base)
print(base.view(-1, 2).shape, base.view(3, -1).shape)
print(v.view_as(torch.zeros(3, 2)).shape, base.reshape_as(v).shape)
d = base.detach()
d[1] = -1.0
print(base, base._version)
