# nn.Bilinear given a second input of the wrong width: bilinear's RuntimeError.
import torch
import torch.nn as nn

torch.manual_seed(0)
layer = nn.Bilinear(3, 4, 2)
print(layer(torch.randn(2, 3), torch.randn(2, 4)).grad_fn.name())
layer(torch.randn(2, 3), torch.randn(2, 5))
