# softmax over the last dim as PyTorch 1.13's _vec_softmax_lastdim computes it (SLEEF's exp
# on every element, vec::reduce_all's sum, times 1 / sum) and its backward
# (grad - sum(grad * y)) * y with map2_reduce_all's fused multiply-adds: float32 and
# float64 bits for rows shorter than, equal to and longer than a vector, several rows,
# a transposed input (made contiguous first), softmin and nn.Softmax(dim=-1).
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

for dtype in (torch.float32, torch.float64):
    for shape in [(1,), (3,), (4,), (7,), (8,), (9,), (16,), (17,), (40,), (100,), (5, 13), (3, 4, 33), (2, 1000)]:
        x = torch.tensor(values(math.prod(shape), len(shape) + shape[-1], 6.0), dtype=dtype).reshape(shape)
        x.requires_grad_()
        g = torch.tensor(values(math.prod(shape), 5, 1.0), dtype=dtype).reshape(shape)
        y = F.softmax(x, -1)
        gx, = torch.autograd.grad(y, x, g)
        m = F.softmin(x, -1)
        gm, = torch.autograd.grad(m, x, g)
        print(shape, digest(y), digest(gx), digest(m), digest(gm))
    xt = torch.tensor(values(60, 1, 3.0), dtype=dtype).reshape(6, 10).t().requires_grad_()
    y = nn.Softmax(dim=-1)(xt)
    gx, = torch.autograd.grad(y, xt, torch.tensor(values(60, 2, 1.0), dtype=dtype).reshape(10, 6))
    print("transposed", digest(y), digest(gx))
big = torch.tensor([[1000., 0., -1000.], [float('-inf'), 0., 1.], [5., 5., 5.]], requires_grad=True)
y = big.softmax(-1)
y.backward(torch.ones(3, 3))
print(y, big.grad)
