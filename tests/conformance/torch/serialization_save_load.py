# torch.save then torch.load: tensors of each dtype, views sharing a storage (their strides and
# offsets kept), Parameters, module and optimizer state dicts, nested containers, paths and
# file-like objects, map_location.
import io
import os
import tempfile
from collections import OrderedDict

import torch
from torch import nn


def describe(name, t):
    print(name, type(t).__name__, t.dtype, tuple(t.shape), t.stride(), t.storage_offset(), t.requires_grad,
          t.is_leaf, t._is_view())
    print(t)


tmp = tempfile.mkdtemp()
path = os.path.join(tmp, 'tensors.pt')

base = torch.arange(24.).reshape(2, 3, 4)
views = OrderedDict([
    ('base', base), ('t', base.transpose(0, 2)), ('row', base[1, 2]), ('cols', base[:, :, 1:3]),
    ('mid', base[:, 1]), ('step', base[..., 1::2]), ('perm', base.permute(2, 0, 1)[1:3]),
    ('bcast', torch.tensor([1., 2.]).expand(3, 2)), ('unsq', base[0, :, 2].unsqueeze(1)),
    ('scalar_view', base[1, 1, 1]),
])
torch.save(views, path)
loaded = torch.load(path)
for name, t in loaded.items():
    describe(name, t)
    print(torch.equal(t, views[name]))
loaded['base'].mul_(-1)
print(loaded['t'][1], loaded['cols'][0], loaded['step'][1], loaded['scalar_view'])

dtypes = [torch.tensor([1.5, -2.25, 1e-30]), torch.tensor([0.1, 1e300], dtype=torch.float64),
          torch.tensor([[3, -4], [2 ** 50, 0]]), torch.tensor([True, False, True]), torch.tensor(2.5),
          torch.tensor(-7), torch.zeros(0), torch.ones(2, 0, 3, dtype=torch.float64),
          torch.tensor([float('inf'), float('-inf'), float('nan')])]
buf = io.BytesIO()
torch.save(dtypes, buf)
buf.seek(0)
for i, t in enumerate(torch.load(buf)):
    describe('dtype' + str(i), t)

leaf = torch.tensor([1., 2.], requires_grad=True)
out = leaf * 2
param = nn.Parameter(torch.tensor([[0.5, -0.5]]))
frozen = nn.Parameter(torch.tensor([3.]), requires_grad=False)
buf = io.BytesIO()
torch.save({'leaf': leaf, 'out': out.detach(), 'param': param, 'frozen': frozen, 'same': [param, param]}, buf)
buf.seek(0)
r = torch.load(buf)
for name in ['leaf', 'out', 'param', 'frozen']:
    describe(name, r[name])
print(r['same'][0] is r['same'][1], r['same'][0] is r['param'])

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
x = torch.arange(6.).reshape(2, 3) / 6
for _ in range(2):
    opt.zero_grad()
    model(x).pow(2).sum().backward()
    opt.step()
checkpoint = {'epoch': 2, 'model_state_dict': model.state_dict(), 'optimizer_state_dict': opt.state_dict(),
              'loss': 0.25, 'names': ('a', 'b'), 'nested': [{'k': [torch.tensor([1, 2])]}]}
torch.save(checkpoint, os.path.join(tmp, 'checkpoint.tar'))
ck = torch.load(os.path.join(tmp, 'checkpoint.tar'))
print(type(ck['model_state_dict']).__name__, ck['model_state_dict'])
print(ck['optimizer_state_dict'])
print(ck['epoch'], ck['loss'], ck['names'], ck['nested'])
model2 = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
opt2 = torch.optim.SGD(model2.parameters(), lr=0.5)
print(model2.load_state_dict(ck['model_state_dict']))
opt2.load_state_dict(ck['optimizer_state_dict'])
for m, o in [(model, opt), (model2, opt2)]:
    o.zero_grad()
    m(x).pow(2).sum().backward()
    o.step()
    print(m(x))

# A whole module (pickled with its class) and a pathlib path.
import pathlib
torch.save(model, pathlib.Path(tmp) / 'model.pt')
whole = torch.load(pathlib.Path(tmp) / 'model.pt')
print(whole)
print(whole(x))

for location in ['cpu', torch.device('cpu'), {'cuda:0': 'cpu'}, lambda storage, loc: storage]:
    print(torch.load(path, map_location=location)['row'])

print(sorted(os.listdir(tmp)))
