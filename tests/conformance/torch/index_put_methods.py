# Tensor.index_put_ / Tensor.index_put / torch.index_put (1.13): a tuple (or list) of int64
# indices and bool masks over the leading dims, accumulate=True adding up repeated indices
# in index order, IndexPutBackward0 for both forms with its saved accumulate and indices,
# the gradients (the overwritten places get none; values get grad[indices] summed to their
# shape), double backward, the version bump, and 1.13's argument and index errors in its order.
import math, struct, torch

def digest(t):
    vals = t.flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(vals), bits)

def attempt(label, f):
    try:
        r = f()
        print(label, "->", r)
    except Exception as e:
        print(label, type(e).__name__, e)

a = torch.arange(12.).reshape(3, 4)
print(a.index_put((torch.tensor([0, 2]),), torch.tensor(-1.)))
print(a.index_put([torch.tensor([0, 2]), torch.tensor([1, 3])], torch.tensor([-1., -2.])))
print(a.index_put((torch.tensor([[0], [2]]), torch.tensor([1, 3])), torch.tensor(-1.)))
print(a.index_put((torch.tensor([True, False, True]),), torch.tensor([1., 2, 3, 4])))
print(a.index_put((a > 5,), torch.tensor(0.)))
print(a.index_put((torch.tensor([0]), torch.tensor([True, False, True, True])), torch.tensor([7., 8, 9])))
print(a.index_put((torch.tensor(1),), torch.tensor(-1.)))
print(a.index_put((torch.tensor(True),), torch.tensor(-1.)))
print(a.index_put((torch.tensor(False),), torch.tensor(-1.)))
print(a.index_put((torch.tensor([-1, -3]),), torch.tensor([[1.], [2.]])))
print(torch.index_put(a, (torch.tensor([1, 1]),), torch.tensor([[1., 2, 3, 4], [5, 6, 7, 8]])))
print(torch.index_put(a, (torch.tensor([1, 1]),), torch.tensor([[1., 2, 3, 4], [5, 6, 7, 8]]), True))
print(a.index_put(indices=(torch.tensor([0, 0]),), values=torch.tensor([1., 2, 3, 4]), accumulate=True))
print(a.index_put((torch.tensor([0, 2]), torch.tensor([[1], [0]])), torch.tensor([[1., 2], [3, 4]]), accumulate=True))
# A masked fill (one mask, a one-element value) takes the value in any dtype.
print(a.index_put((a > 5,), torch.tensor(7)))
print(a.index_put((a > 5,), torch.tensor([7.5], dtype=torch.float64)))
print(a.index_put((a > 5,), torch.arange(6.), accumulate=True))
print(torch.tensor([1, 2, 3]).index_put((torch.tensor([0, 0, 2]),), torch.tensor([5, 6, 7]), accumulate=True))
print(torch.tensor([True, False]).index_put((torch.tensor([1]),), torch.tensor([True])))
print(torch.zeros(3, dtype=torch.float64).index_put((torch.tensor([2, 2, 2, 2]),), torch.tensor([0.1, 0.2, 0.3, 0.7], dtype=torch.float64), True).tolist())
h = torch.zeros(2, dtype=torch.float16).index_put((torch.tensor([0, 0, 0]),), torch.tensor([0.1, 0.2, 0.3], dtype=torch.float16), True)
print(h, h.dtype)

# Accumulating many repeated indices: the float sums to the last bit.
vals = torch.tensor([(((i * 7919) % 1000) - 500) / 37.0 for i in range(60)])
idx = torch.tensor([(i * 13) % 5 for i in range(60)])
acc = torch.zeros(5).index_put((idx,), vals, accumulate=True)
print(digest(acc))
acc64 = torch.zeros(5, dtype=torch.float64).index_put((idx,), vals.double(), accumulate=True)
print(digest(acc64))

# In place: the same object, its version bumped once per call.
b = a.clone()
print(b._version)
r = b.index_put_((torch.tensor([0]),), torch.tensor(1.))
print(r is b, b._version)
b.index_put_((torch.tensor([0, 0]),), torch.tensor([1., 2, 3, 4]), accumulate=True)
print(b, b._version)
r = torch.index_put_(b, (torch.tensor([2]),), torch.tensor(0.))
print(r is b, b, b._version)

