# Reductions and dim-wise ops on a 0-d tensor: PyTorch treats it as 1-d for dim (0 and -1
# are accepted, 1 and -2 raise IndexError), reduces nothing and keeps the 0-d shape, with
# or without keepdim. Values, grad_fn names, saved values (dim 0), gradients, errors; the
# var / std edge cases (no degree of freedom left: INFINITY * grad; std's zero result).
import torch
import torch.nn.functional as F

print(torch.tensor(2.).sum(0), torch.tensor(2.).sum(-1), torch.tensor(2.).sum(0, keepdim=True))
print(torch.tensor(2.).mean(0), torch.tensor(2.).mean(-1, keepdim=True))

cases = [
    ('sum', lambda x, d: x.sum(d)),
    ('sum keepdim', lambda x, d: x.sum(d, keepdim=True)),
    ('sum list', lambda x, d: x.sum([d])),
    ('sum float64', lambda x, d: x.sum(d, dtype=torch.float64)),
    ('mean', lambda x, d: x.mean(d)),
    ('mean keepdim', lambda x, d: x.mean(d, keepdim=True)),
    ('prod', lambda x, d: x.prod(d)),
    ('prod keepdim', lambda x, d: x.prod(d, keepdim=True)),
    ('max', lambda x, d: x.max(d)[0]),
    ('max keepdim', lambda x, d: x.max(d, keepdim=True)[0]),
    ('min', lambda x, d: x.min(d)[0]),
    ('var', lambda x, d: x.var(d)),
    ('var biased', lambda x, d: x.var(d, unbiased=False)),
    ('var keepdim', lambda x, d: x.var(d, keepdim=True)),
    ('std', lambda x, d: x.std(d)),
    ('std biased', lambda x, d: x.std(d, unbiased=False)),
    ('norm', lambda x, d: x.norm(dim=d)),
    ('norm 1', lambda x, d: x.norm(p=1, dim=d)),
    ('norm keepdim', lambda x, d: x.norm(dim=d, keepdim=True)),
    ('vector_norm', lambda x, d: torch.linalg.vector_norm(x, dim=d)),
    ('logsumexp', lambda x, d: x.logsumexp(d)),
    ('logsumexp keepdim', lambda x, d: torch.logsumexp(x, d, keepdim=True)),
    ('cumsum', lambda x, d: x.cumsum(d)),
    ('cumprod', lambda x, d: x.cumprod(d)),
    ('softmax', lambda x, d: x.softmax(d)),
    ('log_softmax', lambda x, d: F.log_softmax(x, dim=d)),
]

for dtype in (torch.float32, torch.float64):
    for d in (0, -1):
        for name, f in cases:
            x = torch.tensor(-2.5, dtype=dtype, requires_grad=True)
            y = f(x, d)
            line = [name, d, y, tuple(y.shape), y.grad_fn.name()]
            if d == 0 and dtype == torch.float32:
                for attr in ('_saved_dim', '_saved_keepdim', '_saved_self_sym_sizes', '_saved_correction',
                             '_saved_p', '_saved_ord', '_saved_self_sizes'):
                    try:
                        line.append((attr, getattr(y.grad_fn, attr)))
                    except AttributeError:
                        pass
            (y * 3).backward()
            line.append(x.grad)
            print(*line)

for name, f in [('argmax', lambda x, d: x.argmax(d)), ('all', lambda x, d: (x > 0).all(d)),
                ('any', lambda x, d: (x > 0).any(d, keepdim=True)), ('sum int', lambda x, d: x.long().sum(d)),
                ('max indices', lambda x, d: x.max(d)[1]), ('prod int', lambda x, d: x.long().prod(d, keepdim=True))]:
    print(name, f(torch.tensor(4.), 0), f(torch.tensor(4.), -1))

# Twice reduced, then backward.
x = torch.tensor(1.5, requires_grad=True)
y = x.sum(0).mean(-1).sum(0, keepdim=True) * x.var(0, unbiased=False)
y.backward()
print(y, x.grad)

# Degrees of freedom: var / std over every element or a 0-d self with n == correction.
for shape in [(), (2,)]:
    for f in [lambda x: x.var(), lambda x: x.var(0), lambda x: x.std(), lambda x: x.std(0),
              lambda x: x.std(unbiased=False), lambda x: x.std(0, unbiased=False, keepdim=True)]:
        x = torch.full(shape, 2.5, requires_grad=True)
        y = f(x)
        y.sum().backward()
        print(shape, y, x.grad)
for f in [lambda x: x.var(), lambda x: x.std()]:
    x = torch.full((1,), 2.5, requires_grad=True)
    try:
        f(x).backward()
    except RuntimeError as e:
        print('RuntimeError', e)

# Out of range: a 0-d tensor's dims are [-1, 0].
for name, f in [('sum', lambda x: x.sum(1)), ('mean', lambda x: x.mean(-2)), ('prod', lambda x: x.prod(1)),
                ('max', lambda x: x.max(1)), ('var', lambda x: x.var(1)), ('std', lambda x: x.std(-2)),
                ('norm', lambda x: x.norm(dim=1)), ('logsumexp', lambda x: x.logsumexp(1)),
                ('cumsum', lambda x: x.cumsum(1)), ('softmax', lambda x: x.softmax(1)),
                ('argmax', lambda x: x.argmax(1))]:
    try:
        f(torch.tensor(2.))
    except IndexError as e:
        print(name, 'IndexError', e)
