# Adding a string to a tensor.
import torch

x = torch.ones(2)
y = x + "1"
