# nn.ModuleDict, nn.ParameterList, nn.ParameterDict and ModuleList editing: reprs, names, state_dict, errors, a forward/backward through them.
import torch
from torch import nn
from collections import OrderedDict
md = nn.ModuleDict({'relu': nn.ReLU(), 'lin': nn.Linear(2, 2)})
md['act'] = nn.Tanh()
md.update([('z', nn.Sigmoid())])
print(md)
print(list(md.keys()), len(md), 'relu' in md, [type(v).__name__ for v in md.values()])
print(md.pop('z'), list(md))
print([n for n, _ in md.named_parameters()])
print(md.state_dict().keys())
for bad in (3, [('a',)], [3]):
    try:
        md.update(bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
pl = nn.ParameterList([nn.Parameter(torch.ones(2, 3)), torch.zeros(4)])
pl.append(nn.Parameter(torch.ones(1, dtype=torch.float64)))
print(pl)
print(len(pl), [p.shape for p in pl], type(pl[1]).__name__, pl[-1])
print([n for n, _ in pl.named_parameters()])
print(pl[1:])
try:
    pl[5]
except IndexError as e:
    print(e)
try:
    pl.extend(torch.ones(2))
except TypeError as e:
    print(e)
try:
    pl(1)
except RuntimeError as e:
    print(e)
pd = nn.ParameterDict({'b': nn.Parameter(torch.ones(2)), 'a': torch.zeros(3, 1)})
pd['c'] = nn.Parameter(torch.ones(1))
print(pd)
print(list(pd.keys()), list(pd), len(pd), 'a' in pd, pd.get('zz'))
print([n for n, _ in pd.named_parameters()])
print(pd.pop('b'), list(pd.keys()))
print(pd.state_dict())
try:
    pd[1]
except TypeError as e:
    print(e)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(2, 2), nn.Linear(2, 1)])
        self.extra = nn.ParameterList([nn.Parameter(torch.tensor([1.0, -1.0]))])
        self.acts = nn.ModuleDict({'relu': nn.ReLU()})
        with torch.no_grad():
            self.layers[0].weight.copy_(torch.tensor([[1., 2.], [-1., 0.5]]))
            self.layers[0].bias.copy_(torch.tensor([0.1, -0.2]))
            self.layers[1].weight.copy_(torch.tensor([[0.3, -0.7]]))
            self.layers[1].bias.fill_(0.25)
    def forward(self, x):
        x = self.acts['relu'](self.layers[0](x) * self.extra[0])
        return self.layers[1](x)
net = Net()
print(net)
out = net(torch.tensor([[1.0, 2.0]]))
print(out)
out.sum().backward()
print(net.extra[0].grad, net.layers[0].weight.grad)
print(net.state_dict())
ml = nn.ModuleList([nn.ReLU(), nn.Tanh()])
ml.insert(1, nn.Sigmoid())
ml += [nn.Identity()]
del ml[0]
print(ml, ml[1:], ml[-1])
ml[0] = nn.ReLU()
print(ml)
try:
    ml[7]
except IndexError as e:
    print(e)
