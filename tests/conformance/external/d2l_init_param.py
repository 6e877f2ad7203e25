# Source: d2l-ai/d2l-en/chapter_builders-guide/init-param.md (PyTorch tab; https://d2l.ai/chapter_builders-guide/init-param.html)
# Changed: notebook cells joined into one script and each cell's displayed value wrapped in print(); torch.rand input replaced by fixed(); for the random initialisers (normal_, xavier_uniform_, uniform_) only deterministic facts are printed (shapes, zero biases, value ranges) instead of the random values.
import math
import torch
from torch import nn

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

net = nn.Sequential(nn.LazyLinear(8), nn.ReLU(), nn.LazyLinear(1))
X = fixed(2, 4, seed=1, scale=0.5) + 0.5
print(net(X).shape)

def init_normal(module):
    if type(module) == nn.Linear:
        nn.init.normal_(module.weight, mean=0, std=0.01)
        nn.init.zeros_(module.bias)

net.apply(init_normal)
# (changed) the weights are random: print their shape and the (zero) bias
print(net[0].weight.data[0].shape, net[0].bias.data[0])

def init_constant(module):
    if type(module) == nn.Linear:
        nn.init.constant_(module.weight, 1)
        nn.init.zeros_(module.bias)

net.apply(init_constant)
print((net[0].weight.data[0], net[0].bias.data[0]))

def init_xavier(module):
    if type(module) == nn.Linear:
        nn.init.xavier_uniform_(module.weight)

def init_42(module):
    if type(module) == nn.Linear:
        nn.init.constant_(module.weight, 42)

net[0].apply(init_xavier)
net[2].apply(init_42)
bound = math.sqrt(6.0 / (4 + 8))
print(bool((net[0].weight.data.abs() <= bound).all()))  # (changed) was print(net[0].weight.data[0])
print(net[2].weight.data)

def my_init(module):
    if type(module) == nn.Linear:
        print("Init", *[(name, param.shape)
                        for name, param in module.named_parameters()][0])
        nn.init.uniform_(module.weight, -10, 10)
        module.weight.data *= module.weight.data.abs() >= 5

net.apply(my_init)
w = net[0].weight[:2]
print(w.shape, bool(((w == 0) | (w.abs() >= 5)).all()))  # (changed) was net[0].weight[:2]

with torch.no_grad():  # (added) make the weights deterministic again
    net[0].weight.copy_(fixed(8, 4, seed=2))
net[0].weight.data[:] += 1
net[0].weight.data[0, 0] = 42
print(net[0].weight.data[0])