# Autograd.
x = torch.tensor([1., 2., 3., 4., 5.], requires_grad=True)
v = torch.tensor([10., 20., 30.], requires_grad=True)
for accumulate in (False, True):
    y = x * 2
    z = y.index_put((torch.tensor([0, 2, 0]),), v, accumulate=accumulate)
    n = z.grad_fn
    print(z, n.name(), [(f.name() if f else None, i) for f, i in n.next_functions])
    print(n._saved_accumulate, n._saved_indices, sorted(k for k in dir(n) if k.startswith('_saved') or k.startswith('_raw')))
    gx, gv = torch.autograd.grad(z, (x, v), torch.tensor([1., 2., 3., 4., 5.]))
    print(gx, gv)
    w = x * 2
    r = w.index_put_((torch.tensor([0, 2, 0]),), v * 1, accumulate=accumulate)
    print(r is w, w, w.grad_fn.name(), w.grad_fn._saved_accumulate, w.grad_fn._saved_indices)
    gx, gv = torch.autograd.grad(w, (x, v), torch.tensor([1., 2., 3., 4., 5.]))
    print(gx, gv)

m = torch.arange(6., requires_grad=True)
y = (m * 1).reshape(2, 3)
mask = torch.tensor([[True, False, True], [False, False, True]])
z = y.index_put((mask,), torch.tensor(0.5, requires_grad=True))
print(z, z.grad_fn._saved_indices)
z.sum().backward()
print(m.grad)

# A broadcast value: its gradient summed back to its shape.
s = torch.tensor([1., 2., 3., 4.], requires_grad=True)
q = torch.zeros(3, 4).index_put((torch.tensor([0, 2]),), s)
q.backward(torch.arange(12.).reshape(3, 4))
print(s.grad)
p = torch.tensor(2., requires_grad=True)
q = torch.zeros(3, 4).index_put((torch.tensor([0, 2]), torch.tensor([1, 1])), p, accumulate=True)
q.backward(torch.arange(12.).reshape(3, 4))
print(p.grad)

# Double backward: the self gradient is itself an index_put.
x = torch.tensor([1., 2., 3.], requires_grad=True)
v = torch.tensor([5.], requires_grad=True)
z = (x * x).index_put((torch.tensor([1]),), v * v)
gx, gv = torch.autograd.grad(z.sum() * 3, (x, v), create_graph=True)
print(gx, gx.grad_fn.name(), gv, gv.grad_fn.name())
g2 = torch.autograd.grad((gx * gx).sum() + gv.sum(), (x, v))
print(g2)

# A leaf that requires grad refuses index_put_; no_grad lets it through.
leaf = torch.zeros(3, requires_grad=True)
attempt("leaf", lambda: leaf.index_put_((torch.tensor([0]),), torch.tensor(1.)))
with torch.no_grad():
    leaf.index_put_((torch.tensor([0]),), torch.tensor(1.))
print(leaf, leaf._version)

# Saved indices modified in place since.
x = torch.tensor([1., 2., 3.], requires_grad=True)
i = torch.tensor([0, 2])
z = (x * 1).index_put((i,), torch.tensor(0.))
i.add_(0)
attempt("modified", lambda: z.sum().backward())

