# Two index lists (t[[0, 1], [1]]) used to index dim 0 twice and return a wrong
# tensor silently. Until multi-index broadcasting exists, it must be a clear error.
import torch
t = torch.ones(3, 3)
print(t[[0, 2]].shape)
try:
    t[[0, 1], [1]]
except NotImplementedError as e:
    print("NotImplementedError:", e)
# expect: torch.Size([2, 3])
# expect: NotImplementedError: index lists are supported only as the single index of a tensor
