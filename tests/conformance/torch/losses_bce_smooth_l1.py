# binary_cross_entropy (+ weight, reductions, errors), binary_cross_entropy_with_logits
# (+ pos_weight, weight), smooth_l1_loss (beta), huber_loss (delta), l1_loss, and their
# modules: values, node names, saved attributes, gradients and double backward.
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

warnings.simplefilter('ignore')


def lcg(n, seed, lo, hi):
    out = []
    for _ in range(n):
        seed = (seed * 1103515245 + 12345) % 2**31
        out.append(lo + (hi - lo) * seed / 2**31)
    return out


def run(name, fn, x, y, extra=()):
    x = x.detach().requires_grad_()
    loss = fn(x, y)
    print(name, loss, loss.grad_fn.name())
    for a in extra:
        print('  ', a, getattr(loss.grad_fn, '_saved_' + a))
    loss.sum().backward()
    print('  grad', x.grad.tolist())


p = torch.tensor(lcg(12, 3, 0.01, 0.99)).reshape(3, 4)
y = torch.tensor([float(v > 0.5) for v in lcg(12, 4, 0., 1.)]).reshape(3, 4)
z = torch.tensor(lcg(12, 5, -3., 3.)).reshape(3, 4)
w = torch.tensor([0.5, 1., 2., 3.])
for red in ['mean', 'sum', 'none']:
    run('bce ' + red, lambda a, b: F.binary_cross_entropy(a, b, reduction=red), p, y, ['reduction', 'weight'])
    run('bce weight ' + red, lambda a, b: F.binary_cross_entropy(a, b, weight=w, reduction=red), p, y)
    run('bcel ' + red, lambda a, b: F.binary_cross_entropy_with_logits(a, b, reduction=red), z, y,
        ['reduction', 'pos_weight'])
    run('bcel pos ' + red, lambda a, b: F.binary_cross_entropy_with_logits(a, b, pos_weight=w, reduction=red), z, y)
    run('bcel both ' + red, lambda a, b: F.binary_cross_entropy_with_logits(a, b, weight=w, pos_weight=w,
                                                                             reduction=red), z, y)
    run('smooth ' + red, lambda a, b: F.smooth_l1_loss(a, b, reduction=red), z, p, ['beta', 'reduction'])
    run('smooth beta ' + red, lambda a, b: F.smooth_l1_loss(a, b, reduction=red, beta=0.3), z, p)
    run('smooth beta0 ' + red, lambda a, b: F.smooth_l1_loss(a, b, reduction=red, beta=0.0), z, p)
    run('huber ' + red, lambda a, b: F.huber_loss(a, b, reduction=red, delta=0.5), z, p, ['delta', 'reduction'])
    run('l1 ' + red, lambda a, b: F.l1_loss(a, b, reduction=red), z, p)

print(F.binary_cross_entropy(torch.tensor([0., 1., 1e-30]), torch.tensor([1., 0., 1.]), reduction='none'))
print(F.binary_cross_entropy_with_logits(torch.tensor([100., -100., 0.]), torch.tensor([0., 1., 0.5])))

# the target's gradient, and double backward
a = p.clone().requires_grad_()
b = y.clone().requires_grad_()
F.binary_cross_entropy(a, torch.full((3, 4), 0.3, requires_grad=True)).backward()
l = F.binary_cross_entropy_with_logits(z, b)
l.backward()
print(b.grad)
b.grad = None
F.smooth_l1_loss(z, b).backward()
print(b.grad)
q = z.clone().requires_grad_()
g, = torch.autograd.grad(F.binary_cross_entropy_with_logits(q, y, reduction='sum'), q, create_graph=True)
g.sum().backward()
print(g.tolist(), q.grad)
q.grad = None
g, = torch.autograd.grad(F.smooth_l1_loss(q, p, beta=2.0), q, create_graph=True)
g.sum().backward()
print(g.tolist(), q.grad)
q = p.clone().requires_grad_()
g, = torch.autograd.grad(F.binary_cross_entropy(q, y), q, create_graph=True)
g.sum().backward()
print(g.tolist(), q.grad)

for m in [nn.BCELoss(), nn.BCELoss(weight=w, reduction='sum'), nn.BCEWithLogitsLoss(pos_weight=w), nn.L1Loss(),
          nn.SmoothL1Loss(beta=0.5), nn.HuberLoss(delta=2.0), nn.L1Loss(reduction='none')]:
    print(m, m(p if isinstance(m, nn.BCELoss) else z, y))
print(nn.BCELoss(size_average=False)(p, y), nn.SmoothL1Loss(reduce=False)(z, p))

for f in [lambda: F.binary_cross_entropy(p, y[0]), lambda: F.binary_cross_entropy(z, y),
          lambda: F.binary_cross_entropy(p, z), lambda: F.binary_cross_entropy_with_logits(z, y[0]),
          lambda: F.binary_cross_entropy(p, y, reduction='avg'), lambda: F.smooth_l1_loss(z, p, beta=-1.),
          lambda: F.huber_loss(z, p, delta=0.)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
warnings.simplefilter('default')
print(F.smooth_l1_loss(z, p[0]), F.l1_loss(z[0], p), F.huber_loss(z, p[:, :1]))

# Long tensors: binary_cross_entropy takes log(1 - x) (not log1p(-x)); the backward of
# smooth_l1 / huber rounds differently in the vectorized body and in the scalar tail.
p = torch.tensor(lcg(67, 11, 0.001, 0.999))
y = torch.tensor(lcg(67, 12, 0., 1.))
print(F.binary_cross_entropy(p, y, reduction='none').tolist())
z = torch.tensor(lcg(67, 13, -3., 3.))
for beta in [0.3, 1.7]:
    for red in ['mean', 'sum']:
        for fn in [lambda a, b: F.smooth_l1_loss(a, b, beta=beta, reduction=red),
                   lambda a, b: F.huber_loss(a, b, delta=beta, reduction=red)]:
            q = z.clone().requires_grad_()
            fn(q, y).backward()
            print(beta, red, q.grad.tolist())
