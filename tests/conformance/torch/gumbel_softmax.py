# F.gumbel_softmax: 1.13's composite over exponential_, so the same seed gives the same
# sample; soft and hard (straight-through) samples, tau, dim, float64; the graph's nodes
# and the gradients; the deprecated eps warns.
import warnings

import torch
import torch.nn.functional as F


def walk(fn, depth=0, seen=None):
    """The graph under fn, one node per line (each node once)."""
    seen = set() if seen is None else seen
    if fn is None or id(fn) in seen:
        return
    seen.add(id(fn))
    print('  ' * depth + fn.name())
    for child, _ in fn.next_functions:
        walk(child, depth + 1, seen)


torch.manual_seed(0)
logits = torch.randn(3, 5, requires_grad=True)
y = F.gumbel_softmax(logits)
print(y)
walk(y.grad_fn)
(y * torch.arange(5.0)).sum().backward()
print(logits.grad.tolist())

logits.grad = None
y = F.gumbel_softmax(logits, tau=0.5, hard=True)
print(y)
walk(y.grad_fn)
(y * torch.arange(5.0)).sum().backward()
print(logits.grad.tolist())

x = torch.randn(4, 3, 2, dtype=torch.float64, requires_grad=True)
for kwargs in [dict(dim=1), dict(tau=2.0, dim=0), dict(hard=True, dim=1), dict(tau=0.1, hard=True, dim=-1)]:
    out = F.gumbel_softmax(x, **kwargs)
    print(kwargs, out.dtype, out.grad_fn.name(), out.sum(kwargs['dim']).tolist())
    print(out.tolist())
    grad, = torch.autograd.grad((out * out).sum(), x)
    print(grad.tolist())

# A transposed input: the noise is drawn for a contiguous tensor of its shape.
xt = torch.randn(5, 3).t()
print(F.gumbel_softmax(xt, dim=0).tolist())
print(F.gumbel_softmax(torch.zeros(2, 4)).tolist())
print(torch.rand(2).tolist())

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    F.gumbel_softmax(torch.zeros(3), eps=1e-5)
print([str(w.message) for w in caught], [w.category.__name__ for w in caught])
