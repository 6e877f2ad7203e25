# Integer sums are exact (int64 past 2**53, wrapping at 2**63), sums into another dtype cast first.
import torch
a = torch.tensor([2**62, 1, 3])
print(a.sum(), a.sum(0), torch.tensor([[2**62, 1], [5, 2**61]]).sum(1), torch.tensor([2**63 - 1, 1]).sum())
print(torch.tensor([100, 100], dtype=torch.int8).sum(), torch.tensor([True, True]).sum(), torch.tensor([1, 2], dtype=torch.int32).sum(dtype=torch.int32))
print(torch.tensor([1.5, 2.25]).sum(dtype=torch.float64), torch.tensor([3, 4]).sum(dtype=torch.float32), torch.tensor([0.1, 0.2, 0.3], dtype=torch.float64).sum(dtype=torch.float32))
