# diag of a 3-D tensor: PyTorch's error.
import torch

print(torch.diag(torch.ones(2, 2)))
torch.diag(torch.ones(2, 2, 2))
