# Tensor.masked_fill / masked_fill_ / torch.masked_fill: a number or a 0-d tensor as the
# value (MaskedFillBackward0 / MaskedFillBackward1 and their saved mask), the mask and
# self broadcast against each other, masks that are not bool (PyTorch 1.13's CPU kernel
# reads their first byte), in-place version bumps and errors, gradients of self and of
# the value, double backward and forward-mode tangents; the argument parser's errors.
import torch

def run(label, call):
    try:
        out = call()
        print(label, out if not isinstance(out, torch.Tensor) else (out.tolist(), out.dtype, out.grad_fn.name() if out.grad_fn else None))
    except (TypeError, RuntimeError, IndexError) as e:
        print(label, type(e).__name__, e)

a = torch.tensor([[1.5, -2., 3.25], [4., 5.5, -6.]], requires_grad=True)
m = torch.tensor([True, False, True])
m2 = torch.tensor([[False, True, False], [True, True, False]])

r = a.masked_fill(m, 7.5)
print(r, r.grad_fn.name(), r.grad_fn._saved_mask, r.grad_fn._saved_mask is m, r.grad_fn.next_functions[0][0] is not None)
(r * torch.tensor([[1., 2., 3.], [4., 5., 6.]])).sum().backward()
print(a.grad)
a.grad = None

v = torch.tensor(-0.25, requires_grad=True)
r = torch.masked_fill(a, m2, v)
print(r, r.grad_fn.name(), r.grad_fn._saved_mask, len(r.grad_fn.next_functions))
(r * torch.tensor([[1., 2., 3.], [4., 5., 6.]])).sum().backward()
print(a.grad, v.grad)
a.grad = v.grad = None

# the value's gradient alone, and self's alone
w = torch.tensor(2., dtype=torch.float64, requires_grad=True)
r = a.detach().masked_fill(m2, w)
print(r.dtype, r.grad_fn.name(), r.grad_fn.next_functions[0][0])
r.sum().backward()
print(w.grad, w.grad.dtype)
r = a.masked_fill(m, torch.tensor(3.))
r.backward(torch.ones(2, 3))
print(r.grad_fn.name(), a.grad)
a.grad = None

# self broadcast to a larger mask, and a mask broadcast to self
b = torch.tensor([1., 2., 3.], requires_grad=True)
r = b.masked_fill(m2, 0.5)
print(r, r.shape)
r.backward(torch.tensor([[1., 10., 100.], [1000., 10000., 100000.]]))
print(b.grad)
print(torch.tensor([[1., 2.]]).masked_fill(torch.tensor([[True], [False]]), -1.))

# values and dtypes
for value in (2, 2.5, True, float('nan'), float('inf'), -0.0, 1e40):
    run("value %r" % (value,), lambda: torch.tensor([1., 2., 3.]).masked_fill(m, value))
run("int self", lambda: torch.tensor([1, 2, 3]).masked_fill(m, 2.5))
run("int self tensor value", lambda: torch.tensor([1, 2, 3]).masked_fill(m, torch.tensor(-7.9)))
run("bool self", lambda: torch.tensor([False, False, True]).masked_fill(m, 5))
run("float64 self", lambda: torch.tensor([1., 2., 3.], dtype=torch.float64).masked_fill(m, 0.1).tolist())
run("float32 self float64 value", lambda: torch.tensor([1., 2., 3.]).masked_fill(m, torch.tensor(0.1, dtype=torch.float64)).tolist())
run("half self", lambda: torch.tensor([1., 2., 3.], dtype=torch.float16).masked_fill(m, 0.1))
run("empty", lambda: torch.empty(0, 3).masked_fill(m, 1.))
run("0-d", lambda: torch.tensor(4.).masked_fill(torch.tensor(True), 1.))
run("0-d mask", lambda: torch.tensor([4., 5.]).masked_fill(torch.tensor(True), 1.))
run("non-contiguous", lambda: torch.arange(6.).reshape(2, 3).t().masked_fill(torch.tensor([[True, False], [False, True], [True, True]]), 0.))

# masks that are not bool: their first byte decides
run("int64 mask", lambda: torch.tensor([1., 2., 3.]).masked_fill(torch.tensor([1, 0, 1]), 9.))
run("int64 mask 256", lambda: torch.tensor([1., 2., 3.]).masked_fill(torch.tensor([256, 257, 0]), 9.))
run("float mask", lambda: torch.tensor([1., 2., 3.]).masked_fill(torch.tensor([1., 0., 1.]), 9.))
run("int64 mask 2", lambda: torch.tensor([1., 2., 3.]).masked_fill(torch.tensor([2, 0, 1]), 9.))
run("int64 mask -1", lambda: torch.tensor([1., 2., 3.]).masked_fill_(torch.tensor([-1, 0, 1]), 9.))

