# saved_tensors_hooks: pack runs when a tensor is saved in forward, unpack when backward reads it.
import torch

packed = []
unpacked = []


def pack(t):
    packed.append(t.shape)
    print("pack", tuple(t.shape), t.detach())
    return t


def unpack(t):
    unpacked.append(t.shape)
    print("unpack", t.detach())
    return t


a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = torch.tensor([0.5, -1.0, 0.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    y = a * b
    z = y.exp().sum()
    s = a + b
print("after forward", len(packed), len(unpacked))
z.backward()
print("after backward", len(packed), len(unpacked))
print(a.grad, b.grad)
w = (a * b).sum()
w.backward()
print("outside the context", len(packed), len(unpacked))
