# Pack hooks may return anything: a string key into a dict ("save to disk" pattern) or a tuple.
import torch

storage = {}


def pack_to_dict(t):
    key = "tensor_%d" % len(storage)
    storage[key] = t.detach().clone()
    print("stored", key, tuple(t.shape))
    return key


def unpack_from_dict(key):
    print("loading", key)
    return storage[key]


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack_to_dict, unpack_from_dict):
    y = (x * x).sin().sum()
print(sorted(storage))
y.backward()
print(x.grad)


def pack_tuple(t):
    return ("saved", tuple(t.shape), t.detach().clone())


def unpack_tuple(p):
    tag, shape, values = p
    print("unpack_tuple", tag, shape)
    return values


w = torch.tensor([[0.5, -1.0], [2.0, 0.0]], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack_tuple, unpack_tuple):
    out = w.tanh()
print(out.grad_fn._saved_result)
out.sum().backward()
print(w.grad)
