# view() on a non-contiguous tensor.
import torch

x = torch.arange(6.0).reshape(2, 3).t()
print(x.is_contiguous())
y = x.view(6)
