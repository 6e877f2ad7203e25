# Source: d2l-ai/d2l-en/chapter_builders-guide/custom-layer.md (PyTorch tab; https://d2l.ai/chapter_builders-guide/custom-layer.html)
# Changed: notebook cells joined into one script and each cell's displayed value wrapped in print(); the d2l package dropped (d2l.tensor -> torch.tensor, d2l.rand -> fixed()); torch.randn/torch.rand replaced by fixed(); the LazyLinear weights overwritten by init_fixed() after the first forward (added).
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

class CenteredLayer(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, X):
        return X - X.mean()

layer = CenteredLayer()
print(layer(torch.tensor([1.0, 2, 3, 4, 5])))

net = nn.Sequential(nn.LazyLinear(128), CenteredLayer())

X = fixed(4, 8, seed=1, scale=0.5) + 0.5
net(X)  # (added) materialise the lazy layer
init_fixed(net, seed=2)  # (added)
Y = net(X)
print(Y.mean().abs() < 1e-6)  # (changed) Y.mean() is a rounding-level value close to 0

class MyLinear(nn.Module):
    def __init__(self, in_units, units):
        super().__init__()
        self.weight = nn.Parameter(fixed(in_units, units, seed=3))
        self.bias = nn.Parameter(fixed(units, seed=4))

    def forward(self, X):
        linear = torch.matmul(X, self.weight.data) + self.bias.data
        return F.relu(linear)

linear = MyLinear(5, 3)
print(linear.weight)

print(linear(fixed(2, 5, seed=5, scale=0.5) + 0.5))

net = nn.Sequential(MyLinear(64, 8), MyLinear(8, 1))
print(net(fixed(2, 64, seed=6, scale=0.5) + 0.5))