# 1.13's errors, in its order.
a = torch.arange(12.).reshape(3, 4)
attempt("not a tuple", lambda: a.index_put(torch.tensor([0]), torch.tensor(0.)))
attempt("not a tuple fn", lambda: torch.index_put(a, torch.tensor([0]), torch.tensor(0.)))
attempt("not a tuple kw", lambda: a.index_put(indices=torch.tensor([0]), values=torch.tensor(0.)))
attempt("int in place", lambda: a.index_put_(0, torch.tensor(0.)))
attempt("None", lambda: a.index_put((None, torch.tensor([1, 2])), torch.tensor(9.)))
attempt("None fn", lambda: torch.index_put(a, (torch.tensor([0]), None), torch.tensor(9.)))
attempt("int element", lambda: a.index_put((0,), torch.tensor(0.)))
attempt("list element", lambda: a.index_put([[0]], torch.tensor(1.)))
attempt("float values", lambda: a.index_put((torch.tensor([0]),), 1.0))
attempt("int values fn", lambda: torch.index_put(a, (torch.tensor([0]),), 1))
attempt("int accumulate", lambda: a.index_put((torch.tensor([0]),), torch.tensor(1.), 1))
attempt("int accumulate fn", lambda: torch.index_put(a, (torch.tensor([0]),), torch.tensor(1.), 1))
attempt("int accumulate kw", lambda: a.index_put((torch.tensor([0]),), torch.tensor(1.), accumulate=1))
attempt("None accumulate", lambda: a.index_put((torch.tensor([0]),), torch.tensor(1.), accumulate=None))
attempt("too many args", lambda: a.index_put((torch.tensor([0]),), torch.tensor(1.), False, 3))
attempt("unknown kw", lambda: a.index_put((torch.tensor([0]),), torch.tensor(1.), foo=3))
attempt("missing two", lambda: a.index_put())
attempt("missing one", lambda: a.index_put((torch.tensor([0]),)))
attempt("missing fn", lambda: torch.index_put(a))
attempt("float index", lambda: a.index_put((torch.tensor([0.]),), torch.tensor(0.)))
attempt("float index after long", lambda: a.index_put((torch.tensor([5]), torch.tensor([0.5])), torch.tensor([7., 8.])))
attempt("mask shape", lambda: a.index_put((torch.tensor([True, False]),), torch.tensor(1.)))
attempt("mask shape dim 1", lambda: a.index_put((torch.tensor([0]), torch.tensor([True, False])), torch.tensor([1., 2.])))
attempt("mask before dtype", lambda: a.index_put((torch.tensor([True, False]), torch.tensor([0.])), torch.tensor(7.)))
attempt("dtype before mask", lambda: a.index_put((torch.tensor([True, False]), torch.tensor([0.])), torch.tensor([7., 8.])))
attempt("values shape", lambda: a.index_put((torch.tensor([0, 1]),), torch.tensor([1., 2, 3])))
attempt("values shape 2", lambda: a.index_put((torch.tensor([5]),), torch.tensor([7., 8.])))
attempt("values dtype", lambda: a.index_put((torch.tensor([0, 1]),), torch.tensor([1., 2, 3, 4], dtype=torch.float64)))
attempt("values dtype first", lambda: a.index_put((torch.tensor([5]),), torch.tensor([7.], dtype=torch.float64)))
attempt("long values accumulate", lambda: a.index_put((a > 5,), torch.tensor(7), accumulate=True))
attempt("bounds", lambda: a.index_put((torch.tensor([5]),), torch.tensor(1.)))
attempt("bounds negative", lambda: a.index_put((torch.tensor([-4]),), torch.tensor(1.)))
attempt("bounds dim 1", lambda: a.index_put((torch.tensor([0, 1]), torch.tensor([1, 7])), torch.tensor(1.)))
attempt("bounds order", lambda: a.index_put((torch.tensor([0, 5]), torch.tensor([9, 1])), torch.tensor(1.), True))
attempt("too many", lambda: a.index_put((torch.tensor([0]), torch.tensor([0]), torch.tensor([0])), torch.tensor(1.)))
attempt("too many first", lambda: a.index_put((torch.tensor([0, 1]), torch.tensor([0, 1, 2]), torch.tensor([0.])), torch.tensor([7., 8.], dtype=torch.int64)))
attempt("broadcast", lambda: a.index_put((torch.tensor([0, 1]), torch.tensor([0, 1, 2])), torch.tensor(1.)))
attempt("broadcast mask", lambda: a.index_put((torch.tensor([0, 1]), torch.tensor([True, False, True, True])), torch.tensor([1., 2, 3])))
attempt("0-d self", lambda: torch.tensor(3.).index_put((torch.tensor([0]),), torch.tensor(-1.)))
attempt("empty tuple", lambda: a.index_put((), torch.tensor(0.)))
print(a)

# Forward mode: self_t.index_put(indices, values_t, accumulate), for both forms.
import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    x = fwAD.make_dual(torch.tensor([1., 2., 3.]), torch.tensor([1., 10., 100.]))
    v = fwAD.make_dual(torch.tensor([5., 6.]), torch.tensor([2., 3.]))
    for acc in (False, True):
        y = x.index_put((torch.tensor([1, 1]),), v, accumulate=acc)
        print(y, fwAD.unpack_dual(y).tangent)
        z = x * 1
        z.index_put_((torch.tensor([True, False, True]),), v, accumulate=acc)
        print(z, fwAD.unpack_dual(z).tangent)
    y = torch.tensor([4., 4., 4.]).index_put((torch.tensor([0]),), v[:1])
    print(y, fwAD.unpack_dual(y).tangent)
    y = x.index_put((torch.tensor([0]),), torch.tensor([9.]))
    print(y, fwAD.unpack_dual(y).tangent)
    q = torch.zeros(3)
    q[torch.tensor([2])] = v[1:]
    print(q, fwAD.unpack_dual(q).tangent)

# In place, values or indices sharing self's memory are refused (unless a masked fill).
def overlap(label, f):
    z = torch.arange(4.)
    attempt(label, lambda: f(z))
    print(z)
overlap("values view", lambda z: z.index_put_((torch.tensor([1, 2]),), z[:2]))
overlap("values view accumulate", lambda z: z.index_put_((torch.tensor([1, 2]),), z[:2], accumulate=True))
overlap("values self", lambda z: z.index_put_((torch.tensor([0, 1, 2, 3]),), z))
overlap("values disjoint", lambda z: z.index_put_((torch.tensor([0, 1]),), z[2:]))
overlap("masked fill", lambda z: z.index_put_((z > 1,), z[0]))
overlap("setitem", lambda z: z.__setitem__(torch.tensor([1, 2]), z[1:3]))
overlap("out of place", lambda z: z.index_put((torch.tensor([1, 2]),), z[:2]))
i = torch.tensor([0, 1, 1])
attempt("index self", lambda: i.index_put_((i,), torch.tensor(5)))
