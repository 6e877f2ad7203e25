# Found by the differential fuzzer: a view whose base changed in place after it was made
# regenerates its grad_fn as AsStridedBackward0, and 1.13's as_strided_backward returns a
# view of a fresh 1-D buffer (new_zeros, then copy_ or index_add_): torch.autograd.grad
# gives back a view at _version 2, and a leaf's .grad that steals it keeps version 2.
# An expanded view's gradient sums over the broadcast copies.
import torch


def info(label, g):
    print(label, tuple(g.shape), g.stride(), g.storage_offset(), 'v=%d view=%s' % (g._version, g._is_view()),
          None if g._base is None else (tuple(g._base.shape), g._base._version))
    print(' ', g.tolist())


def bumped(t):
    t.detach().add_(1)


leaf = torch.tensor([[1., 2.], [3., 4.], [5., 6.]], requires_grad=True)
views = {
    'select': lambda t: t[0], 'slice': lambda t: t[1:], 'column': lambda t: t[:, 1], 't': lambda t: t.t(),
    'expand': lambda t: t.expand(2, 3, 2), 'unsqueeze': lambda t: t.unsqueeze(1), 'narrow': lambda t: t.narrow(1, 1, 1),
}
for name, make in views.items():
    v = make(leaf)
    bumped(leaf)
    g, = torch.autograd.grad((v ** 2).sum(), [leaf])
    info('grad ' + name, g)

# A non-leaf base: the view of the same buffer is what autograd.grad returns.
x = leaf * 1
v = x[:, 0]
bumped(x)
g = torch.autograd.grad((v * 3).sum(), [x, leaf])
info('non-leaf x', g[0])
info('leaf through x', g[1])

# .backward(): the leaf steals the view's buffer (a detach of it), so the version shows.
for name in ('select', 'expand', 't'):
    leaf.grad = None
    v = views[name](leaf)
    bumped(leaf)
    (v ** 2).sum().backward()
    info('.grad ' + name, leaf.grad)
# Accumulating into an existing .grad adds in place.
v = leaf[2]
bumped(leaf)
(v * 2).sum().backward()
info('.grad accumulated', leaf.grad)
