# torch.Size: printing, indexing, unpacking, comparing with tuples, numel.
import torch

t = torch.zeros(2, 3, 4)
print(t.shape)
print(t.size())
print(t.size(1), t.size(-1), t.shape[0], t.shape[-2])
print(len(t.shape), t.dim(), t.ndim)
n, c, l = t.shape
print(n, c, l)
print(t.shape == (2, 3, 4), t.shape == torch.Size([2, 3, 4]))
print(t.shape[1:], type(t.shape[1:]).__name__)
print(torch.Size([5]), torch.Size([]), torch.tensor(1.0).shape)
print(t.shape.numel(), t.numel())
print(list(t.shape), tuple(t.shape))
print(torch.zeros(t.shape[:2]).shape)
print(f"{t.shape}")
print(str(t.shape), repr(t.shape))
