# Activation modules and their printed form.
import torch
import torch.nn as nn

x = torch.tensor([-2.0, -0.5, 0.0, 0.5, 2.0], requires_grad=True)
for act in [nn.ReLU(), nn.Tanh(), nn.Sigmoid(), nn.GELU(), nn.GELU(approximate="tanh"), nn.LeakyReLU(0.1), nn.Softmax(dim=0), nn.Identity()]:
    y = act(x)
    (g,) = torch.autograd.grad(y.sum(), x)
    print(act)
    print(y)
    print(g)
print(nn.ReLU(inplace=True))
print(nn.LogSoftmax(dim=1)(torch.tensor([[1.0, 2.0]])))
