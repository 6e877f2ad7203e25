# Module.double()/to(dtype=...)/float() convert parameters and floating buffers (not integer ones); forward and backward in float64.
import torch
from torch import nn

m = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 1))
with torch.no_grad():
    m[0].weight.copy_(torch.tensor([[0.5, -1.0], [1.5, 0.25]]))
    m[0].bias.copy_(torch.tensor([0.1, 0.2]))
    m[2].weight.copy_(torch.tensor([[2.0, -0.5]]))
    m[2].bias.fill_(0.3)
m.register_buffer('scale', torch.tensor([1.0, 2.0]))
m.register_buffer('count', torch.tensor(3))
print(m.double() is m)
print([(n, p.dtype) for n, p in m.named_parameters()])
print([(n, b.dtype) for n, b in m.named_buffers()])
x = torch.tensor([[1.0, 2.0], [-1.0, 0.5]], dtype=torch.float64)
out = m(x)
print(out)
out.sum().backward()
print(m[0].weight.grad)
print(m[2].weight)
m.to(dtype=torch.float32)
print(m[0].weight, m[0].weight.grad.dtype, m.scale.dtype, m.count.dtype)
print(m(x.float()))
m.float()
print(m.state_dict())
