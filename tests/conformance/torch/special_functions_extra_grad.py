# Gradients of torch.special's entr, ndtri, log_ndtr, i0e, i1, i1e, erfcx, xlog1py, zeta and
# multigammaln (derivatives.yaml's formulas), ndtr's composite graph, bessel_j0/j1 not being
# differentiable, forward-mode tangents, and the errors 1.13 raises on wrong calls.
import torch
import torch.autograd.forward_ad as fwAD


def chain(fn):
    names = []
    while fn is not None:
        names.append(type(fn).__name__)
        fn = fn.next_functions[0][0] if fn.next_functions else None
    return ' <- '.join(names)


def attempt(label, thunk):
    try:
        print(label, thunk())
    except Exception as e:
        print(label, type(e).__name__ + ':', e)


for dtype in [torch.float32, torch.float64]:
    x = torch.tensor([-3.5, -1.25, -1e-20, 0.0, 1e-20, 0.3, 1.0, 2.5, 9.0, 40.0], dtype=dtype, requires_grad=True)
    for name in ['entr', 'log_ndtr', 'i0e', 'i1', 'i1e', 'erfcx', 'ndtr']:
        y = getattr(torch.special, name)(x)
        g, = torch.autograd.grad(y.sum(), x)
        print(dtype, name, chain(y.grad_fn), g.tolist())
    u = torch.tensor([1e-30, 0.01, 0.3, 0.5, 0.9, 0.999999], dtype=dtype, requires_grad=True)
    y = torch.special.ndtri(u)
    g, = torch.autograd.grad(y.sum(), u)
    print(dtype, 'ndtri', chain(y.grad_fn), g.tolist())
    m = torch.tensor([1.6, 2.0, 3.5, 10.0], dtype=dtype, requires_grad=True)
    for p in [1, 3]:
        y = torch.special.multigammaln(m, p)
        g, = torch.autograd.grad(y.sum(), m)
        print(dtype, 'multigammaln', p, chain(y.grad_fn), y.grad_fn._saved_p, g.tolist())

a = torch.tensor([0.0, 0.0, 1.5, -2.0, 3.0], requires_grad=True)
b = torch.tensor([-1.0, -3.0, 0.5, 2.0, -0.5], requires_grad=True)
y = torch.special.xlog1py(a, b)
print('xlog1py', y.grad_fn.name(), [g.tolist() for g in torch.autograd.grad(y.sum(), [a, b])])
y = torch.special.xlog1py(2.5, b)
print('xlog1py number self', y.grad_fn.name(), torch.autograd.grad(y.sum(), b)[0].tolist())
for other in [-1, -0.5, 3]:
    y = torch.special.xlog1py(a, other)
    print('xlog1py number other', other, y.grad_fn.name(), torch.autograd.grad(y.sum(), a)[0].tolist())

s = torch.tensor([2.0, 3.0, 4.5], requires_grad=True)
q = torch.tensor([1.0, 0.5, 3.0], requires_grad=True)
y = torch.special.zeta(s.detach(), q)
print('zeta', y.grad_fn.name(), torch.autograd.grad(y.sum(), q)[0].tolist())
y = torch.special.zeta(2, q)
print('zeta number x', y.grad_fn.name(), torch.autograd.grad(y.sum(), q)[0].tolist())
y = torch.special.zeta(s, 2.0)
print('zeta number q', y.grad_fn.name())
attempt('zeta backward in x', lambda: torch.autograd.grad(torch.special.zeta(s, q).sum(), s))

# Double backward records the formulas' own ops.
x = torch.tensor([0.5, 1.5, 4.0], dtype=torch.float64, requires_grad=True)
for name in ['entr', 'i0e', 'i1', 'erfcx', 'log_ndtr']:
    g, = torch.autograd.grad(getattr(torch.special, name)(x).sum(), x, create_graph=True)
    gg, = torch.autograd.grad(g.sum(), x)
    print('double', name, g.grad_fn.name(), gg.tolist())

