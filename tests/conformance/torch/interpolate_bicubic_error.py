# bicubic resizing needs a 4-d (N, C, H, W) input: a 3-d one falls through F.interpolate's
# table to its NotImplementedError.
import torch
import torch.nn.functional as F
signal = torch.randn(1, 2, 8)
print(F.interpolate(signal, size=4, mode="nearest-exact").shape)
F.interpolate(signal, size=4, mode="bicubic")
