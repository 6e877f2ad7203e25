# .item() needs exactly one element.
import torch

x = torch.tensor([1.0, 2.0])
print(x.sum().item())
x.item()
