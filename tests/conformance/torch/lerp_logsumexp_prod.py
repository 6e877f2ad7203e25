# torch.lerp (number and tensor weight; the fused multiply-adds of PyTorch's kernel on both
# sides of weight 0.5), torch.logsumexp (dims, keepdim, infinities, integers) and torch.prod
# (whole and along a dim, the vectorised reduction order, zeros in the input): values, bits,
# grad_fn names, saved values, gradients and errors.
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

for dtype in (torch.float32, torch.float64):
    s = torch.tensor(values(200, 1, 3.0), dtype=dtype)
    e = torch.tensor(values(200, 2, 5.0), dtype=dtype)
    w = torch.tensor(values(200, 3, 1.0), dtype=dtype)
    for weight in (0.0, 0.3, 0.5, 0.7, -0.2, -0.7, -3, 1.0, 2, 0.49999999):
        print(weight, digest(torch.lerp(s, e, weight)))
    print("tensor", digest(torch.lerp(s, e, w)), digest(s.lerp(e, w.abs())), digest(torch.lerp(s[:1], e, w)))

x = torch.tensor([1., 2., -3.], requires_grad=True)
y = torch.tensor([4., -1., 0.5], requires_grad=True)
wt = torch.tensor([0.25, 0.75, 1.5], requires_grad=True)
r = torch.lerp(x, y, 0.3)
print(r, r.grad_fn.name(), r.grad_fn._saved_weight)
(r * torch.tensor([1., 2., 3.])).sum().backward()
print(x.grad, y.grad)
x.grad = y.grad = None
r = x.lerp(y, wt)
print(r, r.grad_fn.name(), r.grad_fn._saved_self is x, r.grad_fn._saved_end is y, r.grad_fn._saved_weight is wt)
(r * torch.tensor([1., 2., 3.])).sum().backward()
print(x.grad, y.grad, wt.grad)
print(torch.lerp(x, y, 2).grad_fn._saved_weight)

for dtype in (torch.float32, torch.float64):
    m = torch.tensor(values(3 * 50, 4, 10.0), dtype=dtype).reshape(3, 50)
    print(digest(torch.logsumexp(m, 1)), digest(m.logsumexp(0)), digest(m.logsumexp((0, 1))),
          digest(torch.logsumexp(m, -1, keepdim=True)))
t = torch.tensor([[1., 2., 3.], [-1., 0., 100.]], dtype=torch.float64, requires_grad=True)
l = torch.logsumexp(t, 1)
print(l, l.grad_fn.name(), l.grad_fn._saved_dim, l.grad_fn._saved_keepdim, l.grad_fn._saved_result.equal(l))
(l * torch.tensor([1., 2.], dtype=torch.float64)).sum().backward()
print(t.grad)
t.grad = None
l = t.logsumexp((0, 1), keepdim=True)
l.backward()
print(l, t.grad, l.grad_fn._saved_dim)
print(torch.logsumexp(torch.tensor([float('inf'), 1.]), 0), torch.logsumexp(torch.tensor([float('-inf'), float('-inf')]), 0),
      torch.logsumexp(torch.tensor([[1, 2], [3, 4]]), 1), torch.logsumexp(torch.empty(0, 3), 0), torch.logsumexp(torch.tensor(2.), 0))

for dtype in (torch.float32, torch.float64):
    for n in [5, 31, 32, 33, 64, 100, 257]:
        v = torch.tensor(values(n, n, 0.5), dtype=dtype) + 1
        print(n, digest(v.prod()), digest(torch.prod(v.reshape(1, n), 1)))
    g = torch.tensor(values(6 * 70, 9, 0.4), dtype=dtype).reshape(6, 70) + 1
    print(digest(g.prod()), digest(g.prod(0)), digest(g.prod(1)), digest(g.t().prod()), digest(g.t().prod(0)),
          digest(g.t().prod(1, keepdim=True)), digest(g[:, ::3].prod(1)), digest(g.reshape(6, 7, 10).prod(1)))
print(torch.tensor([2, 3, 4]).prod(), torch.tensor([True, False]).prod(), torch.tensor([1.5, 2.]).prod(dtype=torch.float64),
      torch.empty(0, 3).prod(0), torch.prod(torch.empty(0)), torch.tensor([[1, 2], [3, 4]]).prod(1))

p = torch.tensor([[2., 3., 4.], [0.5, 0., 2.], [0., 1., 0.]], dtype=torch.float64, requires_grad=True)
for dim in (None, 0, 1):
    for rows in (slice(0, 1), slice(0, 2), slice(0, 3)):
        q = p[rows]
        out = q.prod() if dim is None else q.prod(dim)
        extra = () if dim is None else (out.grad_fn._saved_dim, out.grad_fn._saved_keepdim)
        print(dim, rows, out, out.grad_fn.name(), *extra)
        out.sum().backward()
        print(p.grad)
        p.grad = None
k = p.prod(1, keepdim=True)
(k * k).sum().backward()
print(k, p.grad)
s0 = torch.tensor(3., requires_grad=True)
s0.prod().backward()
print(s0.grad, torch.prod(s0, 0))

for call in (lambda: torch.lerp(x, y.double(), 0.5), lambda: torch.lerp(x, y, wt.double()),
             lambda: torch.lerp(torch.tensor([1, 2]), torch.tensor([3, 4]), 0.5),
             lambda: torch.lerp(x.half(), y.half(), 0.5), lambda: t.logsumexp(2), lambda: t.prod(2),
             lambda: t.logsumexp((1, 1))):
    try:
        call()
    except (TypeError, RuntimeError, IndexError) as e:
        print(type(e).__name__, e)
