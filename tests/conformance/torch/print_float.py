# How float tensors print: common precision, integral floats, negative values, nan/inf.
import torch

print(torch.tensor([1.0, 2.0, 3.0]))
print(torch.tensor([1.5, 2.25, -3.125]))
print(torch.tensor([0.1, 0.2, 0.3]))
print(torch.tensor([1.0 / 3.0, 2.0 / 3.0]))
print(torch.tensor([[1.0, -1.0], [100.0, 0.5]]))
print(torch.tensor([float('nan'), 1.0, float('inf'), -float('inf')]))
print(torch.tensor([123456.0, 1.5]))
print(torch.tensor([-0.0, 0.0]))
print(torch.tensor([[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]]))
print(torch.tensor([1.0, 2.0], dtype=torch.float64))
print(torch.tensor([0.5], dtype=torch.float64))
print(torch.tensor([1.0 / 3.0], dtype=torch.float64))
print(torch.zeros(2, 3, 0))
print(torch.tensor([2.0, 4.0]) / 3)
