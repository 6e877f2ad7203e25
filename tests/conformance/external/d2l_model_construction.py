# Source: d2l-ai/d2l-en/chapter_builders-guide/model-construction.md (PyTorch tab; https://d2l.ai/chapter_builders-guide/model-construction.html)
# Changed: notebook cells joined into one script and each cell's displayed value wrapped in print(); torch.rand inputs and the random rand_weight replaced by fixed() values; the lazily created nn.LazyLinear weights are overwritten by init_fixed() after the first forward (added) wherever values (not only shapes) are printed.
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

net = nn.Sequential(nn.LazyLinear(256), nn.ReLU(), nn.LazyLinear(10))

X = fixed(2, 20, seed=1, scale=0.5) + 0.5
print(net(X).shape)

class MLP(nn.Module):
    def __init__(self):
        # Call the constructor of the parent class nn.Module to perform
        # the necessary initialization
        super().__init__()
        self.hidden = nn.LazyLinear(256)
        self.out = nn.LazyLinear(10)

    # Define the forward propagation of the model, that is, how to return the
    # required model output based on the input X
    def forward(self, X):
        return self.out(F.relu(self.hidden(X)))

net = MLP()
print(net(X).shape)

class MySequential(nn.Module):
    def __init__(self, *args):
        super().__init__()
        for idx, module in enumerate(args):
            self.add_module(str(idx), module)

    def forward(self, X):
        for module in self.children():
            X = module(X)
        return X

net = MySequential(nn.LazyLinear(256), nn.ReLU(), nn.LazyLinear(10))
print(net(X).shape)

class FixedHiddenMLP(nn.Module):
    def __init__(self):
        super().__init__()
        # Random weight parameters that will not compute gradients and
        # therefore keep constant during training
        self.rand_weight = fixed(20, 20, seed=2, scale=0.5) + 0.5
        self.linear = nn.LazyLinear(20)

    def forward(self, X):
        X = self.linear(X)
        X = F.relu(X @ self.rand_weight + 1)
        # Reuse the fully connected layer. This is equivalent to sharing
        # parameters with two fully connected layers
        X = self.linear(X)
        # Control flow
        while X.abs().sum() > 1:
            X /= 2
        return X.sum()

net = FixedHiddenMLP()
net(X)  # (added) materialise the lazy layer
init_fixed(net, seed=3)  # (added)
print(net(X))

class NestMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.LazyLinear(64), nn.ReLU(),
                                 nn.LazyLinear(32), nn.ReLU())
        self.linear = nn.LazyLinear(16)

    def forward(self, X):
        return self.linear(self.net(X))

chimera = nn.Sequential(NestMLP(), nn.LazyLinear(20), FixedHiddenMLP())
chimera(X)  # (added) materialise the lazy layers
init_fixed(chimera, seed=4)  # (added)
print(chimera(X))
print(chimera)  # (added)
