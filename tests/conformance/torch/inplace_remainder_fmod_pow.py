# In-place %=, //=, **= and remainder_, fmod_, floor_divide_, pow_ with tensors and
# numbers: values, dtypes, version counters, the nodes 1.13 records (floor_divide has no
# derivative: a NotImplemented node), what they save, and the gradients.
import torch


def edges(t):
    return [(f.name() if f is not None else None, i) for f, i in t.grad_fn.next_functions]


def saved(g):
    return [(k, getattr(g, k)) for k in dir(g) if k.startswith('_saved')]


x = torch.tensor([5., -3., 7.5, -0.5], requires_grad=True)
o = torch.tensor([2., -2., 4., 3.], requires_grad=True)
n = torch.tensor([2., -2., 4., 3.])

# The operators keep the object and bump its version once.
for op in ['%=', '//=', '**=']:
    for other in ['2', 'n', 'o']:
        y = x * 1
        before = y
        exec(f'y {op} {other}')
        print(op, other, y, y is before, y._version, y.grad_fn.name(), edges(y))

# The methods, with a tensor or a number.
for name in ['remainder_', 'fmod_', 'floor_divide_', 'pow_']:
    for other in [3, -2.5, n, o]:
        y = x * 1
        r = getattr(y, name)(other)
        print(name, r is y, y, y._version, y.grad_fn.name(), edges(y))
        if y.grad_fn.name() != 'NotImplemented':
            print('  saved', saved(y.grad_fn))
    print(name, 'keyword', getattr(x.detach().clone(), name)(**{'exponent' if name == 'pow_' else 'other': n}))

# Gradients through each node (o requires grad: the other operand's formula runs too).
for name in ['remainder_', 'fmod_', 'pow_']:
    x.grad = None
    o.grad = None
    y = x * 1
    getattr(y, name)(o)
    (y * torch.tensor([1., 2., 3., 4.])).sum().backward()
    print(name, 'grads', x.grad, o.grad)
    x.grad = None
    y = x * 1
    getattr(y, name)(2)
    y.sum().backward()
    print(name, 'number grads', x.grad)

# Only the other operand requires grad.
for name in ['remainder_', 'fmod_', 'pow_', 'floor_divide_']:
    a = torch.tensor([5., -3., 7.5, -0.5])
    getattr(a, name)(o)
    print(name, a, a.requires_grad, a.is_leaf, a.grad_fn.name(), edges(a))
    if name != 'floor_divide_':
        o.grad = None
        a.sum().backward()
        print('  grad of other', o.grad)

# pow_ at 0 ** 0: the exponent-0 gradient is 0 (not 0 * inf), in place and not.
z = torch.zeros(3, requires_grad=True)
e = torch.tensor([0., 1., 2.], requires_grad=True)
y = z.clone()
y.pow_(e)
y.sum().backward()
print(z.grad, e.grad)
z.grad = None
e.grad = None
torch.pow(z, e).sum().backward()
print(z.grad, e.grad)
z.grad = None
y = z.clone()
y **= torch.zeros(3)
y.sum().backward()
print(y, z.grad)

# In place on a view of a non-leaf: CopySlices on the base, AsStridedBackward0 on the view.
x.grad = None
o.grad = None
y = x * 1
v = y[1:3]
v %= 2
print(y, y.grad_fn.name(), v.grad_fn.name(), y._version, v._version)
y.sum().backward()
print(x.grad)
x.grad = None
y = x * 1
v = y[1:]
v **= o[1:]
print(y, y.grad_fn.name(), v.grad_fn.name(), y._version)
y.sum().backward()
print(x.grad, o.grad)

# No grad mode: values and the version bump, no node.
with torch.no_grad():
    y = x * 1
    y %= 2
    y //= torch.tensor(2.)
    y **= 2
    print(y, y.grad_fn, y._version, y.requires_grad)

# Integer, half and mixed dtypes: computed in the promoted type, cast into self.
i = torch.tensor([5, -3, 7, -8], dtype=torch.int32)
i %= torch.tensor([2, 2, -2, 3])
print(i, i.dtype, i._version)
i //= torch.tensor(2)
print(i)
i **= 2
print(i)
i.pow_(torch.tensor([3, 2, 1, 0], dtype=torch.int8))
print(i, i.dtype, i._version)
j = torch.tensor([7, -7, 9, -9])
print(j.clone().fmod_(4), j.clone().remainder_(-4), j.clone().floor_divide_(-4), j.clone().fmod_(torch.tensor([3, 3, -3, -3])))
u = torch.tensor([200, 7, 255], dtype=torch.uint8)
u **= 2
print(u)
u = torch.tensor([200, 7, 255], dtype=torch.uint8)
u //= 3
print(u, u.dtype)
for dt in [torch.float16, torch.bfloat16, torch.float64]:
    h = torch.tensor([5., -3., 7.5, 0.1], dtype=dt)
    h %= 2
    g = torch.tensor([5., -3., 7.5, 0.1], dtype=dt)
    g.fmod_(torch.tensor(2.))
    k = torch.tensor([5., -3., 7.5, 0.1], dtype=dt)
    k //= 0.5
    p = torch.tensor([5., 3., 7.5, 0.1], dtype=dt)
    p **= torch.tensor(1.5)
    print(dt, h, g, k, p)
d = torch.tensor([5., -3., 7.5, 0.1], dtype=torch.float64)
d //= 0.3
print(d)
# Divisors that float16 / bfloat16 cannot hold exactly.
for dt in [torch.float16, torch.bfloat16]:
    v = torch.tensor([5., -3., 7.5, 0.1, -7.3, 1000., 3.7, -0.01], dtype=dt)
    print(v.clone().remainder_(0.3), v.clone().fmod_(0.3), v.clone().floor_divide_(0.3))
    print(v.clone().remainder_(torch.full((8,), 0.3, dtype=dt)), v.clone().floor_divide_(torch.full((8,), -0.7, dtype=dt)))
f = torch.tensor([1., -1., 0., 2.])
f %= 0
g = torch.tensor([1., -1., 0., 2.])
g //= 0
h = torch.tensor([1., -1., 0., 2.])
h.fmod_(0.)
print(f, g, h)
s = torch.tensor(7.)
s %= torch.tensor(3.)
print(s, s._version)

# x op= x: the value read before it is written.
a = torch.tensor([3., -4., 5.])
a %= a
b = torch.tensor([3., -2., 1.5])
b **= b
c = torch.tensor([3, -4, 5])
c //= c
print(a, b, c)

# Forward mode: the tangents of the in-place ops; floor_divide has none in 1.13.
import torch.autograd.forward_ad as fwAD

with fwAD.dual_level():
    base = torch.tensor([5., -3., 7.5])
    for name in ['remainder_', 'fmod_', 'pow_', 'floor_divide_']:
        for other in [2, torch.tensor([2., -2., 4.]), fwAD.make_dual(torch.tensor([2., -2., 4.]), torch.tensor([0.5, 1., -1.]))]:
            d = fwAD.make_dual(base.clone(), torch.tensor([1., 2., 3.]))
            try:
                getattr(d, name)(other)
                print(name, fwAD.unpack_dual(d).tangent, d._version)
            except NotImplementedError as e:
                print(name, 'NotImplementedError', e, d)
    d = fwAD.make_dual(torch.tensor([1., 2.]), torch.tensor([1., 2.]))
    for f in [lambda: d // 2, lambda: torch.floor_divide(base, d), lambda: 3 // d]:
        try:
            f()
        except NotImplementedError as e:
            print('NotImplementedError', e)
