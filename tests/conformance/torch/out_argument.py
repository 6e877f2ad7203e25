# out= arguments: the result is written into the given tensor (resized, with 1.13's
# warning when it had elements; cast to its dtype when the result type may be), the call
# returns that tensor itself, and out= refuses arguments that require grad.
import warnings

import torch

warnings.simplefilter("always")


def attempt(label, f):
    try:
        r = f()
        print(label, "->", repr(r))
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


a = torch.arange(4.0).reshape(2, 2)
b = torch.ones(2, 2)
o = torch.empty(2, 2)
r = torch.mul(a, b, out=o)
print(r is o, o, o._version)
torch.matmul(a, a.T, out=o)
print(o, o._version)
attempt("add alpha", lambda: torch.add(a, b, alpha=2, out=o))
attempt("exp", lambda: torch.exp(a, out=o))
attempt("sigmoid", lambda: torch.sigmoid(a, out=o))
attempt("clamp", lambda: torch.clamp(a, 0, 1, out=o))
attempt("where", lambda: torch.where(a > 1, a, b, out=o))
attempt("div", lambda: torch.div(a, 3, out=o))
attempt("div floor", lambda: torch.div(a, 3, rounding_mode="floor", out=o))
attempt("mm", lambda: torch.mm(a, b, out=o))
attempt("out=None", lambda: torch.mul(a, b, out=None))
attempt("out=1", lambda: torch.mul(a, b, out=1))
attempt("out=True", lambda: torch.add(torch.ones(2, dtype=torch.long), 1, out=True))
attempt("out='x'", lambda: torch.mul(a, b, out="x"))

# Resizing: silent for an empty tensor, a warning when it had elements.
e = torch.empty(0)
attempt("into empty", lambda: torch.add(a, b, out=e))
print(e.shape, e.stride())
w = torch.zeros(3)
attempt("into shape [3]", lambda: torch.add(a, b, out=w))
print(w.shape)
attempt("cat", lambda: torch.cat([a, b], out=torch.empty(0)))
attempt("stack", lambda: torch.stack([a, b], out=torch.empty(0)))
attempt("sum over dim", lambda: torch.sum(a, 0, out=torch.empty(0)))

# dtypes: the result is cast when it may be.
od = torch.empty(2, 2, dtype=torch.float64)
attempt("float into double", lambda: torch.add(a, b, out=od))
attempt("float into long", lambda: torch.add(a, b, out=torch.empty(2, 2, dtype=torch.long)))
attempt("long into double row", lambda: torch.mul(torch.ones(2, dtype=torch.long), 2, out=od[0]))
print(od)
for name in ["neg", "abs", "floor", "sign", "square", "exp", "sqrt"]:
    for source, dtype in [(a, torch.long), (a, torch.float64), (torch.arange(4), torch.float32)]:
        attempt("%s %s into %s" % (name, source.dtype, dtype),
                lambda: getattr(torch, name)(source, out=torch.empty(0, dtype=dtype)))

# Reductions compute in the out tensor's dtype.
f = torch.tensor([1.5, 2.7, -0.6])
for name in ["sum", "cumsum", "prod", "cumprod", "nansum"]:
    for source, dtype in [(f, torch.long), (f, torch.float64), (torch.tensor([1, 2, 3]), torch.float32)]:
        attempt("%s %s into %s" % (name, source.dtype, dtype),
                lambda: getattr(torch, name)(source, 0, out=torch.empty(0, dtype=dtype)))
for name in ["amax", "amin"]:
    attempt(name + " into float64", lambda: getattr(torch, name)(f, 0, out=torch.empty(0, dtype=torch.float64)))
    attempt(name + " into float32", lambda: getattr(torch, name)(f, 0, out=torch.empty(0)))
small = torch.tensor([0.1] * 10)
attempt("sum into float64", lambda: torch.sum(small, 0, out=torch.empty(0, dtype=torch.float64)).item())

# In place through out= and overlaps.
c = torch.arange(4.0)
attempt("out is an input", lambda: torch.add(c, 1, out=c))
print(c, c._version)
attempt("out overlaps an input", lambda: torch.mul(a, b, out=a.T))

# Autograd.
g = torch.ones(2, 2, requires_grad=True)
attempt("input requires grad", lambda: torch.mul(g, b, out=o))
attempt("out requires grad", lambda: torch.mul(a, b, out=torch.zeros(2, 2, requires_grad=True)))
with torch.no_grad():
    attempt("under no_grad", lambda: torch.mul(g, b, out=o))

# Several results.
v, i = torch.empty(0), torch.empty(0, dtype=torch.long)
attempt("max", lambda: torch.max(a, 0, out=(v, i)))
print(v, i)
attempt("sort", lambda: torch.sort(torch.tensor([3.0, 1.0, 2.0]), out=(torch.empty(3), torch.empty(3, dtype=torch.long))))

# Tensor.resize_.
t = torch.arange(4.0)
print(t.resize_(2, 2), t.stride(), t._version)
print(t.resize_(0), t.resize_((1, 2)))
attempt("resize_ requires grad", lambda: torch.ones(2, requires_grad=True).resize_(3))
attempt("resize_ negative", lambda: torch.ones(2).resize_(-1))
