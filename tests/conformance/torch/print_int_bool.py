# Integer and bool tensors print without a dtype suffix (int64, bool) and align right.
import torch

print(torch.tensor([1, -20, 300]))
print(torch.tensor([[1, 2], [-30, 4]]))
print(torch.tensor([True, False, True]))
print(torch.tensor([[True], [False]]))
print(torch.arange(6).reshape(2, 3) * 1000)
print(torch.tensor([1.0, 2.0]) > 1.5)
print(torch.tensor(5), torch.tensor(False))
print(torch.tensor([], dtype=torch.int64), torch.tensor([], dtype=torch.bool))
print(torch.tensor([10000000000]))
