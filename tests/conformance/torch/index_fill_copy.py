# Tensor.index_fill / index_fill_ / torch.index_fill with a number (IndexFillBackward0) or a
# 0-d tensor value (IndexFillBackward1: the value's gradient sums each distinct filled slice
# once), and index_copy / index_copy_ / torch.index_copy (IndexCopyBackward0; source saved
# only when it needs a gradient): values, dtypes, negative and repeated indices, 0-d tensors,
# saved attributes, gradients, create_graph graphs, forward AD and 1.13's errors.
import torch

torch.manual_seed(0)

def attempt(f):
    try:
        r = f()
        print(r if not isinstance(r, torch.Tensor) else (r.tolist(), r.dtype, r.grad_fn.name() if r.grad_fn else None))
    except (TypeError, RuntimeError, IndexError) as e:
        print(type(e).__name__, e)

x = torch.arange(12.).view(3, 4)
i = torch.tensor([0, 2])
print(x.index_fill(1, i, -1.5), torch.index_fill(x, 0, torch.tensor([-1, 0, -1]), 7))
print(x.index_fill(dim=1, index=torch.tensor(3), value=torch.tensor(5, dtype=torch.int64)))
print(x.long().index_fill(1, i, 2.7), x.long().index_fill(1, i, torch.tensor(-2.7)), x.bool().index_fill(0, i, 2))
print(torch.ones(2, 3, dtype=torch.uint8).index_fill(0, torch.tensor([1]), -1), x.double().index_fill(1, i, True))
print(torch.tensor(5.).index_fill(0, torch.tensor([0]), 2), torch.tensor(5.).index_fill(-1, torch.tensor(-1), 3))
print(x.index_fill(1, torch.tensor([], dtype=torch.long), 3).tolist())
t = x.t().index_fill(0, torch.tensor([1]), 7)
print(t, t.stride(), t.is_contiguous())
print(x.index_copy(1, i, -torch.ones(3, 2)), torch.index_copy(x, 0, torch.tensor([2, 2]), torch.tensor([[1., 2, 3, 4], [5, 6, 7, 8]])))
print(x.index_copy(-1, torch.tensor([3]), torch.full((3, 1), 9.)), torch.tensor([5., 6.]).index_copy(0, torch.tensor(1), torch.tensor(9.)))
print(torch.tensor(5.).index_copy(0, torch.tensor([0]), torch.tensor(9.)), torch.tensor(5.).index_copy(0, torch.tensor([0]), torch.tensor([8.])))
print(torch.arange(24).view(2, 3, 4).index_copy(2, torch.tensor([3, 0]), torch.arange(12).view(2, 3, 2) * -1))
c = x.t().index_copy(1, torch.tensor([0]), torch.zeros(4, 1))
print(c, c.stride())

# autograd: IndexFillBackward0
a = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
r = a.index_fill(1, i, 2.)
fn = r.grad_fn
print(fn.name(), fn._saved_dim, fn._saved_index, fn.next_functions)
print(a.index_fill(-1, i, 0).grad_fn._saved_dim)
r.backward(torch.arange(12.).view(3, 4).double())
print(a.grad.tolist())
g, = torch.autograd.grad(a.index_fill(0, torch.tensor([1]), 3.), a, torch.ones(3, 4, dtype=torch.float64, requires_grad=True), create_graph=True)
print(g.tolist(), g.grad_fn.name(), g.grad_fn.next_functions)

# IndexFillBackward1: the value gets the sum over the distinct filled slices
for value in (torch.tensor(2.), torch.tensor(2., requires_grad=True), torch.tensor(2., dtype=torch.float64, requires_grad=True)):
    b = torch.randn(3, 4, requires_grad=True)
    r = b.index_fill(1, torch.tensor([2, 0, 2, 3]), value)
    print(r.dtype, r.grad_fn.name(), r.grad_fn._saved_dim, r.grad_fn._saved_index, [type(n[0]).__name__ if n[0] else None for n in r.grad_fn.next_functions])
    w = torch.randn(3, 4)
    (r * w).sum().backward()
    print(b.grad.tolist(), value.grad.item() if value.grad is not None else None, value.grad.dtype if value.grad is not None else None)
