# Small autograd details of 1.13 (issue 8):
# - the gradient of indexing is _index_put_impl_ into zeros: IndexPutImplBackward0 under
#   create_graph, with its saved accumulate and indices (a tuple, masks kept as masks);
# - F.leaky_relu(inplace=True), F.leaky_relu_ and nn.LeakyReLU(inplace=True) record
#   LeakyReluBackward1, saving the result, and refuse a negative slope in backward;
# - a gradient summed to a 0-d shape is sum() (SumBackward0), e.g. the one of a 0-d factor
#   of mul_;
# - dir() of grad_fn objects: AccumulateGrad, a node of an op, a custom Function's ctx;
# - grad_outputs / Tensor.backward(gradient) of another dtype than the output's: cast.
import torch
import torch.nn as nn
import torch.nn.functional as F

def attempt(label, f):
    try:
        print(label, "->", f())
    except Exception as e:
        print(label, type(e).__name__, e)

def names(fn):
    return [(f.name() if f is not None else None, i) for f, i in fn.next_functions]

# 1. Double backward of indexing.
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x[torch.tensor([0, 2, 0])]
g, = torch.autograd.grad((y * y).sum(), x, create_graph=True)
print(g, g.grad_fn.name(), names(g.grad_fn))
print(g.grad_fn._saved_accumulate, g.grad_fn._saved_indices)
print([k for k in dir(g.grad_fn) if not k.startswith('__')])
print(torch.autograd.grad(g.sum(), x))
y = x[torch.tensor([True, False, True])]
g, = torch.autograd.grad((y ** 3).sum(), x, create_graph=True)
print(g, g.grad_fn.name(), g.grad_fn._saved_indices)
g.sum().backward()
print(x.grad)
w = torch.arange(6., requires_grad=True).reshape(2, 3)
y = w[torch.tensor([0, 1]), torch.tensor([2, 2])]
g, = torch.autograd.grad((y * y).sum(), w, create_graph=True)
print(g, g.grad_fn.name(), names(g.grad_fn), g.grad_fn._saved_indices)
h = w.detach().requires_grad_()
y = h[torch.tensor([1, 0, 1])]
g, = torch.autograd.grad(y.pow(2).sum(), h, create_graph=True)
print(g, g.grad_fn.name())
print(torch.autograd.grad(g.pow(2).sum(), h))

# 2. leaky_relu in place.
a = torch.tensor([-1., 2., -3., 0.5], requires_grad=True)
for label, f in (("F inplace", lambda t: F.leaky_relu(t, 0.2, inplace=True)),
                 ("F positional", lambda t: F.leaky_relu(t, 0.2, True)),
                 ("F.leaky_relu_", lambda t: F.leaky_relu_(t, 0.2)),
                 ("F.leaky_relu_ default", lambda t: F.leaky_relu_(t)),
                 ("module", lambda t: nn.LeakyReLU(0.3, inplace=True)(t)),
                 ("module default", lambda t: nn.LeakyReLU(inplace=True)(t))):
    b = a * 1
    c = f(b)
    n = c.grad_fn
    print(label, c is b, b._version, c, n.name(), n._saved_negative_slope, n._saved_result,
          n._saved_result.grad_fn.name(), [k for k in dir(n) if k.startswith('_saved') or k.startswith('_raw')])
    c.backward(torch.tensor([1., 2., 3., 4.]))
    print(a.grad)
    a.grad = None
b = a * 1
c = F.leaky_relu(b, 0.5, inplace=True)
g, = torch.autograd.grad((c * c).sum(), a, create_graph=True)
n = g.grad_fn.next_functions[0][0]
print(g, g.grad_fn.name(), n.name(), names(n), n._saved_negative_slope)
print(torch.autograd.grad(g.sum(), a))
b = a * 1
print(F.leaky_relu(b).grad_fn.name(), F.leaky_relu(b, inplace=False).grad_fn.name())
print(nn.LeakyReLU(0.3, inplace=True))
b = a * 1
c = F.leaky_relu(b, -0.5, inplace=True)
print(c)
attempt("negative slope", lambda: c.sum().backward())
attempt("leaf", lambda: F.leaky_relu(a, inplace=True))
with torch.no_grad():
    d = a.detach().clone()
    print(F.leaky_relu_(d, 0.1) is d, d, d._version)