# i0's gradient is special_i1: recorded (SpecialI1Backward0 in double backward), and
# refused for bfloat16 as special_i1 is.
g, = torch.autograd.grad(torch.i0(x).sum(), x, create_graph=True)
print('double i0', [type(f).__name__ for f, _ in g.grad_fn.next_functions], torch.autograd.grad(g.sum(), x)[0].tolist())
attempt('i0 bfloat16 backward', lambda: torch.i0(x.detach().bfloat16().requires_grad_()).sum().backward())

# bessel_j0 / bessel_j1 are not differentiable in 1.13.
y = torch.special.bessel_j0(x)
print('bessel_j0', y.requires_grad, y.grad_fn)
attempt('bessel_j1 backward', lambda: torch.special.bessel_j1(x).sum().backward())

# In place: mvlgamma_ keeps MvlgammaBackward0.
base = torch.tensor([2.0, 3.0, 5.0], requires_grad=True)
z = base * 1.5
z.mvlgamma_(2)
print('mvlgamma_', z.grad_fn.name(), torch.autograd.grad(z.sum(), base)[0].tolist())

# Forward-mode AD.
with fwAD.dual_level():
    primal = torch.tensor([0.25, 1.5, 3.0], dtype=torch.float64)
    dual = fwAD.make_dual(primal, torch.tensor([1.0, -2.0, 0.5], dtype=torch.float64))
    for name in ['entr', 'ndtri', 'log_ndtr', 'i0e', 'i1', 'i1e', 'erfcx']:
        arg = dual if name != 'ndtri' else fwAD.make_dual(primal / 4, torch.ones(3, dtype=torch.float64))
        print('jvp', name, fwAD.unpack_dual(getattr(torch.special, name)(arg)).tangent.tolist())
    print('jvp xlog1py', fwAD.unpack_dual(torch.special.xlog1py(dual, dual)).tangent.tolist())
    print('jvp multigammaln', fwAD.unpack_dual(torch.special.multigammaln(dual + 2, 2)).tangent.tolist())

# Errors.
t = torch.ones(3)
attempt('entr half', lambda: torch.special.entr(t.half()))
attempt('ndtri bfloat16', lambda: torch.special.ndtri(t.bfloat16()))
attempt('i1 bfloat16', lambda: torch.special.i1(t.bfloat16()))
attempt('erfcx half', lambda: torch.special.erfcx(t.half()))
attempt('bessel_j0 bfloat16', lambda: torch.special.bessel_j0(t.bfloat16()))
attempt('zeta bfloat16', lambda: torch.special.zeta(t.bfloat16(), t.bfloat16()))
attempt('zeta shapes', lambda: torch.special.zeta(torch.ones(2), torch.ones(3)))
attempt('xlog1py shapes', lambda: torch.special.xlog1py(torch.ones(2), torch.ones(3)))
attempt('xlog1py numbers', lambda: torch.special.xlog1py(2, 3))
attempt('zeta keyword', lambda: torch.special.zeta(t, q=2))
attempt('entr float', lambda: torch.special.entr(2.0))
attempt('i0e arity', lambda: torch.special.i0e(t, t))
attempt('multigammaln bool', lambda: torch.special.multigammaln(torch.tensor([True]), 2))
attempt('multigammaln p', lambda: torch.special.multigammaln(t, 0))
attempt('multigammaln p type', lambda: torch.special.multigammaln(t, 'a'))
attempt('mvlgamma missing p', lambda: torch.mvlgamma(t))
attempt('mvlgamma_ float p', lambda: t.clone().mvlgamma_(p=2.5))
attempt('mvlgamma_ int', lambda: torch.tensor([3, 4]).mvlgamma_(2))
attempt('mvlgamma half', lambda: torch.mvlgamma(t.half(), 2))
attempt('ndtr half', lambda: torch.special.ndtr(t.half()))
