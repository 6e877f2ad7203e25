# expand gives a new leading dim of size 1 the stride that steps over the dims after it
# (inferExpandGeometry), not 0: the strides show it, and so does copy_ treating
# `t[:, 0] = t` as a copy onto the very same elements (no partial-overlap error).
import torch

print(torch.arange(2.).expand(1, 2).stride(), torch.arange(2.).expand(3, 2).stride())
print(torch.arange(6.).view(2, 3)[:, :1].expand(1, 2, 3).stride())
print(torch.ones(2, 1).expand(1, 1, 2, 4).stride(), torch.ones(()).expand(1, 1).stride())
print(torch.arange(2.).expand_as(torch.ones(1, 1, 2)).stride())
print(torch.broadcast_to(torch.arange(3.), (1, 3)).stride())
a, b = torch.broadcast_tensors(torch.arange(3.), torch.ones(1, 1, 3))
print(a.stride(), b.stride(), a.is_contiguous())
t1 = torch.tensor([[[1.69526, 1.32353]]], dtype=torch.float64)
t1[:, 0] = t1
print(t1, t1._version)
t2 = torch.arange(6.).view(1, 2, 3)
t2[0] = t2
print(t2, t2._version)
t3 = torch.arange(4.).view(1, 1, 4)
t3[:, :, :] = t3[0]
t3[...] = t3
print(t3, t3._version)
t4 = torch.arange(4.)
try:
    t4[1:] = t4[:3]
    print(t4)
except RuntimeError as e:
    print(e)
