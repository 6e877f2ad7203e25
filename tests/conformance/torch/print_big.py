# Summarised printing of large tensors (more than 1000 elements) and wide rows.
import torch

print(torch.arange(2000))
print(torch.arange(2000.0))
print(torch.arange(1200).reshape(40, 30))
print(torch.ones(3, 400))
print(torch.arange(30.0).reshape(3, 10) / 7)
print(torch.arange(100.0))
print(torch.arange(1001))
