# The out-of-place side of issue 8's in-place ops as 1.13 has it: floor_divide records a
# NotImplemented node (edges only to inputs that require grad), remainder and fmod save
# self and other only for other's gradient, pow's gradient at 0 ** 0, bool and half
# operands, and the dim cumsum / cumprod keep.
import torch


def attempt(f):
    try:
        r = f()
        print('ok', r)
    except Exception as e:
        print(type(e).__name__, e)


def edges(t):
    return [(f.name() if f is not None else None, i) for f, i in t.grad_fn.next_functions]


def saved(g):
    return [(k, getattr(g, k)) for k in dir(g) if k.startswith('_saved')]


x = torch.tensor([5., -3., 7.5], requires_grad=True)
o = torch.tensor([2., -2., 4.], requires_grad=True)
n = torch.tensor([2., -2., 4.])
for y in [x // 2, x // n, n // x, x // o, torch.floor_divide(x, 2), 2 // x, x.floor_divide(o)]:
    print(y, y.grad_fn.name(), edges(y))
    attempt(lambda: y.sum().backward())
print((x.detach() // n).grad_fn)
with torch.no_grad():
    print((x // o).grad_fn)

for f in ['remainder', 'fmod', 'pow']:
    print(f, saved(getattr(x, f)(n).grad_fn))
    print(f, saved(getattr(x.detach(), f)(o).grad_fn))
    print(f, saved(getattr(x, f)(o).grad_fn))
x.grad = None
o.grad = None
(x.remainder(o) * torch.tensor([1., 2., 3.])).sum().backward()
print(x.grad, o.grad)
x.grad = None
o.grad = None
y = x.remainder(o)
g, = torch.autograd.grad(y.sum(), o, create_graph=True)
print(g, g.grad_fn.name() if g.grad_fn is not None else None)

z = torch.zeros(3, requires_grad=True)
e = torch.tensor([0., 1., 2.], requires_grad=True)
torch.pow(z, e).sum().backward()
print(z.grad, e.grad)
z.grad = None
(z ** torch.zeros(3)).sum().backward()
print(z.grad)

b = torch.tensor([True, False])
attempt(lambda: torch.pow(b, True))
attempt(lambda: torch.pow(b, b))
attempt(lambda: torch.pow(b, 2))
attempt(lambda: b ** 2.5)
attempt(lambda: torch.floor_divide(b, True))
attempt(lambda: b // b)
attempt(lambda: torch.remainder(b, b))
for dt in [torch.float16, torch.bfloat16]:
    h = torch.tensor([5., -3., 7.5, 0.1, -7.3, 1000.], dtype=dt)
    print(torch.remainder(h, 0.3), h % torch.tensor(-0.7, dtype=dt), h // 0.3, torch.floor_divide(h, -0.7), h.fmod(0.3))
    print(h ** torch.tensor([2., 0.5, 1.5, -1., 3., 0.25], dtype=dt), torch.pow(h.abs(), h.abs() / 100))

w = torch.tensor([[1., 2., 3.], [4., 0., 6.]], requires_grad=True)
print(saved(w.cumsum(-1).grad_fn), saved(w.cumsum(1).grad_fn), saved(w.cumprod(-2).grad_fn)[0])
