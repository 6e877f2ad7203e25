# F.one_hot (int64 zeros with ones scattered, num_classes inferred from the largest
# class, PyTorch's checks and their texts) and F.normalize (x / norm(p, dim).clamp_min(eps)
# expanded: its graph, values and gradients in float32 and float64).
import math, struct, torch
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

def error(label, call):
    try:
        out = call()
        print(label, out, out.dtype)
    except Exception as e:
        print(label, type(e).__name__, e)

labels = torch.tensor([0, 2, 1, 2])
print(F.one_hot(labels), F.one_hot(labels, 5), F.one_hot(labels, num_classes=3).dtype)
print(F.one_hot(torch.tensor([[1, 0], [3, 2]])), F.one_hot(torch.tensor(2), 4), F.one_hot(torch.tensor(0)))
print(F.one_hot(torch.tensor([], dtype=torch.long), 3).shape, F.one_hot(labels).requires_grad)
onehot = F.one_hot(labels, 4).float()
print(onehot, onehot.sum(0))
error("float", lambda: F.one_hot(torch.tensor([0., 1.])))
error("int32-like bool", lambda: F.one_hot(torch.tensor([True, False])))
error("negative", lambda: F.one_hot(torch.tensor([0, -1])))
error("too large", lambda: F.one_hot(torch.tensor([0, 3]), 3))
error("empty", lambda: F.one_hot(torch.tensor([], dtype=torch.long)))
error("num_classes -2", lambda: F.one_hot(torch.tensor([1, 2]), -2))
error("num_classes 0", lambda: F.one_hot(torch.tensor([[1], [2]]), 0))

def dump(fn, depth=0):
    if fn is None:
        print('  ' * depth + 'None')
        return
    attrs = [(a, getattr(fn, a) if not isinstance(getattr(fn, a), torch.Tensor) else tuple(getattr(fn, a).shape))
             for a in dir(fn) if a.startswith('_saved')]
    print('  ' * depth + fn.name(), attrs)
    for nf, _ in fn.next_functions:
        dump(nf, depth + 1)

x = torch.tensor([[3., 4.], [0., 0.], [1e-13, 0.], [-1., 2.]], requires_grad=True)
y = F.normalize(x)
dump(y.grad_fn)
y.backward(torch.tensor([[1., 2.], [3., 4.], [5., 6.], [7., 8.]]))
print(y, x.grad)
print(F.normalize(x, p=1, dim=0), F.normalize(x, dim=-1, eps=0.5), F.normalize(x, p=float('inf')))
dump(F.normalize(x, p=1, dim=0).grad_fn)
for dtype in (torch.float32, torch.float64):
    for shape, dim in (((7,), 0), ((5, 17), 1), ((5, 17), 0), ((3, 4, 10), 2), ((3, 4, 10), 1)):
        x = torch.tensor(values(math.prod(shape), len(shape) + dim, 3.0), dtype=dtype).reshape(shape).requires_grad_()
        for p in (2, 1, 3.5):
            y = F.normalize(x, p=p, dim=dim)
            g = torch.tensor(values(y.numel(), 7, 1.0), dtype=dtype).reshape(shape)
            gx, = torch.autograd.grad(y, x, g)
            print(shape, dim, p, digest(y), digest(gx))
error("normalize long", lambda: F.normalize(torch.tensor([1, 2])))
