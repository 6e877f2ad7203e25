# F.cosine_similarity / nn.CosineSimilarity / torch.cosine_similarity (1.13's composite:
# each input over its norm clamped at eps, then the sum of their product) and
# F.pairwise_distance / nn.PairwiseDistance / torch.pairwise_distance (norm(x1 - x2 + eps)
# over the innermost dim): graphs, values and gradients in float32 and float64,
# broadcasting, integer inputs, reprs and errors.
import math, struct, torch
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

def dump(fn, depth=0):
    if fn is None:
        print('  ' * depth + 'None')
        return
    attrs = [(a, getattr(fn, a) if not isinstance(getattr(fn, a), torch.Tensor) else tuple(getattr(fn, a).shape))
             for a in dir(fn) if a.startswith('_saved')]
    print('  ' * depth + fn.name(), attrs)
    for nf, _ in fn.next_functions:
        dump(nf, depth + 1)

def error(label, call):
    try:
        print(label, call())
    except Exception as e:
        print(label, type(e).__name__, e)

a = torch.tensor([[1., 2., 3.], [0., 0., 0.], [1e-9, 0., 0.]], requires_grad=True)
b = torch.tensor([[1., 0., -1.], [1., 1., 1.], [1., 0., 0.]], requires_grad=True)
y = F.cosine_similarity(a, b)
dump(y.grad_fn)
y.backward(torch.tensor([1., 2., 3.]))
print(y, a.grad, b.grad)
print(torch.cosine_similarity(a, b, dim=0), nn.CosineSimilarity(dim=0, eps=1e-3)(a, b), F.cosine_similarity(a, b[0]))
print(F.cosine_similarity(a, torch.tensor([1, 2, 3])), F.cosine_similarity(torch.tensor([[1, 2]]), torch.tensor([[2., 1.]])))
dump(F.cosine_similarity(a, torch.tensor([1, 2, 3])).grad_fn)
y = F.pairwise_distance(a, b)
dump(y.grad_fn)
a.grad = b.grad = None
y.backward(torch.tensor([1., 2., 3.]))
print(y, a.grad, b.grad)
print(torch.pairwise_distance(a, b), nn.PairwiseDistance(p=1, keepdim=True)(a, b), F.pairwise_distance(a, b[1], p=3.),
      F.pairwise_distance(a[0], b, eps=0.), nn.PairwiseDistance(float('inf'))(a, b))
print(nn.CosineSimilarity(), nn.PairwiseDistance(), nn.PairwiseDistance(1, 1e-3, True))
for dtype in (torch.float32, torch.float64):
    for shape, dim in (((7,), 0), ((5, 17), 1), ((5, 17), 0), ((3, 4, 10), 2), ((3, 4, 10), 1), ((2, 40), 1)):
        x1 = torch.tensor(values(math.prod(shape), len(shape) + dim, 3.0), dtype=dtype).reshape(shape).requires_grad_()
        x2 = torch.tensor(values(math.prod(shape), 2 * len(shape) + dim, 2.0), dtype=dtype).reshape(shape).requires_grad_()
        y = F.cosine_similarity(x1, x2, dim)
        g = torch.tensor(values(y.numel(), 7, 1.0), dtype=dtype).reshape(y.shape)
        g1, g2 = torch.autograd.grad(y, (x1, x2), g)
        print("cos", shape, dim, digest(y), digest(g1), digest(g2))
        y = F.pairwise_distance(x1, x2)
        g = torch.tensor(values(y.numel(), 8, 1.0), dtype=dtype).reshape(y.shape)
        g1, g2 = torch.autograd.grad(y, (x1, x2), g)
        print("pd", shape, digest(y), digest(g1), digest(g2))
error("cos shapes", lambda: F.cosine_similarity(torch.randn(2, 3), torch.randn(3, 3)))
error("cos long", lambda: F.cosine_similarity(torch.tensor([1, 2]), torch.tensor([1, 2])))
error("pd shapes", lambda: F.pairwise_distance(torch.randn(2, 3), torch.randn(3, 3)))
