# Matrix product with incompatible inner dimensions.
import torch

w = torch.ones(3, 4)
x = torch.ones(3, 4)
h = w @ x
