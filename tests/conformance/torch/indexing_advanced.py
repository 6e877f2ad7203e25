# Advanced indexing: boolean masks, index tensors and lists (copies, not views).
import torch

t = torch.tensor([5.0, -1.0, 3.0, -7.0, 2.0], requires_grad=True)
mask = t > 0
print(mask)
pos = t[mask]
print(pos, pos.grad_fn)
idx = torch.tensor([0, 0, 4])
picked = t[idx]
print(picked, picked.grad_fn)
print(t[[1, 3]])
(pos.sum() + picked.sum()).backward()
print(t.grad)
m = torch.arange(12).reshape(3, 4)
print(m[torch.tensor([2, 0])])
print(m[m > 6])
print(m[[0, 2]].shape)
print(m[torch.tensor(1)])