v = torch.tensor(3., requires_grad=True)
torch.ones(2, 3).index_fill(1, torch.tensor([], dtype=torch.long), v).sum().backward()
print(v.grad)
v = torch.tensor(3., requires_grad=True)
torch.tensor(1.).index_fill(0, torch.tensor([0]), v).backward()
print(v.grad)
v = torch.tensor(3., requires_grad=True)
big = torch.randn(64, 50)
(torch.zeros(64, 50).index_fill(1, torch.tensor([7, 3, 49, 0, 3, 11, 7, 25, 8]), v) * big).sum().backward()
print(v.grad.item())
g, = torch.autograd.grad(torch.ones(3, 4).index_fill(1, torch.tensor([2, 0]), v), v, torch.ones(3, 4, requires_grad=True), create_graph=True)
print(g, g.grad_fn.name(), g.grad_fn.next_functions[0][0].name())

# in place
b = torch.randn(3, 4, requires_grad=True)
y = b * 1
out = y.index_fill_(0, torch.tensor([1]), -2.)
print(out is y, y._version, y.grad_fn.name(), y.grad_fn._saved_index)
v = torch.tensor(4., requires_grad=True)
y.index_fill_(1, torch.tensor([3]), v)
print(y._version, y.grad_fn.name(), y.grad_fn.next_functions[1][0] is not None)
y.sum().backward()
print(b.grad.tolist(), v.grad)
y = b * 1
s = torch.randn(3, 2, requires_grad=True)
out = y.index_copy_(1, torch.tensor([1, 3]), s)
print(out is y, y._version, y.grad_fn.name(), y.grad_fn._saved_source is s)
(y * torch.arange(12.).view(3, 4)).sum().backward()
print(s.grad.tolist())
h = torch.zeros(2, 3)
h.index_fill_(1, torch.tensor([0]), 1).index_copy_(0, torch.tensor([1]), torch.ones(1, 3) * 5)
print(h, h._version)

# IndexCopyBackward0
b = torch.randn(3, 4, requires_grad=True)
s = torch.randn(3, 2, requires_grad=True)
r = b.index_copy(1, torch.tensor([3, 1]), s)
fn = r.grad_fn
print(fn.name(), fn._saved_dim, fn._saved_index, fn._saved_source is s, fn._saved_source_dim)
r.backward(torch.arange(12.).view(3, 4))
print(b.grad.tolist(), s.grad.tolist())
r = b.index_copy(-1, torch.tensor([3, 1]), torch.randn(3, 2))
print(r.grad_fn._saved_dim, r.grad_fn._saved_source, r.grad_fn.next_functions[1])
r = torch.zeros(3, 4).index_copy(1, torch.tensor([3, 1]), s)
print(r.grad_fn._saved_source is s, r.grad_fn.next_functions[0])
s0 = torch.tensor(3., requires_grad=True)
r = torch.tensor([1., 2.]).index_copy(0, torch.tensor([1]), s0)
r.backward(torch.tensor([10., 20.]))
print(s0.grad, r.grad_fn._saved_source_dim)
s0.grad = None
torch.tensor(1.).index_copy(0, torch.tensor([0]), s0).backward()
print(s0.grad)
g = torch.autograd.grad(b.index_copy(1, torch.tensor([2, 0]), s), (b, s), torch.ones(3, 4, requires_grad=True), create_graph=True)
print([t.tolist() for t in g], g[0].grad_fn.name(), g[1].grad_fn.name(), g[1].grad_fn.next_functions[0][0].name())

