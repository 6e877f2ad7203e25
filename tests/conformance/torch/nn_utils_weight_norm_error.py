# A second weight_norm on the same parameter is an error (uncaught here: the traceback).
import torch
from torch import nn

torch.manual_seed(0)
m = nn.utils.weight_norm(nn.Linear(3, 2), dim=None)
print(m.weight_g)
nn.utils.weight_norm(m)
