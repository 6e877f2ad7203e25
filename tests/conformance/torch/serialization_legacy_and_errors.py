# torch.save(..., _use_new_zipfile_serialization=False) / torch.load of that format (PyTorch's before
# 1.6), a whole module saved with its class, and torch.load's and torch.save's errors for files that
# are not what they expect.
import io
import os
import tempfile
import zipfile

import torch
from torch import nn


def attempt(f):
    try:
        print('ok', f())
    except Exception as e:
        print(type(e).__name__, str(e).replace(tmp, 'TMP'))


tmp = tempfile.mkdtemp()
base = torch.arange(12.).reshape(3, 4)
obj = {'base': base, 't': base.t(), 'cols': base[:, 1:3], 'row': base[2], 'long': torch.tensor([5, -6]),
       'param': nn.Parameter(torch.tensor([0.5, 1.5])), 'flag': torch.tensor(True), 'misc': ('a', 1, [2.5])}
buf = io.BytesIO()
torch.save(obj, buf, _use_new_zipfile_serialization=False)
print(buf.getvalue()[:2], len(buf.getvalue()) > 0)
buf.seek(0)
loaded = torch.load(buf)
for name, value in loaded.items():
    if isinstance(value, torch.Tensor):
        print(name, type(value).__name__, value.dtype, tuple(value.shape), value.stride(), value.storage_offset(),
              value.requires_grad)
        print(value)
    else:
        print(name, value)
loaded['base'].add_(100)
print(loaded['t'][0], loaded['cols'][:, 0], loaded['row'])

model = nn.Sequential(nn.Linear(2, 3), nn.ReLU())
with torch.no_grad():
    model[0].weight.copy_(torch.tensor([[1., 2.], [3., 4.], [5., 6.]]))
    model[0].bias.fill_(0.5)
path = os.path.join(tmp, 'legacy.pt')
torch.save(model.state_dict(), path, _use_new_zipfile_serialization=False)
print(torch.load(path))

text = os.path.join(tmp, 'text.pt')
with open(text, 'w') as f:
    f.write('hello world')
attempt(lambda: torch.load(text))
empty = os.path.join(tmp, 'empty.pt')
open(empty, 'wb').close()
attempt(lambda: torch.load(empty))
other = os.path.join(tmp, 'other.zip')
with zipfile.ZipFile(other, 'w') as zf:
    zf.writestr('stuff/readme.txt', 'hi')
attempt(lambda: torch.load(other))
attempt(lambda: torch.load(os.path.join(tmp, 'missing.pt')))
attempt(lambda: torch.save(torch.ones(2), tmp))
good = io.BytesIO()
torch.save(torch.ones(2), good)
attempt(lambda: torch.load(io.BytesIO(good.getvalue()[:-30])))
attempt(lambda: torch.load(io.BytesIO(good.getvalue()), map_location='cpu'))


class NoSeek:
    def read(self, n=-1):
        return b''


attempt(lambda: torch.load(NoSeek()))
