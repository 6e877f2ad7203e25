# The graph that create_graph builds through mean and pow: their C++ formulas divide and
# multiply by numbers (the Scalar overloads DivBackward1 / MulBackward1, not the tensor ones).
import torch
x = torch.tensor([[1.0, 2.0, 4.0], [3.0, 5.0, 7.0]], requires_grad=True)
def walk(fn, depth=0):
    if fn is None or depth > 3:
        return
    saved = {k: getattr(fn, k) for k in dir(fn) if k.startswith('_saved_') and k in ('_saved_other',)}
    print('  ' * depth + fn.name(), saved)
    for n, _ in fn.next_functions:
        walk(n, depth + 1)
for f in [lambda: x.mean() ** 2, lambda: (x.mean(0) ** 2).sum(), lambda: (x.mean((0, 1), keepdim=True) ** 2).sum(), lambda: ((x * 2).mean(1) ** 2).sum()]:
    g, = torch.autograd.grad(f(), x, create_graph=True)
    walk(g.grad_fn)
    print(g)
