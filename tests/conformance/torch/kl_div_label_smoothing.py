# F.kl_div / torch.kl_div / nn.KLDivLoss (every reduction, 'batchmean', log_target, the
# legacy flags, broadcasting, dtypes), torch.xlogy (tensor and number operands,
# XlogyBackward0/1/2 and the zero-gradient rule at x = 0, y <= 0), and F.cross_entropy /
# nn.CrossEntropyLoss with label_smoothing and with class probabilities as target: values
# bit for bit, grad_fn chains with the Scalar-overload nodes PyTorch's composites record,
# gradients, errors. (Targets are made with log_softmax().exp(): the engine's softmax is
# not bit-exact yet.)
import math, struct, warnings, torch
import torch.nn as nn
import torch.nn.functional as F

def values(n, seed, scale):
    state, out = seed * 7919 + 1, []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(scale * (state / 1073741824.0 - 1.0))
    return out

def digest(t):
    vals = t.flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(vals), bits)

def tensor(shape, seed, dtype=torch.float32, scale=1.0):
    return torch.tensor(values(math.prod(shape), seed, scale), dtype=dtype).reshape(shape)

def chain(t):
    lines, stack, seen, keep = [], [(t.grad_fn, 0)], set(), []
    while stack:
        fn, depth = stack.pop()
        if fn is None or id(fn) in seen:
            continue
        seen.add(id(fn))
        keep.append(fn)
        attrs = [(a, getattr(fn, '_saved_' + a)) for a in ('other', 'alpha', 'dim', 'reduction', 'accumulate')
                 if hasattr(fn, '_saved_' + a) and not isinstance(getattr(fn, '_saved_' + a), torch.Tensor)]
        lines.append('  ' * depth + fn.name() + ''.join(' %s=%s' % a for a in attrs))
        for next_fn, _ in reversed(fn.next_functions):
            stack.append((next_fn, depth + 1))
    return '\n'.join(lines)

warnings.simplefilter('always')
for dtype in (torch.float32, torch.float64):
    for shape in [(3, 5), (4, 37), (2, 3, 9), (10,)]:
        logp = tensor(shape, 1, dtype, 3.0).log_softmax(-1).detach().requires_grad_()
        q = tensor(shape, 2, dtype, 2.0).log_softmax(-1).exp().detach().requires_grad_()
        logq = tensor(shape, 3, dtype, 2.0).log_softmax(-1).detach().requires_grad_()
        for reduction in ('none', 'sum', 'mean', 'batchmean'):
            for log_target in (False, True):
                target = logq if log_target else q
                out = F.kl_div(logp, target, reduction=reduction, log_target=log_target)
                out.backward(torch.ones_like(out))
                print(dtype, shape, reduction, log_target, digest(out), digest(logp.grad), digest(target.grad))
                logp.grad = target.grad = None

x = torch.tensor([[-1.2, -0.5, -2.0], [-0.1, -3.0, -1.5]], requires_grad=True)
p = torch.tensor([[0.2, 0.0, 0.8], [0.5, 0.5, 0.0]], requires_grad=True)
for kwargs in ({}, {'reduction': 'batchmean'}, {'reduction': 'none', 'log_target': True}, {'size_average': False}):
    out = F.kl_div(x, p, **kwargs)
    print(kwargs, out)
    print(chain(out))
out = F.kl_div(x, p, reduction='sum')
out.backward()
print(x.grad, p.grad)
print(torch.kl_div(x, p), torch.kl_div(x, p, 2, log_target=True), torch.kl_div(x, p[0], 0), F.kl_div(x, p.double()).dtype,
      F.kl_div(x[0, 0], p[0, 0], reduction='batchmean'), F.kl_div(x, p, reduce=False).shape)
m = nn.KLDivLoss(reduction='batchmean', log_target=True)
print(m, m.reduction, m.log_target, nn.KLDivLoss(size_average=False).reduction, m(x, p))

a = torch.tensor([0., 0., 1., 2., 0., 3.], requires_grad=True)
b = torch.tensor([2., 0., 3., -1., -2., float('nan')], requires_grad=True)
r = torch.xlogy(a, b)
print(r, r.grad_fn.name(), r.grad_fn._saved_self is a, r.grad_fn._saved_other is b)
r.backward(torch.tensor([1., 1., 2., 1., 1., 1.]))
print(a.grad, b.grad)
a.grad = b.grad = None
for other in (2.0, -2, 0):
    r = torch.xlogy(a, other)
    print(r, r.grad_fn.name(), r.grad_fn._saved_other, r.grad_fn._saved_self is a)
    r.sum().backward()
    print(a.grad)
    a.grad = None
