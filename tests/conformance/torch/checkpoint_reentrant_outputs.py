# Reentrant checkpoint with several outputs and non-tensor arguments/outputs; a function calling an nn.Linear.
import torch
from torch.utils.checkpoint import checkpoint


def f(a, scale, name):
    print("running f with", scale, name)
    return a * scale, a.exp(), name.upper()


x = torch.tensor([0.0, 1.0], requires_grad=True)
p, q, s = checkpoint(f, x, 3.0, "tag")
print(p, q, s)
print(p.grad_fn.name(), q.grad_fn.name(), p.grad_fn is q.grad_fn)
(p.sum() + q.sum()).backward()
print(x.grad)

lin = torch.nn.Linear(2, 1)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[2.0, -1.0]]))
    lin.bias.fill_(0.5)
inp = torch.tensor([[1.0, 3.0], [2.0, 0.0]], requires_grad=True)
out = checkpoint(lambda t: torch.relu(lin(t)), inp)
print(out)
out.sum().backward()
print(inp.grad, lin.weight.grad, lin.bias.grad)
