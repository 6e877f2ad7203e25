# torch.vdot, addmv / addmv_, addr / addr_ and dist: values to the last bit (BLAS gemv for
# addmv, addr's fused multiply-add), beta / alpha as ints, floats and zero, broadcast and
# strided operands, their nodes (VdotBackward0, AddmvBackward0, AddrBackward0,
# DistBackward0) with saved attributes, gradients and double backward, and the errors.
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
    a = torch.tensor(values(37, 1, 2.0), dtype=dtype)
    b = torch.tensor(values(37, 2, 3.0), dtype=dtype)
    print(digest(torch.vdot(a, b)), digest(a.vdot(b)), digest(torch.vdot(a[1::2], b[1::2])))
    M = torch.tensor(values(7 * 37, 3, 1.5), dtype=dtype).view(7, 37)
    s = torch.tensor(values(7, 4, 1.0), dtype=dtype)
    print(digest(torch.addmv(s, M, a)), digest(torch.addmv(s, M, a, beta=0.5, alpha=-2)),
          digest(s.addmv(M, a, beta=0)), digest(torch.addmv(s[:1], M, a, alpha=3)))
    print(digest(torch.addmv(s, M.t().contiguous().t(), a)), digest(torch.addmv(s, M[:, ::2], a[::2], beta=2)),
          digest(torch.addmv(s, M, a.new_ones(1).expand(37), alpha=0.25)))
    t = s.clone()
    t.addmv_(M, a, beta=0.75, alpha=0.5)
    print(digest(t), digest(torch.addmv_(s.clone(), M, a)))
    P = torch.tensor(values(7 * 9, 5, 1.0), dtype=dtype).view(7, 9)
    u = torch.tensor(values(9, 6, 2.0), dtype=dtype)
    print(digest(torch.addr(P, s, u)), digest(torch.addr(P, s, u, beta=0.7, alpha=1.3)),
          digest(P.addr(s, u, beta=0, alpha=2.5)), digest(torch.addr(P[0], s, u, beta=-1)))
    Q = torch.tensor(values(3 * 21, 7, 1.0), dtype=dtype).view(3, 21)
    z = torch.tensor(values(21, 8, 2.0), dtype=dtype)
    print(digest(torch.addr(Q, s[:3], z, beta=0.7, alpha=1.3)), digest(torch.addr(Q, s[:3], z)),
          digest(torch.addr(Q.t().contiguous().t(), s[:3], z, beta=2)), digest(torch.addr(Q[:, ::2], s[:3], z[::2], beta=3)),
          digest(torch.addr(Q[0], s[:3], z, beta=-0.5)), digest(torch.addr(Q, s[:3], z, beta=0, alpha=0.3)))
    w = Q.clone()
    w.addr_(s[:3], z, beta=0.9, alpha=1.1)
    print(digest(w))
    q = P.clone()
    q.addr_(s, u, beta=0.3, alpha=-0.9)
    print(digest(q), digest(P.t().contiguous().t().addr(s, u, beta=1.5)))
    print(digest(torch.dist(a, b)), digest(torch.dist(a, b, 1)), digest(torch.dist(a, b, 3)),
          digest(a.dist(b, 0.5)), digest(torch.dist(a, b, float('inf'))), digest(torch.dist(a, b, 0)),
          digest(torch.dist(M, a)), digest(torch.dist(a, b, -1)))

# beta = 0 ignores NaN in self
nan = torch.tensor([float('nan'), 1.0])
print(torch.addmv(nan, torch.ones(2, 3), torch.ones(3), beta=0), torch.addr(torch.full((2, 2), float('nan')), torch.ones(2), torch.ones(2), beta=0))
# integers and bools
i = torch.tensor([[1, 2, 3], [4, 5, 6]])
v = torch.tensor([7, -8, 9])
print(torch.addmv(torch.tensor([1, 1]), i, v, beta=2, alpha=3), torch.vdot(v, v), torch.addr(i, torch.tensor([1, 2]), v, beta=2))
print(torch.addr(torch.zeros(2, 3, dtype=torch.bool), torch.tensor([True, False]), torch.tensor([True, True, False])))
print(torch.addr(torch.ones(2, 3, dtype=torch.long), torch.ones(2), torch.ones(3), beta=3, alpha=0.5))
print(torch.addr(torch.ones(6, 4).t(), torch.ones(4), torch.ones(6)).stride(), torch.addr(torch.ones(6), torch.ones(4), torch.ones(6)).stride(),
      torch.addr(torch.ones(4, 1), torch.ones(4), torch.ones(6)).stride(), torch.rand(3, 2).t().addr_(torch.ones(2), torch.ones(3)).stride())
print(torch.addmv(torch.ones(2, dtype=torch.float64), torch.ones(2, 3), torch.ones(3)).dtype,
      torch.dist(torch.ones(2), torch.zeros(2, dtype=torch.float64)).dtype)

