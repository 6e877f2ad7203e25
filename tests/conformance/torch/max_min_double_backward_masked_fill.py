# The gradient graph of max()/min() under create_graph: new_zeros(...).masked_fill_(mask,
# grad / mask.sum()), as evenly_distribute_backward builds it (MaskedFillBackward1).
import torch
x = torch.tensor([1.0, 3.0, 3.0, 2.0], requires_grad=True)
for f in [lambda: x.max() ** 2, lambda: x.min() ** 3, lambda: (x * 2).max().exp()]:
    g, = torch.autograd.grad(f(), x, create_graph=True)
    print(g, g._version, g.grad_fn.name(), [n[0].name() if n[0] else None for n in g.grad_fn.next_functions])
    g2, = torch.autograd.grad(g.sum(), x)
    print(g2)
