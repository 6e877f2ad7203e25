# nn.RReLU with its bounds the wrong way round: rrelu's RuntimeError.
import torch
import torch.nn as nn

torch.manual_seed(0)

print(nn.RReLU(0.1, 0.2)(torch.tensor([-1.0, 1.0])).tolist())
nn.RReLU(0.5, 0.2)(torch.tensor([-1.0, 1.0]))
