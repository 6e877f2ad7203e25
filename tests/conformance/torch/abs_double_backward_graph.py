# abs, relu, sign and clamp under create_graph: abs's gradient is grad * self.sgn(), a graph
# of its own; sign's and clamp's are not.
import torch
x = torch.tensor([[0.5, -2.0], [3.0, 0.0]], requires_grad=True)
for f in [lambda: x.abs().sum(), lambda: x.flatten().abs().sum(), lambda: x.relu().sum(), lambda: x.sign().sum(), lambda: x.clamp(-1, 1).sum()]:
    g, = torch.autograd.grad(f(), x, create_graph=True)
    print(g.requires_grad, g.grad_fn.name() if g.grad_fn else None, g)
