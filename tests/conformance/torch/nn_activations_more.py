# The rest of torch.nn's activations: SELU / CELU / Threshold / Hardshrink / Softshrink /
# Hardsigmoid / Hardswish / LogSigmoid / Mish / GLU / PReLU (nodes of their own in 1.13)
# and the composites Softsign / Tanhshrink / Softmin. Values and gradients to the last bit
# in float32 and float64 (SLEEF's exp / log1p / tanh on the Vectorized elements, glibc's
# on the rest), grad_fn names and saved values, reprs, and errors.
import math, struct, torch
import torch.nn as nn
import torch.nn.functional as F

def values(n, seed, scale):
    state, out = seed * 7919 + 1, []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(scale * (state / 1073741824.0 - 1.0))
    return out

def digest(t):
    vals = t.flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(vals), bits)

unary = [("selu", F.selu), ("celu", F.celu), ("celu(0.3)", lambda t: F.celu(t, 0.3)),
         ("threshold", lambda t: F.threshold(t, 0.5, -2.0)), ("hardshrink", F.hardshrink),
         ("softshrink", lambda t: F.softshrink(t, 0.7)), ("hardsigmoid", F.hardsigmoid), ("hardswish", F.hardswish),
         ("logsigmoid", F.logsigmoid), ("mish", F.mish), ("softsign", F.softsign), ("tanhshrink", F.tanhshrink),
         ("softmin", lambda t: F.softmin(t, 0))]
for dtype in (torch.float32, torch.float64):
    for n in [1, 7, 16, 17, 40, 100]:
        x = torch.tensor(values(n, n, 6.0), dtype=dtype, requires_grad=True)
        g = torch.tensor(values(n, n + 5, 1.0), dtype=dtype)
        for name, f in unary:
            y = f(x)
            gx, = torch.autograd.grad(y, x, g)
            print(n, name, digest(y), digest(gx))
    m = torch.tensor(values(8 * 9, 3, 4.0), dtype=dtype).reshape(8, 9)
    print("strided", digest(F.mish(m.t())), digest(F.logsigmoid(m[:, ::2])), digest(F.selu(m.t()[1:])),
          digest(F.hardswish(m.t())))
    for shape, dim in (((4, 6), -1), ((4, 6), 0), ((3, 8, 5), 1), ((2, 34), 1), ((40,), 0)):
        x = torch.tensor(values(math.prod(shape), dim + 7, 5.0), dtype=dtype).reshape(shape).requires_grad_()
        y = F.glu(x, dim)
        g = torch.tensor(values(y.numel(), 11, 1.0), dtype=dtype).reshape(y.shape)
        gx, = torch.autograd.grad(y, x, g)
        print("glu", shape, dim, digest(y), digest(gx))
    xt = torch.tensor(values(6 * 10, 5, 3.0), dtype=dtype).reshape(6, 10).t().requires_grad_()
    y = F.glu(xt, 0)
    gx, = torch.autograd.grad(y, xt, torch.ones_like(y))
    print("glu transposed", digest(y), digest(gx))
    for shape, weights in (((5,), 1), ((4, 3), 1), ((4, 3), 3), ((2, 3, 4, 5), 3), ((30, 7), 1), ((3, 5, 17), 5)):
        x = torch.tensor(values(math.prod(shape), weights + 3, 4.0), dtype=dtype).reshape(shape).requires_grad_()
        w = torch.tensor(values(weights, 9, 0.5), dtype=dtype).requires_grad_()
        y = F.prelu(x, w)
        g = torch.tensor(values(y.numel(), 13, 1.0), dtype=dtype).reshape(shape)
        gx, gw = torch.autograd.grad(y, (x, w), g)
        print("prelu", shape, weights, digest(y), digest(gx), digest(gw))

x = torch.tensor([-4., -3., -2., -0.5, 0., 0.25, 0.5, 2.5, 3., 5.], requires_grad=True)
for y in (F.selu(x), torch.selu(x), F.celu(x), F.celu(x, 2.), torch.celu(x, alpha=0.5), F.threshold(x, 0.25, 7),
          torch.threshold(x, 1, 2.5), F.hardshrink(x), torch.hardshrink(x, 2.), x.hardshrink(lambd=1),
          F.softshrink(x), F.softshrink(x, 2), F.hardsigmoid(x), F.hardswish(x), F.logsigmoid(x), F.mish(x),
          F.softsign(x), F.tanhshrink(x), F.softmin(x, dim=0)):
    n = y.grad_fn
    print(y, n.name(), [(a, getattr(n, a) if not isinstance(getattr(n, a), torch.Tensor) else getattr(n, a).shape)
                        for a in dir(n) if a.startswith('_saved')])
    y.backward(torch.arange(10.))
    print(x.grad)
    x.grad = None
