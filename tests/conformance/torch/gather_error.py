# gather with an index larger than self outside the gather dim: PyTorch's shape error.
import torch

x = torch.arange(6.).reshape(2, 3)
print(x.gather(1, torch.tensor([[0, 2]])))
x.gather(0, torch.tensor([[0, 1, 0, 1]]))
