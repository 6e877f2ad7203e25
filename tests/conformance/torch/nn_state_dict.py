# Module.state_dict (OrderedDict, buffers, prefix, keep_vars), load_state_dict results and errors, register_buffer/register_parameter checks.
import torch
from torch import nn
from collections import OrderedDict
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 3)
        self.register_buffer('running', torch.zeros(3))
        self.register_buffer('tmp', torch.ones(1), persistent=False)
        self.register_buffer('none', None)
    def forward(self, x):
        return self.fc(x) + self.running
m = M()
with torch.no_grad():
    m.fc.weight.copy_(torch.tensor([[1., 2.], [3., 4.], [5., 6.]]))
    m.fc.bias.fill_(0.5)
sd = m.state_dict()
print(sd)
print(type(sd), list(sd.keys()), sd._metadata)
print(list(m.named_buffers()))
print(list(m.buffers()))
print(m.load_state_dict(sd))
r = m.load_state_dict({'fc.weight': torch.zeros(3, 2)}, strict=False)
print(r, r.missing_keys, r.unexpected_keys)
print(m.fc.weight)
try:
    m.load_state_dict({'fc.weight': torch.zeros(3, 2), 'extra': torch.ones(1), 'fc.foo': torch.ones(1)})
except RuntimeError as e:
    print(e)
try:
    m.load_state_dict({'fc.weight': torch.zeros(2, 2), 'fc.bias': torch.zeros(3), 'running': torch.zeros(3)})
except RuntimeError as e:
    print(e)
try:
    m.load_state_dict([1])
except TypeError as e:
    print(e)
m.running = torch.ones(3)
print(m.state_dict()['running'], m._buffers['running'])
for args in (('a.b', torch.ones(1)), ('', torch.ones(1)), ('fc', torch.ones(1)), ('x', 3), (1, torch.ones(1))):
    try:
        m.register_buffer(*args)
    except (KeyError, TypeError) as e:
        print(type(e).__name__, e)
try:
    m.running = 3
except TypeError as e:
    print(e)
for args in (('a.b', None), ('w', torch.ones(1)), ('w', nn.Parameter(torch.ones(1)) * 2)):
    try:
        m.register_parameter(*args)
    except (KeyError, TypeError, ValueError) as e:
        print(type(e).__name__, e)
m.register_parameter('w', nn.Parameter(torch.ones(2)))
print(list(m.state_dict().keys()))
print(m.state_dict(prefix='model.').keys())
print(m.state_dict(keep_vars=True)['w'])
shared = nn.Linear(1, 1)
s = nn.Sequential(shared, shared)
print([n for n, _ in s.named_modules()], [n for n, _ in s.named_parameters()])
print(s.state_dict().keys())
print(s)
m.double()
print(m.running.dtype, m.tmp.dtype)
del m.running
print(list(m.state_dict().keys()))
