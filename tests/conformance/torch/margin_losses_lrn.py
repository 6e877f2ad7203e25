# F.soft_margin_loss, F.multi_margin_loss (p, margin, weight, reductions), their modules,
# F.local_response_norm / nn.LocalResponseNorm of 3-d inputs: values, nodes and what they
# save, gradients (second order for soft_margin_loss), errors.
import torch
import torch.nn as nn
import torch.nn.functional as F


def walk(fn, depth=0):
    if fn is None:
        return
    print('  ' * depth + fn.name())
    for child, _ in fn.next_functions:
        walk(child, depth + 1)


torch.manual_seed(0)
for dtype in [torch.float32, torch.float64]:
    x = torch.randn(4, 5, dtype=dtype, requires_grad=True)
    y = torch.randn(4, 5, dtype=dtype).sign()
    for reduction in ['mean', 'sum', 'none']:
        loss = F.soft_margin_loss(x, y, reduction=reduction)
        print(dtype, reduction, loss.grad_fn.name(), loss.grad_fn._saved_reduction, loss.double().tolist())
        g, = torch.autograd.grad(loss.sum(), x, create_graph=True)
        print(g.grad_fn.name(), [None if f is None else f.name() for f, _ in g.grad_fn.next_functions])
        print(g.double().tolist())
        h, = torch.autograd.grad((g * g).sum(), x)
        print(h.double().tolist())
print(F.soft_margin_loss(torch.randn(3, 4), torch.ones(4)).item())
print(F.soft_margin_loss(torch.randn(3, dtype=torch.float64), torch.ones(3)).dtype,
      F.soft_margin_loss(torch.randn(3), torch.ones(3, dtype=torch.float64)).dtype)
print(nn.SoftMarginLoss(reduction='sum'), nn.SoftMarginLoss()(torch.zeros(2), torch.ones(2)).item())

for dtype in [torch.float32, torch.float64]:
    x = torch.randn(5, 6, dtype=dtype, requires_grad=True)
    target = torch.tensor([0, 5, 2, 2, 3])
    weight = torch.rand(6, dtype=dtype)
    for kwargs in [{}, dict(p=2), dict(margin=0.3), dict(p=2, margin=2.5, weight=weight), dict(weight=weight),
                   dict(reduction='sum'), dict(reduction='none'), dict(p=2, reduction='none', weight=weight)]:
        loss = F.multi_margin_loss(x, target, **kwargs)
        x.grad = None
        loss.sum().backward()
        print(dtype, sorted(kwargs), loss.grad_fn.name(), loss.double().tolist())
        print(x.grad.double().tolist())
    node = F.multi_margin_loss(x, target, p=2, margin=0.5, weight=weight).grad_fn
    print(node._saved_p, node._saved_margin, node._saved_reduction, node._saved_target.tolist(),
          node._saved_weight.dtype)
    print(F.multi_margin_loss(x, target).grad_fn._saved_weight)

v = torch.randn(6, requires_grad=True)
for reduction in ['mean', 'none']:
    loss = F.multi_margin_loss(v, torch.tensor(3), reduction=reduction)
    print(loss.shape, loss.tolist())
    loss = F.multi_margin_loss(v, torch.tensor([3]), reduction=reduction)
    print(loss.shape, loss.tolist())
print(F.multi_margin_loss(torch.randn(0, 4), torch.zeros(0, dtype=torch.long)),
      F.multi_margin_loss(torch.randn(0, 4), torch.zeros(0, dtype=torch.long), reduction='none'))
m = nn.MultiMarginLoss(p=2, margin=0.5)
print(m, m.p, m.margin, m(torch.randn(3, 4), torch.tensor([0, 1, 3])).item())
print(nn.MultiMarginLoss(weight=torch.ones(4)).weight)

g, = torch.autograd.grad(F.multi_margin_loss(x, target), x, create_graph=True)
print(g.grad_fn.name(), [f.name() for f, _ in g.grad_fn.next_functions])

errors = [
    lambda: F.soft_margin_loss(torch.randn(3, 4), torch.ones(2)),
    lambda: F.soft_margin_loss(torch.randn(4), torch.ones(3, 4)),
    lambda: F.soft_margin_loss(torch.ones(3, dtype=torch.long), torch.ones(3)),
    lambda: F.soft_margin_loss(torch.randn(3), torch.ones(3, requires_grad=True)),
    lambda: F.soft_margin_loss(torch.randn(3), torch.ones(3), reduction='avg'),
    lambda: F.multi_margin_loss(torch.randn(2, 3), torch.tensor([1, 2, 0])),
    lambda: F.multi_margin_loss(torch.randn(2, 3, 4), torch.tensor([1, 2])),
    lambda: F.multi_margin_loss(torch.randn(2, 3), torch.tensor([1, 3])),
    lambda: F.multi_margin_loss(torch.randn(2, 3), torch.tensor([1, -1])),
    lambda: F.multi_margin_loss(torch.randn(2, 3), torch.tensor([1, 2]), p=3),
    lambda: F.multi_margin_loss(torch.randn(2, 3), torch.tensor([1, 2]), weight=torch.ones(2, 3)),
    lambda: F.multi_margin_loss(torch.randn(2, 3), torch.tensor([1, 2]), weight=torch.ones(4)).item() > 0,
    lambda: F.multi_margin_loss(torch.randn(2, 3), torch.tensor([1, 2]), reduction='avg'),
    lambda: F.multi_margin_loss(torch.randn(2, 0), torch.tensor([1, 2])),
    lambda: torch.autograd.grad(torch.autograd.grad(F.multi_margin_loss(x, target), x, create_graph=True)[0].sum(), x),
    lambda: nn.MultiMarginLoss(p=3),
    lambda: F.multi_margin_loss(torch.randn(2, 3, dtype=torch.float64), torch.tensor([1, 2]), weight=torch.ones(3)),
    lambda: F.multi_margin_loss(torch.randn(2, 3), torch.tensor([1, 2]).int()),
    lambda: F.multi_margin_loss(torch.randn(2, 3).long(), torch.tensor([1, 2])),
]
for f in errors:
    try:
        f()
        print('no error')
    except (RuntimeError, ValueError, TypeError) as e:
        print(type(e).__name__, e)

# local_response_norm of a 3-d input: mul, unsqueeze, pad, avg_pool2d, squeeze, mul, add, pow, div.
for dtype in [torch.float32, torch.float64]:
    a = torch.randn(2, 7, 5, dtype=dtype, requires_grad=True)
    for kwargs in [dict(size=2), dict(size=3, alpha=0.5, beta=0.9, k=2.0), dict(size=5, alpha=1e-2)]:
        out = F.local_response_norm(a, **kwargs)
        print(dtype, kwargs, out.double().reshape(-1)[:6].tolist(), out.double().sum().item())
        a.grad = None
        (out * out).sum().backward()
        print(a.grad.double().reshape(-1)[:6].tolist(), a.grad.double().sum().item())
walk(F.local_response_norm(a, 3).grad_fn)
lrn = nn.LocalResponseNorm(3, alpha=0.1)
print(lrn, lrn(torch.ones(1, 4, 2)).tolist())
print(F.local_response_norm(torch.empty(0, 3, 2), 2).shape)
try:
    F.local_response_norm(torch.ones(2, 3), 2)
except ValueError as e:
    print(repr(str(e)))
