# tan, atan, asin, acos, sinh, cosh, asinh, acosh, atanh (and the arc* aliases) to the
# last bit in float32 and float64: PyTorch 1.13 sends tan/atan/asin/acos through SLEEF
# (VML), sinh/cosh through SLEEF only in cpu_kernel_vec's vector body (glibc in the
# tails) and asinh/acosh/atanh through glibc. Also grad_fn names, saved tensors,
# gradients, double-backward graphs, forward AD and the integer / float16 cases.
import math, struct, torch
import torch.autograd.forward_ad as fwAD

def values(n, seed, lo, hi):
    state, out = seed * 7919 + 1, []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(lo + (hi - lo) * state / 2147483648.0)
    return out

def digest(t):
    vals = t.flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%d %r %s" % (len(vals), math.fsum(vals), bits)

ranges = {'tan': (-1.5, 1.5), 'atan': (-20., 20.), 'asin': (-0.999, 0.999), 'acos': (-0.999, 0.999),
          'sinh': (-9., 9.), 'cosh': (-9., 9.), 'asinh': (-50., 50.), 'acosh': (1., 60.),
          'atanh': (-0.999, 0.999)}
names = list(ranges)
for dtype in (torch.float32, torch.float64):
    print(dtype)
    for n in [3, 8, 16, 17, 40, 100, 1001]:
        print(n, *[digest(getattr(torch, f)(torch.tensor(values(n, n + i, *ranges[f]), dtype=dtype)))
                   for i, f in enumerate(names)])
    for f in names:
        x = torch.tensor(values(12 * 40, 5, *ranges[f]), dtype=dtype).reshape(12, 40)
        print("strided", f, digest(getattr(torch, f)(x[:, ::3].t())), digest(getattr(torch, f)(x.t())))
    special = torch.tensor([0., -0., 1e-30, -1e-30, 0.5, -0.5, 1., -1., 1.5, 3.9, -3.9, 10., 100.,
                            float('inf'), float('-inf'), float('nan')], dtype=dtype)
    for f in names:
        print(f, [v.hex() for v in getattr(torch, f)(special).tolist()])

# every value's bits on small sizes (the tails of the vector loops)
for dtype in (torch.float32, torch.float64):
    for f in names:
        x = torch.tensor(values(17, 3, *ranges[f]), dtype=dtype)
        print(dtype, f, ' '.join(v.hex() for v in getattr(torch, f)(x).tolist()))

print(torch.tan(torch.tensor([1, 2, 3])), torch.atan(torch.tensor([True, False])))
print(torch.arcsin(torch.tensor([0.5])), torch.arccos(torch.tensor([0.5])), torch.arctan(torch.tensor([0.5])))
print(torch.arcsinh(torch.tensor([0.5])), torch.arccosh(torch.tensor([1.5])), torch.arctanh(torch.tensor([0.5])))
print(torch.tensor([0.25]).arcsin(), torch.tensor([0.25]).arctanh(), torch.tensor([0.25]).sinh())
for f in names:
    try:
        getattr(torch, f)(torch.tensor([0.5], dtype=torch.float16))
    except RuntimeError as e:
        print(f, type(e).__name__, e)
try:
    torch.arcsin(1)
except TypeError as e:
    print(type(e).__name__, e)

# autograd: node names, saved tensors, gradients (float64 bits)
for f in names:
    lo, hi = ranges[f]
    x = torch.tensor(values(9, 11, lo, hi), dtype=torch.float64, requires_grad=True)
    y = getattr(torch, f)(x)
    saved = [a for a in dir(y.grad_fn) if a.startswith('_saved')]
    print(f, y.grad_fn.name(), saved, [torch.equal(getattr(y.grad_fn, a), x if a == '_saved_self' else y)
                                       for a in saved])
    g = torch.tensor(values(9, 12, -2., 2.), dtype=torch.float64)
    y.backward(g)
    print('  grad', ' '.join(v.hex() for v in x.grad.tolist()))
    xf = x.detach().float().requires_grad_()
    getattr(torch, f)(xf).backward(g.float())
    print('  grad32', ' '.join(v.hex() for v in xf.grad.tolist()))

def walk(fn, depth=0):
    print('  ' * depth + type(fn).__name__, sorted(a for a in dir(fn) if a.startswith('_saved')))
    for nf, _ in fn.next_functions:
        if nf is not None and type(nf).__name__ != 'AccumulateGrad':
            walk(nf, depth + 1)

for f in names:
    x = torch.tensor([1.3, 2.6] if f == 'acosh' else [0.3, -0.6], requires_grad=True)
    y = getattr(torch, f)(x)
    g, = torch.autograd.grad(y.sum(), x, create_graph=True)
    print(f, 'double backward', g)
    walk(g.grad_fn)
    gg, = torch.autograd.grad(g.sum(), x)
    print('  second', gg)

# forward AD
for f in names:
    primal = torch.tensor([1.3, 2.6] if f == 'acosh' else [0.3, -0.6], dtype=torch.float64)
    with fwAD.dual_level():
        d = fwAD.make_dual(primal, torch.tensor([1.0, -2.0], dtype=torch.float64))
        out = fwAD.unpack_dual(getattr(torch, f)(d))
        print(f, 'jvp', out.primal.tolist(), out.tangent.tolist())
