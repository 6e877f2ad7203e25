# torch.maximum / minimum (ties split evenly in backward, NaN and signed zeros as PyTorch's
# two kernel bodies give them, promotion, broadcasting) and torch.atan2 (SLEEF's atan2 on
# whole vector pairs, glibc's on the rest): values, bits, grad_fn names, saved tensors, grads.
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

def raw(t):
    return [struct.pack('<d', v).hex() for v in t.flatten().tolist()]

a = torch.tensor([1., 2., 3., 4., float('nan'), 0., -0., -5.], requires_grad=True)
b = torch.tensor([1., 3., 2., 4., 1., -0., 0., float('nan')], requires_grad=True)
for f in (torch.maximum, torch.minimum):
    y = f(a, b)
    print(y, y.grad_fn.name(), y.grad_fn._saved_self is a, y.grad_fn._saved_other is b, raw(y))
    (y * torch.arange(1., 9.)).sum().backward()
    print(a.grad, b.grad)
    a.grad = b.grad = None
print(a.maximum(b), a.minimum(b))

x = torch.tensor([0., -0.] * 20)
z = torch.tensor([-0., 0.] * 20)
print(raw(torch.maximum(x, z)), raw(torch.minimum(x, z)))
print(raw(torch.maximum(x[:7], z[:7])), raw(torch.maximum(x.reshape(8, 5).t(), z.reshape(8, 5).t())))

m = torch.tensor([[1., 5.], [3., 2.], [4., 4.]], dtype=torch.float64, requires_grad=True)
r = torch.tensor([2., 4.], dtype=torch.float64, requires_grad=True)
y = torch.maximum(m, r)
y.sum().backward()
print(y, m.grad, r.grad)
m.grad = r.grad = None
torch.minimum(r, m).pow(2).sum().backward()
print(m.grad, r.grad)
print(torch.maximum(torch.tensor([1, 7, -3]), torch.tensor([2.5])), torch.minimum(torch.tensor([1, 7]), torch.tensor(3)))
print(torch.maximum(torch.tensor([True, False]), torch.tensor([False, False])), torch.minimum(torch.tensor([1., 2.], dtype=torch.float16), torch.tensor([1.5, 1.5], dtype=torch.float16)))

for dtype in (torch.float32, torch.float64):
    for n in [1, 7, 8, 15, 16, 17, 33, 100]:
        p = torch.tensor(values(n, n, 3.0), dtype=dtype)
        q = torch.tensor(values(n, n + 1, 2.0), dtype=dtype)
        print(n, digest(torch.atan2(p, q)), digest(p.atan2(q[:1])), digest(torch.atan2(p.flip(0), q)))
    grid = torch.tensor(values(60, 3, 1.0), dtype=dtype).reshape(6, 10)
    print("strided", digest(torch.atan2(grid.t(), grid[:1].t())), digest(torch.atan2(grid[:, ::2], grid[:, 1::2])))
print(torch.atan2(torch.tensor([0., -0., 1., -1., 0., float('inf')]), torch.tensor([0., 0., 0., -0., -1., float('inf')])))
print(torch.atan2(torch.tensor([1, -2]), torch.tensor([3, 0])))

yv = torch.tensor([0.5, -1.0, 2.0, 0.0], requires_grad=True)
xv = torch.tensor([1.5, 0.25, -2.0, -3.0], requires_grad=True)
t = torch.atan2(yv, xv)
print(t, t.grad_fn.name(), t.grad_fn._saved_self is yv, t.grad_fn._saved_other is xv)
(t * torch.tensor([1., 2., 3., 4.])).sum().backward()
print(yv.grad.tolist(), xv.grad.tolist())
yv.grad = None
torch.atan2(yv, torch.tensor(2.)).sum().backward()
print(yv.grad.tolist())

for call in (lambda: torch.maximum(a, 2.0), lambda: a.maximum(2), lambda: torch.minimum(a, torch.ones(3)),
             lambda: torch.atan2(a, 1.0), lambda: torch.atan2(torch.ones(2, dtype=torch.float16), torch.ones(2, dtype=torch.float16))):
    try:
        call()
    except (TypeError, RuntimeError) as e:
        print(type(e).__name__, e)
