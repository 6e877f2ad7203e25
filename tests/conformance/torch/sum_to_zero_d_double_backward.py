# expand's backward is at::sum_to, which to a 0-d shape is a plain sum() even of a 0-d
# gradient (SumBackward0 under create_graph).
import torch
x = torch.tensor(1.5, requires_grad=True)
y = (x.expand(()) / 3.0) ** 2
g, = torch.autograd.grad(y, x, create_graph=True)
print(g, g.grad_fn.name(), [n[0].name() if n[0] else None for n in g.grad_fn.next_functions])
z = (x.expand(2, 3) * x).sum()
g, = torch.autograd.grad(z, x, create_graph=True)
print(g, g.grad_fn.name())
w = torch.tensor([[1.0, 2.0]], requires_grad=True)
v = (w.expand(3, 2) ** 2).sum()
g, = torch.autograd.grad(v, w, create_graph=True)
print(g, g.grad_fn.name(), [n[0].name() if n[0] else None for n in g.grad_fn.next_functions])
