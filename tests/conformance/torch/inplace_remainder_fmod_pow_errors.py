# What in-place %=, //=, **=, remainder_, fmod_, floor_divide_ and pow_ refuse in 1.13:
# leaves and views of leaves that require grad, results of another dtype, broadcasting
# into self, integer division by zero, bool, wrong arguments, and saved tensors that
# were modified before backward.
import torch


def attempt(f):
    try:
        r = f()
        print('ok', r)
    except Exception as e:
        print(type(e).__name__, e)


def inplace(t, op, other):
    def run():
        nonlocal t
        if op == '%=':
            t %= other
        elif op == '//=':
            t //= other
        else:
            t **= other
        return t
    return run


x = torch.tensor([5., -3., 7.5], requires_grad=True)
for op in ['%=', '//=', '**=']:
    attempt(inplace(x, op, 2))
    attempt(inplace(x, op, torch.tensor(2.)))
    attempt(inplace(x[:2], op, 2))
for name in ['remainder_', 'fmod_', 'floor_divide_', 'pow_']:
    attempt(lambda: getattr(x, name)(2))
    attempt(lambda: getattr(x[1:], name)(torch.ones(2)))
    # Autograd's leaf check comes before the shape check.
    attempt(lambda: getattr(x, name)(torch.ones(2, 3)))

# Broadcasting into self.
b = torch.ones(3)
for name in ['remainder_', 'fmod_', 'floor_divide_', 'pow_']:
    attempt(lambda: getattr(b, name)(torch.ones(2, 3)))
    attempt(lambda: getattr(b, name)(torch.ones(2)))
attempt(inplace(torch.ones(3), '%=', torch.ones(4, 1)))
attempt(inplace(torch.ones(1), '**=', torch.ones(3)))

# Results that cannot be cast into self's dtype.
a = torch.tensor([5, -3, 7])
for name in ['remainder_', 'fmod_', 'floor_divide_', 'pow_']:
    attempt(lambda: getattr(a, name)(2.5))
    attempt(lambda: getattr(a, name)(torch.tensor(2.)))
    attempt(lambda: getattr(a, name)(torch.tensor([1.5, 2., 3.])))
i = torch.tensor([5, -3, 7], dtype=torch.int32)
attempt(inplace(i, '**=', 2.5))
attempt(inplace(i, '%=', 1.5))
attempt(inplace(i, '//=', 1.5))
attempt(inplace(torch.tensor([True, False]), '**=', 2))
print(a, a._version, i, i._version)

# Integer division by zero: no version bump; the kernel stops at the first zero divisor,
# having written the elements before it, in memory order, where self has the dtype it
# computes in (another dtype is written from a buffer only at the end).
for name in ['remainder_', 'fmod_', 'floor_divide_']:
    attempt(lambda: getattr(a, name)(0))
    attempt(lambda: getattr(a, name)(torch.tensor([0, 1, 2])))
    for dt in [torch.int64, torch.int32]:
        q = torch.tensor([[5, -3, 4], [7, 9, 11]], dtype=dt)
        attempt(lambda: getattr(q, name)(torch.tensor([[3], [0]])))
        attempt(lambda: getattr(q.t(), name)(torch.tensor([[-2, 2], [0, 2], [1, 1]])))
        attempt(lambda: getattr(q[:, 1:], name)(torch.tensor([[3, 1], [0, 1]], dtype=dt)))
        print(q, q._version)
    q = torch.tensor([5, -3, 7, 9])
    attempt(lambda: getattr(q, name)(torch.tensor([2, 2, 0, 2])))
    print(q, q._version)
attempt(inplace(a, '//=', 0))
attempt(inplace(a, '%=', 0))
attempt(inplace(a, '%=', torch.tensor([3, 0, 0])))
print(a, a._version)
attempt(inplace(a, '**=', -1))
attempt(lambda: a.pow_(torch.tensor([1, -1, 2])))
print(a, a._version)

# Bool tensors.
m = torch.tensor([True, False])
for name in ['remainder_', 'fmod_', 'floor_divide_', 'pow_']:
    attempt(lambda: getattr(m, name)(True))
    attempt(lambda: getattr(m, name)(torch.tensor([True, True])))
attempt(lambda: m.pow_(2))
attempt(lambda: torch.floor_divide(m, True))
attempt(lambda: m // m)

# Arguments the parser refuses; operands the operators do not take.
f = torch.tensor([5., -3., 7.5])
for name in ['remainder_', 'fmod_', 'floor_divide_', 'pow_']:
    attempt(lambda: getattr(f, name)('a'))
    attempt(lambda: getattr(f, name)())
    attempt(lambda: getattr(f, name)(2, 3))
    attempt(lambda: getattr(f, name)(None))
for op in ['__imod__', '__ifloordiv__', '__ipow__']:
    attempt(lambda: getattr(f, op)('a'))
    attempt(lambda: getattr(f, op)(None))
attempt(inplace(f, '%=', 'a'))
attempt(inplace(f, '//=', [1]))
attempt(inplace(f, '**=', None))

# floor_divide has no derivative in 1.13: backward through its node raises.
y = x * 1
y //= 2
attempt(lambda: y.sum().backward())
y = x * 1
y.floor_divide_(torch.tensor([2., 2., 2.], requires_grad=True))
attempt(lambda: y.sum().backward())
attempt(lambda: (x // 2).sum().backward())
attempt(lambda: (2 // x).sum().backward())
attempt(lambda: torch.floor_divide(x, x).sum().backward())

# A saved tensor modified before backward.
o = torch.tensor([2., -2., 4.], requires_grad=True)
for name in ['remainder_', 'fmod_', 'pow_']:
    p = o * 1
    y = x * 1
    getattr(y, name)(p)
    p.add_(1)
    attempt(lambda: y.sum().backward())
    y = x * 1
    getattr(y, name)(o)
    y.mul_(2)
    attempt(lambda: y.sum().backward())
y = x * 1
y.pow_(2)
y.add_(1)
attempt(lambda: y.sum().backward())
# The other operand does not require grad: not saved, so changing it is harmless.
p = torch.tensor([2., -2., 4.])
y = x * 1
y.remainder_(p)
p.add_(1)
y.sum().backward()
print(x.grad)