r = torch.xlogy(3, b)
print(r, r.grad_fn.name(), r.grad_fn._saved_self, r.grad_fn._saved_other is b)
r.sum().backward()
print(b.grad)
print(a.xlogy(b), torch.xlogy(torch.tensor([1, 2]), 3), torch.xlogy(2, torch.tensor([1, 2])),
      torch.xlogy(torch.tensor([1., 2.], dtype=torch.float64), torch.tensor([3., 4.])).dtype,
      torch.xlogy(torch.tensor([True, False]), torch.tensor([2., 3.])))
for dtype in (torch.float32, torch.float64):
    u, v = tensor((300,), 4, dtype, 2.0), tensor((300,), 5, dtype, 5.0).abs()
    print(digest(torch.xlogy(u, v)), digest(torch.xlogy(u, 0.7)), digest(torch.xlogy(1.3, v)))

for dtype in (torch.float32, torch.float64):
    for n, c in [(4, 5), (16, 10), (3, 33)]:
        logits = tensor((n, c), 6, dtype, 4.0).requires_grad_()
        labels = torch.tensor([(7 * i) % c for i in range(n)])
        probs = tensor((n, c), 7, dtype, 3.0).log_softmax(1).exp()
        for ls in (0.0, 0.1, 0.25, 1.0):
            for reduction in ('mean', 'sum', 'none'):
                for target in (labels, probs):
                    out = F.cross_entropy(logits, target, reduction=reduction, label_smoothing=ls)
                    out.backward(torch.ones_like(out))
                    print(dtype, (n, c), ls, reduction, target.dtype, out.grad_fn.name(), digest(out), digest(logits.grad))
                    logits.grad = None

z = torch.tensor([[1.0, 2.0, 0.5], [0.1, -1.0, 2.0]], requires_grad=True)
for target in (torch.tensor([2, 0]), torch.tensor([[0.2, 0.3, 0.5], [1.0, 0.0, 0.0]])):
    for reduction in ('mean', 'sum', 'none'):
        out = F.cross_entropy(z, target, reduction=reduction, label_smoothing=0.2)
        print(out)
        print(chain(out))
out = F.cross_entropy(z, torch.tensor([1, -100]), label_smoothing=0.3)
out.backward()
print(out, z.grad)
print(F.cross_entropy(z, torch.tensor([-100, -100]), label_smoothing=0.3), F.cross_entropy(z, torch.tensor([1, 2]), label_smoothing=-0.5),
      F.cross_entropy(z, torch.tensor([[0.2, 0.3, 0.5], [1.0, 0.0, 0.0]]), label_smoothing=-0.5),
      F.cross_entropy(z[0], torch.tensor([0.2, 0.3, 0.5]), label_smoothing=0.1),
      F.cross_entropy(torch.zeros(0, 3), torch.zeros(0, 3), label_smoothing=0.1))
loss = nn.CrossEntropyLoss(label_smoothing=0.15)
print(loss, loss.label_smoothing, loss(z, torch.tensor([0, 1])))

for call in (lambda: F.kl_div(x, torch.tensor([[1, 2, 3], [4, 5, 6]])), lambda: F.kl_div(x.long(), p),
             lambda: F.kl_div(x, p, reduction='foo'), lambda: torch.kl_div(x, p, 5), lambda: F.kl_div(x, p[:, :2]),
             lambda: F.cross_entropy(z, torch.tensor([0, 1]), label_smoothing=1.5),
             lambda: F.cross_entropy(z, torch.ones(2, 3), label_smoothing=1.5),
             lambda: F.cross_entropy(z, torch.ones(2, 3, dtype=torch.long)),
             lambda: F.cross_entropy(z, torch.ones(2, 3), ignore_index=1),
             lambda: F.cross_entropy(z, torch.tensor([0., 1.]), label_smoothing=0.1),
             lambda: torch.xlogy(x, 'a'), lambda: torch.xlogy('a', x)):
    try:
        call()
    except (TypeError, RuntimeError, IndexError, ValueError) as e:
        print(type(e).__name__, e)
