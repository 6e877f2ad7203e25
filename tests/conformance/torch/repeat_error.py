# repeat with fewer repeat dims than the tensor has dims: PyTorch's error.
import torch

x = torch.ones(2, 3)
print(x.repeat(1, 2).shape)
x.repeat(2)
