# torch.cross / torch.linalg.cross / Tensor.cross: values to the last bit (the kernel's
# fused multiply-subtract), dim given, defaulted (-1 for linalg.cross, the first dim of size
# 3 for torch.cross), broadcasting, integers; LinalgCrossBackward0 with its saved dim,
# gradients (summed over broadcast dims), double backward; the errors word for word.
import math, struct, torch

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

def attempt(fn):
    try:
        r = fn()
        print(r)
    except Exception as e:
        print(type(e).__name__, e)

for dtype in (torch.float32, torch.float64):
    a = torch.tensor(values(60, 1, 2.0), dtype=dtype).view(4, 5, 3)
    b = torch.tensor(values(60, 2, 3.0), dtype=dtype).view(4, 5, 3)
    print(digest(torch.linalg.cross(a, b)), digest(torch.cross(a, b, dim=2)), digest(a.cross(b, -1)))
    c = a.permute(2, 0, 1).contiguous()
    d = b.permute(2, 0, 1).contiguous()
    print(digest(torch.cross(c, d)), digest(torch.linalg.cross(c, d, dim=0)), digest(torch.cross(c.transpose(1, 2), d.transpose(1, 2), 0)))
    print(digest(torch.linalg.cross(a, b[:1])), digest(torch.linalg.cross(a[:, :1], b)))

i = torch.tensor([[1, 2, 3], [4, -5, 6]])
print(torch.cross(i, torch.tensor([[7, 8, 9], [1, 0, -1]]), dim=1), torch.linalg.cross(i, i.flip(1)))
print(torch.cross(torch.eye(3), torch.ones(3, 3)))

x = torch.tensor([[1.0, -2.0, 0.5], [0.25, 3.0, -1.0]], requires_grad=True)
y = torch.tensor([[0.3, 0.7, -1.1]], requires_grad=True)
r = torch.linalg.cross(x, y)
print(r, type(r.grad_fn).__name__, r.grad_fn._saved_dim, r.grad_fn._saved_self, r.grad_fn._saved_other)
print(torch.autograd.grad((r * r).sum(), (x, y)))
r = torch.cross(x.t(), y.t().expand(3, 2))
print(r, r.grad_fn._saved_dim)
print(torch.autograd.grad(r.sum(), (x, y)))
r = x.cross(x * 2, dim=1)
print(r, type(r.grad_fn).__name__, r.grad_fn._saved_dim)
g = torch.autograd.grad((r.sin()).sum(), x, create_graph=True)[0]
print(g, type(g.grad_fn).__name__, torch.autograd.grad(g.sum(), x))
r = torch.linalg.cross(x, y.detach())
g = torch.autograd.grad(r.sum(), x, create_graph=True)[0]
print(g, type(g.grad_fn).__name__)

attempt(lambda: torch.linalg.cross(torch.randn(2, 3), torch.randn(5, 2, 3)))
attempt(lambda: torch.linalg.cross(torch.ones(2, 4), torch.ones(2, 4)))
attempt(lambda: torch.linalg.cross(torch.ones(4, 3), torch.ones(1, 3), dim=0))
attempt(lambda: torch.linalg.cross(torch.ones(2, 3), torch.ones(2, 3, dtype=torch.float64)))
attempt(lambda: torch.linalg.cross(torch.ones(2, 3, dtype=torch.float64), torch.ones(2, 3)))
attempt(lambda: torch.cross(torch.ones(2, 2), torch.ones(2, 2)))
attempt(lambda: torch.linalg.cross(torch.ones(2, 3), torch.ones(2, 3), dim=5))
attempt(lambda: torch.cross(torch.ones(2, 3), torch.ones(2, 3), 2))
attempt(lambda: torch.linalg.cross(torch.ones(2, 3, dtype=torch.bool), torch.ones(2, 3, dtype=torch.bool)))
attempt(lambda: torch.linalg.cross(torch.ones(3), 1))
attempt(lambda: torch.linalg.cross(torch.ones(3), torch.ones(3), 0))
attempt(lambda: torch.cross(torch.ones(3), torch.ones(3), dim=None))
attempt(lambda: torch.ones(3).cross(torch.ones(3), dim=0.5))
