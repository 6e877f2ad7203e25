# Uncaught: a pack hook modifying its input in place is a RuntimeError.
import torch


def bad_pack(t):
    t.add_(1)
    return t


x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 3
with torch.autograd.graph.saved_tensors_hooks(bad_pack, lambda t: t):
    y = h.exp()
print(y)
