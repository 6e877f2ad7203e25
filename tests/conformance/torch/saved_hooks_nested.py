# Nested saved_tensors_hooks contexts: only the innermost pair is used; the outer one is back after exit.
import torch


def make(name):
    def pack(t):
        print(name, "pack", t.detach())
        return t

    def unpack(t):
        print(name, "unpack", t.detach())
        return t

    return pack, unpack


x = torch.tensor([0.5, 1.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(*make("outer")):
    a = x.sin()
    with torch.autograd.graph.saved_tensors_hooks(*make("inner")):
        b = a.exp()
        with torch.autograd.graph.saved_tensors_hooks(*make("innermost")):
            c = b.log()
    d = c.tanh()
e = d.sum()
print("backward")
e.backward()
print(x.grad)
