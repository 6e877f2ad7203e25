# copy.deepcopy of tensors: leaves only (1.13's error for a result of an op), storage
# sharing between views kept inside one deepcopy, requires_grad and .grad copied, and the
# copies of a module's parameters and buffers independent of the originals.
import copy

import torch

torch.manual_seed(0)
x = torch.randn(2, 3, requires_grad=True)
(x * 2).sum().backward()
y = copy.deepcopy(x)
print(y, y.requires_grad, y.is_leaf, y.grad)
y.add_(1.) if False else None
with torch.no_grad():
    y.mul_(0.)
print(y.grad is x.grad, x)

try:
    copy.deepcopy(x * 2)
except RuntimeError as e:
    print(type(e).__name__, e)

base = torch.arange(6.)
view = base[2:]
a, b = copy.deepcopy([base, view])
a[3] = 100.
print(a, b, base, view)

plain = torch.ones(3)
plain.tag = 'kept'
c = copy.deepcopy(plain)
print(c, c.tag, c.requires_grad)

m = torch.nn.Linear(3, 2)
m.weight.grad = torch.ones(2, 3)
m.register_buffer('steps', torch.zeros(1))
m2 = copy.deepcopy(m)
with torch.no_grad():
    m2.weight.add_(1.)
    m2.steps.add_(5.)
print(m.steps, m2.steps, torch.equal(m.weight + 1, m2.weight), m2.weight.grad)
print(type(m2.weight).__name__, m2.weight.requires_grad)

opt = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
m(torch.ones(1, 3)).sum().backward()
opt.step()
state = copy.deepcopy(opt.state_dict())
print(sorted(state['state'].keys()), state['state'][0]['momentum_buffer'])
