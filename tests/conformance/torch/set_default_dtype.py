# torch.set_default_dtype changes what Python floats become.
import torch

print(torch.tensor([1.5]).dtype)
torch.set_default_dtype(torch.float64)
print(torch.get_default_dtype())
print(torch.tensor([1.5]), torch.ones(2).dtype, torch.arange(2.0).dtype)
print(torch.tensor([1, 2]).dtype)
print((torch.tensor([1, 2]) * 0.5).dtype)
torch.set_default_dtype(torch.float32)
print(torch.tensor([1.5]).dtype)