x64 = torch.tensor([-2., 1., 3.], dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(lambda v: F.leaky_relu(v * 1, 0.2, inplace=True), (x64,)))
print(torch.autograd.gradgradcheck(lambda v: F.leaky_relu(v * 1, 0.2, inplace=True), (x64,)))

# 3. A gradient summed to a 0-d shape.
w = torch.tensor(2., requires_grad=True)
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 1
y.mul_(w)
g = torch.autograd.grad(y.sum(), w, create_graph=True)[0]
print(g, g.grad_fn.name(), names(g.grad_fn))
z = x * 1
z *= w
g = torch.autograd.grad((z * z).sum(), w, create_graph=True)[0]
print(g, g.grad_fn.name())
g = torch.autograd.grad((x * w).sum(), w, create_graph=True)[0]
print(g, g.grad_fn.name(), names(g.grad_fn))
z = x * 1
z.div_(w)
g = torch.autograd.grad(z.sum(), w, create_graph=True)[0]
print(g, g.grad_fn.name())
w1 = torch.tensor([2.], requires_grad=True)
z = x * 1
z.mul_(w1)
g = torch.autograd.grad(z.sum(), w1, create_graph=True)[0]
print(g, g.grad_fn.name(), names(g.grad_fn))
m = torch.ones(2, 3, requires_grad=True)
g = torch.autograd.grad((m * w).sum(), w, create_graph=True)[0]
print(g, g.grad_fn.name(), names(g.grad_fn))
print(torch.autograd.grad(g, m))

# 4. dir() of grad_fn objects.
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
acc = y.grad_fn.next_functions[0][0]
print(dir(acc))
print(dir(y.grad_fn))
print(dir(x.sum().grad_fn))
print(dir(x.exp().grad_fn))
print(y.grad_fn.requires_grad, acc.requires_grad, acc.variable is x)
attempt("variable", lambda: y.grad_fn.variable)

class Triple(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        ctx.save_for_backward(t)
        return t * 3

    @staticmethod
    def backward(ctx, g):
        return g * 3

z = Triple.apply(x)
print(dir(z.grad_fn))
print(z.grad_fn.requires_grad)
z.grad_fn.metadata["k"] = 1
print(y.grad_fn.metadata, z.grad_fn.metadata, [k for k in dir(z.grad_fn) if 'meta' in k])
y.grad_fn.metadata["k"] = 2
print([k for k in dir(y.grad_fn) if 'meta' in k])

# Calling a node runs its backward on the given gradients.
p = torch.tensor([1., 2.], requires_grad=True)
q = torch.tensor([3., 4.], requires_grad=True)
r = p * q
print(r.grad_fn(torch.tensor([1., 10.])))
print(p.exp().grad_fn(torch.ones(2)))
attempt("call kwargs", lambda: r.grad_fn(grad=torch.ones(2)))
attempt("call int", lambda: r.grad_fn(1))

# 5. A gradient of another dtype than the output's is cast to it.
x = torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True)
out = x * x
for dt in (torch.float32, torch.float16, torch.int64, torch.bool):
    g = torch.autograd.grad(out, x, grad_outputs=torch.ones(2, dtype=dt), retain_graph=True)[0]
    print(dt, g, g.dtype)
print(torch.autograd.grad(out, x, grad_outputs=torch.full((2,), 0.1, dtype=torch.float32), retain_graph=True)[0].tolist())
attempt("shape", lambda: torch.autograd.grad(out, x, grad_outputs=torch.ones(3, dtype=torch.float32), retain_graph=True))
out.backward(gradient=torch.ones(2, dtype=torch.float32), retain_graph=True)
print(x.grad)
out.backward(torch.tensor([3, 1], dtype=torch.int64))
print(x.grad)
y = torch.tensor([1., 2.], requires_grad=True)
o2 = y * 3
print(torch.autograd.grad(o2, y, grad_outputs=torch.tensor([0.1, 0.2], dtype=torch.float64), retain_graph=True)[0].tolist())
gy = torch.tensor([0.1, 0.2], dtype=torch.float64, requires_grad=True)
r = torch.autograd.grad(o2, y, grad_outputs=gy, create_graph=True)[0]
print(r, r.grad_fn.name(), names(r.grad_fn))
r.sum().backward()
print(gy.grad)
o2.sum().backward(torch.tensor(2, dtype=torch.int64))
print(y.grad)
