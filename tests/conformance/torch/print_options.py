# torch.set_printoptions: precision, threshold, edgeitems, linewidth.
import torch

x = torch.tensor([1.0 / 3.0, 2.0 / 3.0, 1.0])
torch.set_printoptions(precision=2)
print(x)
torch.set_printoptions(precision=6)
print(x)
torch.set_printoptions(threshold=5, edgeitems=2)
print(torch.arange(10))
print(torch.arange(10.0))
torch.set_printoptions(profile="default")
print(torch.arange(10))
torch.set_printoptions(linewidth=40)
print(torch.arange(30))
torch.set_printoptions(profile="default")
print(torch.arange(30))
