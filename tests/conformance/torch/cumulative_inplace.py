# cumsum_ and cumprod_ in 1.13: values in self's dtype, CumsumBackward0 / CumprodBackward0
# with what they save (a negative dim reads back as 2**64 + dim), gradients (zeros
# included), views, and the errors.
import torch


def attempt(f):
    try:
        r = f()
        print('ok', r)
    except Exception as e:
        print(type(e).__name__, e)


def saved(g):
    return [(k, getattr(g, k)) for k in dir(g) if k.startswith('_saved')]


x = torch.tensor([[1., 2., 3.], [4., 0., 6.]], requires_grad=True)
w = torch.tensor([[1., -2., 3.], [0.5, 2., -1.]])
for name in ['cumsum_', 'cumprod_']:
    for dim in [0, 1, -1, -2]:
        x.grad = None
        y = x * 1
        r = getattr(y, name)(dim)
        print(name, dim, r is y, y, y._version, y.grad_fn.name(), saved(y.grad_fn))
        (y * w).sum().backward()
        print('  grad', x.grad)
    x.grad = None
    y = x * 1
    getattr(y, name)(dim=1)
    print(name, 'keyword', y)

# Out of place too saves the dim as given.
print(saved(x.cumsum(-1).grad_fn), saved(x.cumprod(-2).grad_fn)[0])

# Chained: cumprod_ saves its result, which a later cumsum_ modifies; the other way
# round backward runs.
y = x * 1
y.cumprod_(0)
y.cumsum_(1)
print(y, y._version, y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())
attempt(lambda: y.backward(w))
x.grad = None
y = x * 1
y.cumsum_(1)
y.cumprod_(0)
print(y, y._version, y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())
y.backward(w)
print(x.grad)

# A 0-dim tensor, an empty one, and two zeros in a row.
s = torch.tensor(3., requires_grad=True)
y = s * 1
y.cumprod_(0)
y.backward()
print(y, s.grad)
print(torch.zeros(0, 2).cumsum_(1), torch.zeros(0, 2).cumprod_(0))
z = torch.tensor([2., 0., 3., 0., 5.], requires_grad=True)
y = z * 1
y.cumprod_(0)
y.backward(torch.tensor([1., 2., 3., 4., 5.]))
print(y, z.grad)

# On a view of a non-leaf.
x.grad = None
y = x * 1
v = y[:, 1:]
v.cumprod_(1)
print(y, y.grad_fn.name(), v.grad_fn.name(), y._version, v._version)
y.sum().backward()
print(x.grad)

# Integer tensors keep their dtype; float64 and bfloat16 too.
i = torch.tensor([1, 2, 3, 100], dtype=torch.int32)
i.cumsum_(0)
print(i, i._version)
i.cumprod_(0)
print(i)
u = torch.tensor([100, 3, 2], dtype=torch.uint8)
print(u.clone().cumsum_(0), u.clone().cumprod_(0), u.clone().cumsum_(0, dtype=torch.uint8))
print(torch.tensor([0.1, 0.2, 0.3], dtype=torch.float64).cumsum_(0), torch.tensor([1.5, 2., 3.], dtype=torch.bfloat16).cumprod_(0))

with torch.no_grad():
    y = x * 1
    y.cumsum_(0)
    print(y, y.grad_fn, y._version)

# Errors.
attempt(lambda: x.cumsum_(0))
attempt(lambda: x[0].cumprod_(0))
attempt(lambda: i.cumsum_(0, dtype=torch.float32))
attempt(lambda: i.cumprod_(0, dtype=torch.int64))
attempt(lambda: torch.tensor([1., 2.]).cumsum_(0, dtype=torch.float64))
attempt(lambda: torch.tensor([1., 2.]).cumprod_(0, dtype=torch.float16))
attempt(lambda: i.cumsum_(5))
attempt(lambda: i.cumprod_(-3))
attempt(lambda: torch.tensor([True, False]).cumsum_(0))
attempt(lambda: torch.tensor([True, False]).cumprod_(0))
attempt(lambda: torch.tensor([1., 2.], dtype=torch.float16).cumsum_(0))
attempt(lambda: torch.tensor([1., 2.], dtype=torch.float16).cumprod_(0))
y = x * 1
y.cumprod_(1)
y.mul_(2)
attempt(lambda: y.sum().backward())
y = x * 1
y.cumsum_(1)
y.mul_(2)
attempt(lambda: y.sum().backward())
print(i, i._version)

# The dim is checked first; dtype is keyword-only; a name is a dimension name.
j = torch.tensor([1, 2, 3], dtype=torch.int32)
attempt(lambda: j.cumsum_(5, dtype=torch.float32))
attempt(lambda: torch.tensor([True]).cumsum_(3))
attempt(lambda: torch.tensor([1.], dtype=torch.float16).cumprod_(3))
attempt(lambda: j.cumsum_(0, torch.int32))
attempt(lambda: j.cumprod_(dim=0, dtype=None))
attempt(lambda: j.cumsum_('a'))
attempt(lambda: torch.tensor([1., 2.], requires_grad=True).cumsum_(0, dtype=torch.float64))
f = torch.tensor([1., 2.])
attempt(lambda: f.cumsum(0, torch.float64))
attempt(lambda: torch.cumprod(f, 0, torch.float64))
attempt(lambda: f.cumprod('a'))
attempt(lambda: f.cumsum(0, dtype=torch.float64))
