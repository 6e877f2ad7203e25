# addcmul / addcdiv out of place and in place (Adam's update): values to the last bit
# for float32 and float64, broadcasting, value as int or float, integer inputs;
# AddcmulBackward0 / AddcdivBackward0 and the gradients of all three inputs; the
# integer addcdiv error word for word.
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
    s = torch.tensor(values(37, 1, 2.0), dtype=dtype)
    p = torch.tensor(values(37, 2, 3.0), dtype=dtype)
    q = torch.tensor(values(37, 3, 1.5), dtype=dtype)
    print(digest(torch.addcmul(s, p, q)), digest(torch.addcmul(s, p, q, value=0.1)), digest(s.addcmul(p, q, value=-3)))
    print(digest(torch.addcdiv(s, p, q)), digest(torch.addcdiv(s, p, q, value=0.001)), digest(s.addcdiv(p, q, value=2)))
    t = s.clone()
    t.addcmul_(p, p, value=0.999).addcdiv_(p, q.abs().sqrt().add(1e-8), value=-0.01)
    print(digest(t))
    print(torch.addcmul(s[:3], p[:3].view(3, 1), q[:3], value=0.5))

i = torch.tensor([3, -7, 0])
print(torch.addcmul(i, i, i, value=2), torch.addcmul(i, i, i, value=2.5), torch.addcmul(torch.tensor([1.0]), i, i))

x = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
y = torch.tensor([0.3, 0.7, -1.1], requires_grad=True)
z = torch.tensor([2.0, -0.5, 4.0], requires_grad=True)
r = torch.addcmul(x, y, z, value=0.5)
print(r, r.grad_fn._saved_value, type(r.grad_fn).__name__)
print(torch.autograd.grad(r.sum(), (x, y, z)))
r = torch.addcdiv(x, y, z, value=-2)
print(r, r.grad_fn._saved_value, type(r.grad_fn).__name__)
print(torch.autograd.grad((r * r).sum(), (x, y, z)))
w = x * 1
w.addcmul_(y, z)
print(w, type(w.grad_fn).__name__)
w.addcdiv_(y, z, value=0.25)
print(w, type(w.grad_fn).__name__, torch.autograd.grad(w.sum(), (x, y, z)))

for fn in (lambda: torch.addcdiv(i, i, i), lambda: torch.addcmul(x, y, torch.ones(2))):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__, e)
