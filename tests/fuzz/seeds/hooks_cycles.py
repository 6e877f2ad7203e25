import torch

x = torch.ones(2, 2, requires_grad=True)
seen = []
def hook(g):
    seen.append(g)
    return g * 2
h = x.register_hook(hook)
y = (x * x).sum()
y.backward(retain_graph=True)
h.remove()
y.backward()
print(x.grad, len(seen))

class Node:
    def __init__(self):
        self.me = self
        self.t = torch.zeros(3, requires_grad=True)
n = Node()
l = [x]
l.append(l)
d = {}
d["d"] = d
def f():
    return f
print(f() is f, n.me is n)
