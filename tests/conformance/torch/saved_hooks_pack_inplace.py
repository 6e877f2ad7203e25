# A pack hook that modifies its input in place raises after the hook ran (the modification stays); returning a new tensor is fine.
import torch


def bad_pack(t):
    t.mul_(2)
    return t


x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 1
try:
    with torch.autograd.graph.saved_tensors_hooks(bad_pack, lambda t: t):
        y = h.sin()
except RuntimeError as e:
    print(type(e).__name__, e)
print(h)
# Returning a new tensor from pack is fine.
with torch.autograd.graph.saved_tensors_hooks(lambda t: t * 2, lambda t: t):
    y = x.sin()
print(y.grad_fn._saved_self)
y.sum().backward()
print(x.grad)