# in place
c = a * 1
print(c._version)
out = c.masked_fill_(m, 0.)
print(out is c, c._version, c.grad_fn.name(), c.grad_fn._saved_mask, c.grad_fn.next_functions[0][0].name())
c.masked_fill_(m2, torch.tensor(-1.))
print(c, c._version, c.grad_fn.name())
c.sum().backward()
print(a.grad)
a.grad = None
d = a * 1
val = torch.tensor(5., requires_grad=True)
d.masked_fill_(torch.tensor([[True, False, False], [True, False, True]]), val)
(d * torch.arange(1., 7.).reshape(2, 3)).sum().backward()
print(d.grad_fn.name(), a.grad, val.grad)
a.grad = None
e = torch.zeros(2, 3)
e.masked_fill_(m, val)
print(e, e.requires_grad, e.grad_fn.name(), e._version)
base = a.detach().clone().requires_grad_()
view = base * 1
row = view[1]
row.masked_fill_(m, 100.)
print(view, view.grad_fn.name(), row.grad_fn.name(), view._version)
view.sum().backward()
print(base.grad)
run("inplace leaf", lambda: a.masked_fill_(m, 1.))
run("inplace leaf tensor value", lambda: a.masked_fill_(m, torch.tensor(1.)))
run("inplace view of leaf", lambda: a[0].masked_fill_(m, 1.))
run("inplace no-grad leaf with grad value", lambda: torch.zeros(3).masked_fill_(m, v))
with torch.no_grad():
    f = a.masked_fill(m, 1.)
    print(f.requires_grad, f.grad_fn)

# double backward and forward mode
x = torch.tensor([1., -2., 3.], requires_grad=True)
y = (x * x).masked_fill(m, 0.)
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
print(g, g.grad_fn.name(), g.grad_fn.next_functions[0][0].name())
g.sum().backward()
print(x.grad)
import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    dual = fwAD.make_dual(torch.tensor([1., 2., 3.]), torch.tensor([10., 20., 30.]))
    print(fwAD.unpack_dual(dual.masked_fill(m, 5.)).tangent)
    dv = fwAD.make_dual(torch.tensor(4.), torch.tensor(-1.))
    print(fwAD.unpack_dual(dual.masked_fill(m, dv)).tangent)

# errors
run("1-d value", lambda: a.masked_fill(m, torch.tensor([1.])))
run("1-d value in place", lambda: a.detach().masked_fill_(m, torch.tensor([1., 2.])))
run("mask larger in place", lambda: a.detach().masked_fill_(torch.ones(2, 2, 3, dtype=torch.bool), 1.))
run("shape mismatch", lambda: a.masked_fill(torch.tensor([True, False, True, False]), 1.))
run("shape mismatch in place", lambda: a.detach().masked_fill_(torch.tensor([True, False, True, False]), 1.))
run("str value", lambda: a.masked_fill(m, 'x'))
run("str value in place", lambda: a.masked_fill_(m, 'x'))
run("keyword str value", lambda: a.masked_fill(m, value='x'))
run("None value", lambda: a.masked_fill(m, None))
run("list mask", lambda: a.masked_fill([True, False, True], 1.))
run("missing value", lambda: a.masked_fill(m))
run("too many", lambda: a.masked_fill(m, 1, 2))
run("function str", lambda: torch.masked_fill(a, m, 'x'))
run("function missing", lambda: torch.masked_fill(a, m))
run("keywords", lambda: a.masked_fill(mask=m, value=1))
run("function keywords", lambda: torch.masked_fill(a, mask=m, value=torch.tensor(2.)))
# the value converted to self's dtype, with Scalar::to's overflow check
for dtype in (torch.float32, torch.float16, torch.bfloat16, torch.int64, torch.bool):
    for value in (1e40, 70000., -1e300, float('inf'), float('nan'), 1e19):
        run("%s %r" % (dtype, value), lambda: torch.zeros(2, dtype=dtype).masked_fill(torch.tensor([True, False]), value))
run("float64 value tensor", lambda: torch.zeros(2).masked_fill_(torch.tensor([True, False]), torch.tensor(1e40, dtype=torch.float64)))
