# .data and .detach() share storage; only detach() shares the version counter.
import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = a.sigmoid()
c = out.data
c.zero_()
print(out, out._version)
out.sum().backward()
print(a.grad)
b = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out2 = b.sigmoid()
d = out2.detach()
print(d.requires_grad, d.is_leaf, d._version)
d.zero_()
print(out2, out2._version)
print(a.data, a.data.requires_grad, a.data.is_leaf)
e = torch.zeros(3)
e.data = torch.ones(3)
print(e)
