# Second derivatives through diagonal, masked_select and take: their backward ops record
# DiagonalBackwardBackward0, MaskedScatterBackward0 and PutBackward0 under create_graph,
# with PyTorch's saves (self before mask / index), versions and values.
import torch

torch.manual_seed(0)
m = torch.randn(3, 3, dtype=torch.float64, requires_grad=True)


def logged(log):
    def pack(t):
        log.append((tuple(t.shape), str(t.dtype), round(float(t.double().sum()), 4)))
        return t
    return torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t)


cases = [
    ("diagonal", lambda: m.diagonal()),
    ("diagonal offset", lambda: m.diagonal(1)),
    ("diagonal of a slice", lambda: m[:, :2].diagonal(-1)),
    ("masked_select", lambda: m.masked_select(m > 0)),
    ("masked_select broadcast mask", lambda: m.masked_select(torch.tensor([True, False, True]))),
    ("take", lambda: m.take(torch.tensor([0, 7, 7]))),
]
for name, f in cases:
    out = f()
    log = []
    with logged(log):
        g, = torch.autograd.grad((out * out).sum(), [m], create_graph=True)
    fn = g.grad_fn
    print(name, type(fn).__name__, sorted(a for a in dir(fn) if a.startswith("_saved")),
          [type(f).__name__ if f else None for f, _ in fn.next_functions], g._version)
    print("  saved:", log)
    log = []
    with logged(log):
        h, = torch.autograd.grad((g * g.sin()).sum(), [m], create_graph=True)
    print("  saved:", log)
    print("  second:", type(h.grad_fn).__name__, h.tolist())
    print("  third:", torch.autograd.grad(h.sum(), [m])[0].tolist())

# masked_select and take save self: an in-place change of it is refused at backward
for name, f in [("masked_select", lambda y: y.masked_select(y > 0)), ("take", lambda y: y.take(torch.tensor([1])))]:
    y = m * 1
    out = f(y)
    y.mul_(2)
    try:
        out.sum().backward()
    except RuntimeError as e:
        print(name, "RuntimeError:", e)