# autograd
x = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
y = torch.tensor([0.3, 0.7, -1.1], requires_grad=True)
r = torch.vdot(x, y)
print(r, type(r.grad_fn).__name__, r.grad_fn._saved_self, r.grad_fn._saved_other)
print(torch.autograd.grad(r, (x, y)))
W = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], requires_grad=True)
c = torch.tensor([0.1, -0.2], requires_grad=True)
r = torch.addmv(c, W, x, beta=2, alpha=0.5)
print(r, type(r.grad_fn).__name__, r.grad_fn._saved_beta, r.grad_fn._saved_alpha, r.grad_fn._saved_mat, r.grad_fn._saved_vec)
print(torch.autograd.grad((r * r).sum(), (c, W, x)))
r = torch.addmv(torch.tensor(1.0, requires_grad=True), W, x)
print(r, torch.autograd.grad(r.sum(), W))
r = torch.addr(W, c, y, beta=0.5, alpha=-3)
print(r, type(r.grad_fn).__name__, r.grad_fn._saved_beta, r.grad_fn._saved_alpha, r.grad_fn._saved_vec1, r.grad_fn._saved_vec2)
print(torch.autograd.grad((r * r).sum(), (W, c, y)))
r = torch.addr(torch.tensor([1.0, 2.0, 3.0], requires_grad=True), c, y)
print(r, torch.autograd.grad(r.sum(), (c, y)))
w = W * 1
w.addr_(c, y, alpha=2)
print(w, type(w.grad_fn).__name__, torch.autograd.grad(w.sum(), (W, c, y)))
z = c * 1
z.addmv_(W, x, beta=0.5)
print(z, type(z.grad_fn).__name__, torch.autograd.grad(z.sum(), (c, W, x)))
for p in (2, 1, 3, 0.5, float('inf'), 0):
    r = torch.dist(W, x, p)
    print(p, r, type(r.grad_fn).__name__, r.grad_fn._saved_p, r.grad_fn._saved_result)
    attempt(lambda: torch.autograd.grad(r, (W, x), allow_unused=True))
print(torch.autograd.grad(torch.dist(W, x.detach(), 0), W, allow_unused=True))
r = torch.dist(x, y)
g = torch.autograd.grad(r, (x, y), create_graph=True)
print(g, type(g[0].grad_fn).__name__, type(g[1].grad_fn).__name__)
print(torch.autograd.grad(g[0].sum() + g[1].pow(2).sum(), (x, y)))
r = torch.addmv(c, W, x)
g = torch.autograd.grad(r.sum(), (W, x), create_graph=True)
print(type(g[0].grad_fn).__name__, type(g[1].grad_fn).__name__, torch.autograd.grad(g[0].pow(2).sum() + g[1].pow(2).sum(), (W, x)))
r = torch.vdot(x, y)
g = torch.autograd.grad(r, x, create_graph=True)[0]
print(g, type(g.grad_fn).__name__, torch.autograd.grad(g.sum(), y))

# errors
attempt(lambda: torch.vdot(torch.ones(2, 2), torch.ones(4)))
attempt(lambda: torch.vdot(torch.ones(2), torch.ones(2, dtype=torch.float64)))
attempt(lambda: torch.vdot(torch.ones(2), torch.ones(3)))
attempt(lambda: torch.vdot(torch.ones(2, dtype=torch.bool), torch.ones(2, dtype=torch.bool)))
attempt(lambda: torch.addmv(torch.ones(2), torch.ones(2, 3), torch.ones(4)))
attempt(lambda: torch.addmv(torch.ones(3), torch.ones(2, 3), torch.ones(3)))
attempt(lambda: torch.addmv(torch.ones(2, 2), torch.ones(2, 3), torch.ones(3)))
attempt(lambda: torch.addmv(torch.ones(2), torch.ones(2, 3, dtype=torch.float64), torch.ones(3)))
attempt(lambda: torch.addmv(torch.ones(2), torch.ones(2, 3), torch.ones(3, dtype=torch.float64)))
attempt(lambda: torch.ones(1).addmv_(torch.ones(2, 3), torch.ones(3)))
attempt(lambda: torch.ones(2, dtype=torch.float64).addmv_(torch.ones(2, 3), torch.ones(3)))
attempt(lambda: torch.ones(1, dtype=torch.long).addmv_(torch.ones(2, 3), torch.ones(3)))
attempt(lambda: torch.ones(2).addmv_(torch.ones(2, 3, dtype=torch.float64), torch.ones(3, dtype=torch.float64)))
attempt(lambda: torch.ones(2, 3).addr_(torch.ones(2, dtype=torch.float64), torch.ones(3, dtype=torch.float64)))
attempt(lambda: torch.addmv(torch.ones(2, dtype=torch.bool), torch.ones(2, 3, dtype=torch.bool), torch.ones(3, dtype=torch.bool)))
attempt(lambda: torch.addr(torch.ones(2, 3), torch.ones(2), torch.ones(4)))
attempt(lambda: torch.addr(torch.ones(2, 3), torch.ones(2, 1), torch.ones(3)))
attempt(lambda: torch.addr(torch.ones(2, 3), torch.ones(2), torch.ones(3, 1)))
attempt(lambda: torch.addr(torch.ones(2, 3), torch.ones(2), torch.ones(3), beta=True))
attempt(lambda: torch.addr(torch.ones(2, 3, dtype=torch.long), torch.ones(2, dtype=torch.long), torch.ones(3, dtype=torch.long), alpha=0.5))
attempt(lambda: torch.ones(3).addr_(torch.ones(2), torch.ones(3)))
attempt(lambda: torch.ones(2, 1).addr_(torch.ones(2), torch.ones(3)))
attempt(lambda: torch.ones(2, 3, dtype=torch.long).addr_(torch.ones(2), torch.ones(3)))
attempt(lambda: W.addr_(c, y))
attempt(lambda: torch.dist(torch.ones(2, dtype=torch.long), torch.ones(2, dtype=torch.long)))
attempt(lambda: torch.dist(torch.ones(2), torch.ones(3)))
attempt(lambda: torch.dist(torch.ones(2), torch.zeros(2), 'fro'))
attempt(lambda: torch.ones(2).addr(torch.ones(2), torch.ones(3), 2))
