# The names of torch.nn and torch.optim as PyTorch has them (ours load on first use):
# from-imports, submodules, dir(), hasattr, and a mistyped layer's "Did you mean".
import torch
import torch.nn as nn
from torch.nn import Conv2d, init
from torch.optim import Adam

print(nn.Linear, nn.modules.linear.Linear is nn.Linear, Conv2d, init.__name__)
print(torch.optim.SGD, Adam.__module__, nn.DataParallel)
print(hasattr(nn, "linear"), hasattr(torch.optim, "sgd"), hasattr(torch.optim, "lr_scheduler"), hasattr(nn, "Nope"))
print([n for n in ["Linear", "modules", "init", "utils", "parallel", "Sequential", "MSELoss"] if n in dir(nn)])
print([n for n in ["SGD", "Adam", "Optimizer", "lr_scheduler"] if n in dir(torch.optim)])
print(torch.nn.modules.rnn.LSTM is nn.LSTM, nn.parallel.DataParallel is nn.DataParallel)
model = nn.Sequential(nn.Linear(2, 1))
nn.Linearr(2, 1)
