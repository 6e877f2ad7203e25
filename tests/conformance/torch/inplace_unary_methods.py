# The in-place unary methods: x.sqrt_() and friends write the out-of-place op's values
# (to the last bit) into x, bump its version, and record the op's node. Where the formula
# reads `result` the node saves x itself; where it reads `self` it saves a clone of x
# taken before the write. Leaves that require grad are refused; a tensor saved by an
# earlier node and then modified in place fails that node's backward.
import torch

base = [0.5, -0.2, 1.7, 2.25, -3.5, 0.05, 0.9, -0.75, 1.1]
positive = [0.5, 0.2, 1.7, 2.25, 3.5, 0.05, 0.9, 0.75, 1.1]
unit = [0.5, -0.2, 0.7, 0.25, -0.5, 0.05, 0.9, -0.75, 0.1]
inputs = {'sqrt': positive, 'rsqrt': positive, 'log': positive, 'acosh': [1.5, 2.0, 7.0, 1.01],
          'asin': unit, 'acos': unit, 'atanh': unit, 'arcsin': unit, 'arccos': unit, 'arctanh': unit,
          'arccosh': [1.5, 2.0, 7.0, 1.01]}
methods = ['abs', 'neg', 'sqrt', 'rsqrt', 'exp', 'log', 'sign', 'reciprocal', 'sin', 'cos', 'tanh',
           'floor', 'ceil', 'round', 'trunc', 'frac', 'tan', 'atan', 'asin', 'acos', 'sinh', 'cosh',
           'arcsin', 'arccos', 'arctan']

for name in methods:
    data = inputs.get(name, base)
    for dtype in (torch.float32, torch.float64):
        a = torch.tensor(data, dtype=dtype, requires_grad=True)
        b = a * 1
        expected = getattr(b.detach(), name)()
        v0 = b._version
        c = getattr(b, name + '_')()
        same = [x.hex() for x in c.tolist()] == [x.hex() for x in expected.tolist()]
        saved = {}
        for attr in dir(c.grad_fn):
            if attr.startswith('_saved_'):
                s = getattr(c.grad_fn, attr)
                saved[attr] = (s is c, torch.equal(s, c), torch.equal(s, a.detach()) if isinstance(s, torch.Tensor) else s)
        print(name + '_', dtype, c is b, v0, b._version, same, type(c.grad_fn).__name__, saved)
        c.backward(torch.linspace(-1, 1, len(data), dtype=dtype))
        print('   grad', ' '.join(x.hex() for x in a.grad.tolist()))
    # a leaf that requires grad
    try:
        getattr(torch.tensor(data, requires_grad=True), name + '_')()
    except RuntimeError as e:
        print('   leaf:', type(e).__name__, e)
    # an integer tensor
    try:
        t = torch.tensor([1, -2, 3])
        getattr(t, name + '_')()
        print('   int64:', t)
    except RuntimeError as e:
        print('   int64:', type(e).__name__, e)
    # no grad anywhere: the values only
    t = torch.tensor(data)
    getattr(t, name + '_')()
    print('   plain', t, t._version)

# the clone PyTorch saves for formulas that read self: modifying x afterwards is harmless
x = torch.tensor([0.3, 0.6], requires_grad=True)
y = x * 2
y.sin_()
print(y.grad_fn.name(), y._version, y.grad_fn._saved_self, y.grad_fn._saved_self._version)
y.add_(1)
y.sum().backward()
print(x.grad)

# a tensor saved by an earlier node, then modified in place: that node's backward fails
x = torch.tensor([0.3, 0.6], requires_grad=True)
y = x * 2
z = y * y
y.sqrt_()
try:
    z.sum().backward()
except RuntimeError as e:
    print(type(e).__name__, e)
# the result a node saved, modified again: its own backward fails
x = torch.tensor([0.3, 0.6], requires_grad=True)
y = (x * 2).exp()
y.tan_()
y.mul_(2)
try:
    y.sum().backward()
except RuntimeError as e:
    print(type(e).__name__, e)

# round_ with decimals
x = torch.tensor([1.23456, -2.5678], requires_grad=True)
y = x * 1
y.round_(decimals=2)
print(y, y.grad_fn.name())
y.sum().backward()
print(x.grad)

# asinh_, acosh_, atanh_: the node is recorded, its backward is not implemented in 1.13
for name in ['asinh', 'acosh', 'atanh', 'arcsinh', 'arccosh', 'arctanh']:
    a = torch.tensor(inputs.get(name, unit), requires_grad=True)
    b = a * 1
    c = getattr(b, name + '_')()
    print(name + '_', c, [x.hex() for x in c.tolist()] == [x.hex() for x in getattr(torch, name)(a.detach()).tolist()],
          [n for n in dir(c.grad_fn) if n.startswith('_saved')])
    try:
        c.sum().backward()
    except NotImplementedError as e:
        print('   ', type(e).__name__, e)

# logical_not_ is not differentiable: no node, no leaf check; the old history stays
a = torch.tensor([0.5, 0.0, -2.0], requires_grad=True)
b = a * 1
b.logical_not_()
print(b, b._version, b.grad_fn.name())
b.sum().backward()
print(a.grad)
leaf = torch.tensor([0.5, 0.0], requires_grad=True)
leaf.logical_not_()
print(leaf, leaf._version)
t = torch.tensor([3, 0, -1])
t.logical_not_()
print(t)
m = torch.tensor([True, False])
m.logical_not_()
print(m)

# torch.<name>_ functions return their input
t = torch.tensor([0.25, 0.5])
print(torch.sqrt_(t) is t, t, torch.arcsin_(t) is t, t, torch.tan_(t), torch.abs_(torch.tensor([-1.5])))

# forward AD through in-place ops (self_p is x before the write)
import torch.autograd.forward_ad as fwAD
for name in ['sqrt', 'log', 'sin', 'tan', 'asin', 'cosh', 'abs', 'reciprocal']:
    with fwAD.dual_level():
        p = torch.tensor([0.3, 0.6], dtype=torch.float64)
        d = fwAD.make_dual(p.clone(), torch.tensor([1.0, -2.0], dtype=torch.float64))
        getattr(d, name + '_')()
        out = fwAD.unpack_dual(d)
        print(name + '_', 'jvp', out.primal.tolist(), out.tangent.tolist())
