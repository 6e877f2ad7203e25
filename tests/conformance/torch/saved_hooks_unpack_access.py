# unpack runs on every read of grad_fn._saved_* and once per saved tensor in each backward.
import torch

count = {"pack": 0, "unpack": 0}


def pack(t):
    count["pack"] += 1
    return t


def unpack(t):
    count["unpack"] += 1
    return t


x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    y = x.exp()
    z = x * y
print(count)
print(y.grad_fn._saved_result)
print(count)
print(z.grad_fn._saved_self, z.grad_fn._saved_other)
print(count)
print(z.grad_fn._saved_self.equal(x))
print(count)
z.sum().backward(retain_graph=True)
print(count, x.grad)
z.sum().backward()
print(count, x.grad)
