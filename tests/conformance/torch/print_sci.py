# Scientific notation: huge or tiny magnitudes and wide dynamic ranges.
import torch

print(torch.tensor([1e-5, 1.0]))
print(torch.tensor([1e10, 1.0]))
print(torch.tensor([1e-10]))
print(torch.tensor([123456789.0]))
print(torch.tensor([0.0001, 0.001]))
print(torch.tensor([1e8, 1e-8], dtype=torch.float64))
print(torch.tensor([1000.0, 0.001]))
print(torch.tensor([12345.678]))
print(torch.tensor(1e20))
print(torch.tensor([1e-3, 5.0, 1234.5]))
torch.set_printoptions(sci_mode=False)
print(torch.tensor([1e-5, 1.0]))
torch.set_printoptions(sci_mode=True)
print(torch.tensor([1.0, 2.0]))
torch.set_printoptions(profile="default")
print(torch.tensor([1e-5, 1.0]))
