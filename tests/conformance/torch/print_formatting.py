# str(), repr() and format specs on tensors; the legacy type names.
import torch

x = torch.tensor([1.25, 2.5])
print(str(x) == repr(x))
print(format(torch.tensor(3.14159), ".2f"))
print("{:.1f}".format(torch.tensor(2.25)))
print(f"{torch.tensor(5):>4}")
print(torch.typename(x))
print(torch.typename(x), torch.typename(x.long()), torch.typename(x.double()), torch.typename(x > 1))
print(torch.typename(1.0))
print(torch.__version__[:4])
print(x.device, torch.device("cpu"), torch.device("cpu") == x.device)
