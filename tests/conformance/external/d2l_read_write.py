# Source: d2l-ai/d2l-en/chapter_builders-guide/read-write.md (PyTorch tab; https://d2l.ai/chapter_builders-guide/read-write.html)
# Changed: notebook cells joined into one script and each cell's displayed value wrapped in print(); files are written to a tempfile.TemporaryDirectory instead of the working directory; torch.randn input replaced by fixed(); the LazyLinear weights overwritten by init_fixed() after the first forward (added).
import os
import tempfile
import torch
from torch import nn
from torch.nn import functional as F

# Deterministic stand-in for torch.randn/torch.rand (added for the yardstick).
def fixed(*shape, seed=0, scale=1.0):
    n = 1
    for s in shape:
        n *= s
    state = seed * 7919 + 1
    vals = []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        vals.append(scale * (state / 1073741824.0 - 1.0))
    return torch.tensor(vals).reshape(shape)


# Deterministic stand-in for the random default init of nn layers (added).
def init_fixed(module, seed=0):
    with torch.no_grad():
        for k, p in enumerate(module.parameters()):
            fan_in = 1
            for s in p.shape[1:]:
                fan_in *= s
            if p.dim() == 1:
                fan_in = p.shape[0]
            p.copy_(fixed(*p.shape, seed=seed + k, scale=1.0 / fan_in ** 0.5).to(p.dtype))

tmp = tempfile.TemporaryDirectory()
os.chdir(tmp.name)

x = torch.arange(4)
torch.save(x, 'x-file')

x2 = torch.load('x-file')
print(x2)

y = torch.zeros(4)
torch.save([x, y],'x-files')
x2, y2 = torch.load('x-files')
print((x2, y2))

mydict = {'x': x, 'y': y}
torch.save(mydict, 'mydict')
mydict2 = torch.load('mydict')
print(mydict2)

class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.LazyLinear(256)
        self.output = nn.LazyLinear(10)

    def forward(self, x):
        return self.output(F.relu(self.hidden(x)))

net = MLP()
X = fixed(2, 20, seed=1)
net(X)  # (added) materialise the lazy layers
init_fixed(net, seed=2)  # (added)
Y = net(X)

torch.save(net.state_dict(), 'mlp.params')

clone = MLP()
print(clone.load_state_dict(torch.load('mlp.params')))  # (added print)
print(clone.eval())

Y_clone = clone(X)
print(Y_clone == Y)
os.chdir('/')  # (added) leave the temporary directory before it is removed