n = F.logsigmoid(x).grad_fn
print(n._saved_self is x, n._saved_buffer)
y = F.glu(x.view(2, 5).t().contiguous())
print(y, y.grad_fn.name(), y.grad_fn._saved_dim, F.glu(x, 0).grad_fn._saved_dim)
w = torch.tensor([0.25], requires_grad=True)
y = F.prelu(x, w)
print(y, y.grad_fn.name(), y.grad_fn._saved_weight is w, y.grad_fn._saved_self is x)
y.backward(torch.arange(10.))
print(x.grad, w.grad)
x.grad = None
print(torch.prelu(x.view(2, 5), torch.tensor([0.1, 0.2, 0.3, 0.4, 0.5])), x.view(5, 2).prelu(torch.tensor([2., 3.])))
print(F.threshold(torch.tensor([1, 2, 3, 4]), 2, 20), F.threshold(torch.tensor([1, 2, 3]), 1.5, 20.7))

with torch.autograd.forward_ad.dual_level():
    import torch.autograd.forward_ad as fwAD
    dual = fwAD.make_dual(torch.tensor([-4., -1., 0.5, 2.]), torch.tensor([1., 2., 3., 4.]))
    for f in (F.celu, F.hardshrink, F.softshrink, F.hardsigmoid, F.hardswish, F.logsigmoid, F.mish,
              lambda t: F.threshold(t, 0., 1.)):
        print(fwAD.unpack_dual(f(dual)).tangent)

print(nn.SELU(), nn.SELU(True), nn.CELU(), nn.CELU(2.0, True), nn.Softsign(), nn.Tanhshrink(), nn.LogSigmoid(),
      nn.Hardswish(), nn.Hardswish(True), nn.Hardsigmoid(), nn.Mish(), nn.Softmin(1), nn.Softmin(),
      nn.Threshold(0.1, 20), nn.Threshold(0.1, 20, True), nn.GLU(), nn.GLU(0), nn.PReLU(), nn.PReLU(3, 0.1),
      nn.Hardshrink(), nn.Softshrink(0.3), sep='\n')
p = nn.PReLU(3, 0.1)
print(list(p.named_parameters()), p.num_parameters)
net = nn.Sequential(nn.Linear(3, 4), nn.PReLU(), nn.Linear(4, 4), nn.SELU(), nn.Linear(4, 4), nn.Hardswish(),
                    nn.Linear(4, 4), nn.Mish(), nn.Linear(4, 2), nn.LogSigmoid())
with torch.no_grad():
    for i, p in enumerate(net.parameters()):
        p.copy_(torch.tensor(values(p.numel(), i + 1, 0.8)).reshape(p.shape))
print(net)
out = net(torch.tensor([[0.5, -1., 2.], [1., 1., -3.]]))
out.sum().backward()
print(out, out.grad_fn.name(), net[0].weight.grad, net[1].weight.grad)
print(nn.Softmin(dim=1)(torch.tensor([[1., 2., 3.], [0., 0., 1.]])))

def error(label, call):
    try:
        call()
        print(label, "no error")
    except Exception as e:
        print(label, type(e).__name__, e)

error("glu odd", lambda: F.glu(torch.randn(2, 3)))
error("glu scalar", lambda: F.glu(torch.tensor(1.)))
error("glu dim", lambda: F.glu(torch.randn(2, 4), 5))
error("softshrink", lambda: F.softshrink(torch.randn(3), -1))
error("softshrink float", lambda: F.softshrink(torch.randn(3), -0.5))
error("prelu count", lambda: F.prelu(torch.randn(2, 3), torch.tensor([1., 2.])))
error("prelu zero-dim", lambda: F.prelu(torch.tensor(1.), torch.tensor([1., 2.])))
error("prelu 2-D weight", lambda: F.prelu(torch.randn(2, 3), torch.tensor([[1., 2., 3.]])))
error("hardswish long", lambda: F.hardswish(torch.tensor([1, 2, 3])))
error("hardsigmoid long", lambda: F.hardsigmoid(torch.tensor([1, 2, 3])))
error("mish long", lambda: F.mish(torch.tensor([1, 2, 3])))
error("logsigmoid long", lambda: F.logsigmoid(torch.tensor([1, 2, 3])))
error("celu long", lambda: F.celu(torch.tensor([1, 2, 3])))
error("selu long", lambda: F.selu(torch.tensor([1, 2, 3])))
error("hardshrink long", lambda: F.hardshrink(torch.tensor([1, 2, 3])))
error("threshold bool", lambda: F.threshold(torch.tensor([True]), 0, 1))

# The implicit-dim warning names the caller's line, from F.softmin and from the module.
print(F.softmin(torch.tensor([[1., 2.], [3., 5.]])))
print(nn.Softmin()(torch.tensor([1., 2., 4.])))
