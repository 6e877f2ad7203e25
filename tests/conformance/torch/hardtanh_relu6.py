# F.hardtanh / F.hardtanh_ / nn.Hardtanh and F.relu6 / nn.ReLU6 (hardtanh(0, 6) in ATen):
# clamp's values (NaN through, integer bounds for integer inputs), HardtanhBackward0 with
# the bounds as given (int or float) and its saved self (a clone of the original for the
# in-place op), gradients zero at and beyond the bounds, HardtanhBackwardBackward0,
# forward-mode tangents, the modules' reprs, errors.
import torch
import torch.nn.functional as F

def run(label, call):
    try:
        out = call()
        print(label, out.tolist(), out.dtype, out.grad_fn.name() if out.grad_fn else None)
    except (TypeError, RuntimeError, AssertionError) as e:
        print(label, type(e).__name__, e)

def saved(node):
    return (node.name(), node._saved_min_val, node._saved_max_val, node._saved_self.tolist())

x = torch.tensor([-7., -2., -1., -0.5, -0.25, 0., 0.5, 1., 2., 6., 7., float('nan'), float('inf'), -float('inf')],
                 requires_grad=True)
grad = torch.arange(1., 15.)
for label, call in (("F.hardtanh", lambda: F.hardtanh(x)), ("F.hardtanh(-0.5, 1.)", lambda: F.hardtanh(x, -0.5, 1.)),
                    ("keywords", lambda: F.hardtanh(x, min_val=0., max_val=6.)), ("int bounds", lambda: F.hardtanh(x, -2, 2)),
                    ("F.relu6", lambda: F.relu6(x)), ("nn.ReLU6", lambda: torch.nn.ReLU6()(x)),
                    ("nn.Hardtanh", lambda: torch.nn.Hardtanh(-0.5, 0.5)(x)), ("_nn.hardtanh", lambda: torch._C._nn.hardtanh(x)),
                    ("_nn.relu6", lambda: torch._C._nn.relu6(x)), ("tiny bounds", lambda: F.hardtanh(x, -0.1, 0.1))):
    x.grad = None
    out = call()
    print(label, out.tolist(), saved(out.grad_fn), out.grad_fn._saved_self is x)
    out.backward(grad)
    print(x.grad.tolist())

# float32 bounds that are not floats (0.1 rounds), float64 input
d = torch.tensor([0.1, 0.2, -0.1, 0.3], dtype=torch.float64, requires_grad=True)
out = F.hardtanh(d, -0.1, 0.2)
out.sum().backward()
print(out.tolist(), d.grad.tolist())
f = torch.tensor([0.1, 0.2, -0.1, 0.3], requires_grad=True)
out = F.hardtanh(f, -0.1, 0.2)
out.sum().backward()
print(out.tolist(), f.grad.tolist())

# in place: the original self is cloned for the node
for label, call in (("F.hardtanh_", lambda y: F.hardtanh_(y)), ("inplace=True", lambda y: F.hardtanh(y, -1., 1., True)),
                    ("F.relu6 inplace", lambda y: F.relu6(y, inplace=True)), ("nn.ReLU6 inplace", lambda y: torch.nn.ReLU6(True)(y)),
                    ("_nn.relu6_", lambda y: torch._C._nn.relu6_(y)), ("nn.Hardtanh inplace", lambda y: torch.nn.Hardtanh(-2., 0., True)(y))):
    x.grad = None
    y = x * 1
    r = call(y)
    print(label, r is y, y._version, saved(y.grad_fn), y.grad_fn._saved_self.grad_fn.name(),
          y.grad_fn.next_functions[0][0].name())
    y.backward(grad)
    print(x.grad.tolist())
run("leaf in place", lambda: F.hardtanh_(x))
run("view of leaf in place", lambda: F.relu6(x[:3], inplace=True))
z = torch.tensor([[-3., 0.5], [2., 9.]])
F.hardtanh_(z, -1, 1)
print(z, z._version)

# integer and other inputs
run("int", lambda: F.hardtanh(torch.tensor([1, 5, -3]), 0, 2))
run("int float bounds", lambda: F.hardtanh(torch.tensor([1, 5, -3]), -0.5, 2.7))
run("int relu6", lambda: F.relu6(torch.tensor([1, 7, -3])))
run("min > max", lambda: F.hardtanh(torch.tensor([-2., 0., 2.]), 1., -1.))
run("bool", lambda: F.hardtanh(torch.tensor([True, False])))
run("empty", lambda: F.relu6(torch.empty(0, 2)))
run("0-d", lambda: F.hardtanh(torch.tensor(3.)))
run("non-contiguous", lambda: F.hardtanh(torch.arange(-3., 3.).reshape(2, 3).t(), -1., 1.5))
with torch.no_grad():
    run("no_grad", lambda: F.relu6(x))

# double backward and forward mode
w = torch.tensor([-2., 0.5, 0.25, 3.], dtype=torch.float64, requires_grad=True)
u = w * w
g, = torch.autograd.grad(F.hardtanh(u, 0., 1.).sum(), u, create_graph=True)
print(g.tolist(), g.grad_fn.name(), g.grad_fn._saved_min_val, g.grad_fn._saved_max_val)
g.sum().backward()
print(w.grad.tolist())
gg = torch.tensor([1., 2., 3., 4.], dtype=torch.float64, requires_grad=True)
h, = torch.autograd.grad(F.relu6(w), w, gg, create_graph=True)
h.sum().backward()
print(h.tolist(), gg.grad.tolist())
import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    dual = fwAD.make_dual(torch.tensor([-2., 0.5, 7.]), torch.tensor([10., 20., 30.]))
    print(fwAD.unpack_dual(F.relu6(dual)).tangent, fwAD.unpack_dual(F.hardtanh(dual, 0.5, 1.)).tangent)

# modules
print(torch.nn.Hardtanh(), torch.nn.ReLU6(), torch.nn.Hardtanh(-0.5, 0.5, True), torch.nn.ReLU6(inplace=True),
      torch.nn.Hardtanh(max_val=3), torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.ReLU6()))
m = torch.nn.Hardtanh(-2, 2)
print(m.min_val, m.max_val, m.inplace, isinstance(torch.nn.ReLU6(), torch.nn.Hardtanh))
run("module bounds", lambda: torch.nn.Hardtanh(1., 0.))
run("module equal bounds", lambda: torch.nn.Hardtanh(1., 1.))
run("F no check", lambda: F.hardtanh(torch.tensor([0., 3.]), 2., 1.))
run("bad bound", lambda: F.hardtanh(x, 'a'))
