# Found by the differential fuzzer: maximum / minimum's backward is
# where(self == other, grad / 2, grad).masked_fill_(self > other, 0), in place, so the
# gradients they hand on are at _version 1 (also under create_graph, as
# MaskedFillBackward0). A gradient reduced to a broadcast input's shape is a new tensor.
import torch

a = torch.tensor([0.5, -1.0, 2.0, 2.0], requires_grad=True)
b = torch.tensor([1.0, -2.0, 2.0, 0.0], requires_grad=True)
s = torch.tensor(0.75, requires_grad=True)
for name, f in (('maximum', torch.maximum), ('minimum', torch.minimum)):
    ga, gb = torch.autograd.grad((f(a, b) ** 2).sum(), [a, b])
    print(name, ga.tolist(), ga._version, gb.tolist(), gb._version)
    ga, gs = torch.autograd.grad(f(a, s).sum(), [a, s])
    print(name, 'scalar other', ga.tolist(), ga._version, gs.item(), gs._version)
    ga, gb = torch.autograd.grad((f(a, b) ** 2).sum(), [a, b], create_graph=True)
    print(name, 'create_graph', type(ga.grad_fn).__name__, ga._version, type(gb.grad_fn).__name__, gb._version)
    print(' ', [(type(n).__name__ if n is not None else None, i) for n, i in ga.grad_fn.next_functions])
    a.grad = None
    f(a, b).sum().backward()
    print(name, '.grad', a.grad.tolist(), a.grad._version)
