# Found by the differential fuzzer: under create_graph, a backward formula whose incoming
# gradient builds no graph computes what it computes without create_graph: a view's
# AsStridedBackward0 still returns a view of its buffer at _version 2, and the max / sort
# of a 0-d tensor a fresh gradient at _version 2.
import torch


def info(label, g):
    print(label, g.tolist(), 'v=%d view=%s rg=%s' % (g._version, g._is_view(), g.requires_grad),
          None if g.grad_fn is None else type(g.grad_fn).__name__)


leaf = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
x = leaf * 1
v = x[1]
x.detach().add_(1)
for cg in (False, True):
    g, = torch.autograd.grad(v.sum(), [x], create_graph=cg, retain_graph=True)
    info('as_strided create_graph=%s' % cg, g)

s = torch.tensor(-12.3, requires_grad=True)
for name, f in (('max', lambda t: t.max(0)[0]), ('sort', lambda t: t.sort(0)[0]), ('cummin', lambda t: t.cummin(0)[0])):
    for cg in (False, True):
        g, = torch.autograd.grad(f(s).sum(), [s], create_graph=cg)
        info('%s create_graph=%s' % (name, cg), g)