import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    d = fwAD.make_dual(torch.ones(2, 3), torch.arange(6.).view(2, 3))
    print(fwAD.unpack_dual(d.index_fill(1, torch.tensor([1]), 5.)).tangent)
    dv = fwAD.make_dual(torch.tensor(2.), torch.tensor(-1.))
    print(fwAD.unpack_dual(d.index_fill(1, torch.tensor([0, 2]), dv)).tangent, fwAD.unpack_dual(torch.zeros(2, 3).index_fill(0, torch.tensor([1]), dv)).tangent)
    ds = fwAD.make_dual(torch.zeros(2, 1), torch.tensor([[7.], [8.]]))
    print(fwAD.unpack_dual(d.index_copy(1, torch.tensor([2]), ds)).tangent, fwAD.unpack_dual(torch.ones(2, 3).index_copy(1, torch.tensor([0]), ds)).tangent)

# errors
leaf = torch.ones(2, 3, requires_grad=True)
for call in (lambda: x.index_fill(1, torch.tensor([4]), -1), lambda: x.index_fill(1, torch.tensor([-5]), -1),
             lambda: x.index_fill(2, i, -1), lambda: x.index_fill(1, i.int(), -1), lambda: x.index_fill(1, i.float(), -1),
             lambda: x.index_fill(1, torch.tensor([[0]]), -1), lambda: x.index_fill(1, i, torch.tensor([1., 2.])),
             lambda: x.byte().index_fill(1, i, 300), lambda: x.index_fill(0, torch.tensor([5]), 1e300),
             lambda: torch.tensor(5.).index_fill(0, torch.tensor([1]), 2), lambda: torch.tensor(1.).index_fill(1, torch.tensor([0]), 2.),
             lambda: x.index_fill(0, i), lambda: x.index_fill(0, i, "a"), lambda: x.index_fill_(0, i, 'z'),
             lambda: x.index_fill('a', i, 1), lambda: x.index_fill(None, i, 1), lambda: torch.index_fill(x, 'a', i, torch.tensor(1.)),
             lambda: torch.index_fill(x, 0, i, value=2, out=None), lambda: leaf.index_fill_(0, torch.tensor([0]), 1.),
             lambda: leaf.index_copy_(0, torch.tensor([0]), torch.ones(1, 3)),
             lambda: x.index_copy(1, torch.tensor([-1, 0]), -torch.ones(3, 2)), lambda: x.index_copy(1, torch.tensor([4, 0]), torch.ones(3, 2)),
             lambda: x.index_copy(1, i.int(), torch.ones(3, 2)), lambda: x.index_copy(1, i, torch.ones(3, 2, dtype=torch.float64)),
             lambda: x.index_copy(1, i, torch.ones(3, 3)), lambda: x.index_copy(1, i, torch.ones(2, 2)), lambda: x.index_copy(1, i, torch.ones(3)),
             lambda: x.index_copy(1, torch.tensor([[0, 1]]), torch.ones(3, 2)), lambda: x.index_copy(1, torch.tensor([1]), torch.tensor(9.)),
             lambda: x.index_copy(1, i, torch.tensor(9.)), lambda: torch.ones(3, 4, 5).index_copy(1, i, torch.ones(2, 2, 2)),
             lambda: torch.ones(3).index_copy(0, torch.tensor([0]), torch.ones(1, 1)), lambda: torch.tensor(1.).index_copy(0, torch.tensor([0]), torch.ones(3)),
             lambda: torch.tensor(1.).index_copy(0, torch.tensor([1]), torch.tensor(2.)), lambda: x.index_copy(3, i, torch.ones(3, 2)),
             lambda: x.index_copy(1, i.float(), torch.ones(3, 2)), lambda: x.index_copy('a', i, torch.ones(3, 2)),
             lambda: x.index_copy_('a', i, torch.ones(3, 2)), lambda: x.index_copy(0, i), lambda: torch.index_copy(x, 0, i, 5),
             lambda: x.index_copy_(0, i, torch.ones(2, 4), 4), lambda: torch.ones(3, 4).index_fill(1, torch.tensor([-1]), torch.tensor(1., requires_grad=True)).sum().backward()):
    attempt(call)
