# lgamma, digamma, polygamma, erfinv, i0 and sinc: values to the last bit (float32 and
# float64, poles and the edges of each domain), their nodes and derivatives.yaml
# gradients, integer inputs promoted, in-place forms, and the torch.special names.
import torch

xs64 = torch.tensor([-3.5, -2.0, -1.25, -0.5, -0.0, 0.0, 1e-8, 0.3, 1.0, 2.5, 9.75, 10.0, 12.5, 150.0, 1e20,
                     float('inf'), float('-inf'), float('nan')], dtype=torch.float64)
xs32 = xs64.float()
for name in ['lgamma', 'digamma', 'i0', 'sinc']:
    f = getattr(torch, name)
    print(name, f(xs64).tolist())
    print(name, f(xs32).tolist())
for n in [0, 1, 2, 3]:
    print('polygamma', n, torch.polygamma(n, xs64).tolist())
    print('polygamma', n, torch.polygamma(n, xs32).tolist())
ys64 = torch.tensor([-1.0, -0.999, -0.7, -0.5, -0.0, 0.0, 1e-9, 0.2, 0.69, 0.7, 0.71, 0.9999, 1.0, 1.5, float('nan')],
                    dtype=torch.float64)
print('erfinv', torch.erfinv(ys64).tolist())
print('erfinv', torch.erfinv(ys64.float()).tolist())
dense = torch.linspace(-6, 6, 1001, dtype=torch.float64)
for name in ['lgamma', 'digamma', 'i0', 'sinc']:
    f = getattr(torch, name)
    print(name, 'dense sums', f(dense).nansum().item(), f(dense.float()).nansum().item())
print('trigamma dense', torch.polygamma(1, dense).nansum().item(), torch.polygamma(1, dense.float()).nansum().item())
u = torch.linspace(-0.999, 0.999, 999)
print('erfinv dense', torch.erfinv(u).sum().item(), torch.erfinv(u.double()).sum().item())

# Integers give the default float dtype; half and bfloat16 where 1.13 has kernels.
i = torch.tensor([1, 2, 3])
for name in ['lgamma', 'digamma', 'erfinv', 'i0', 'sinc']:
    print(name, getattr(torch, name)(i))
print(torch.polygamma(1, i))
for dt in [torch.float16, torch.bfloat16]:
    h = torch.tensor([0.5, 1.5, 3.0], dtype=dt)
    for name in ['lgamma', 'digamma', 'erfinv', 'i0', 'sinc']:
        try:
            print(name, dt, getattr(torch, name)(h))
        except RuntimeError as e:
            print(name, dt, e)
    try:
        print('polygamma', dt, torch.polygamma(1, h))
    except RuntimeError as e:
        print('polygamma', dt, e)

# Nodes and gradients.
x = torch.tensor([0.3, 1.7, 4.0, -1.5], dtype=torch.float64, requires_grad=True)
for name, f in [('lgamma', torch.lgamma), ('digamma', torch.digamma), ('i0', torch.i0), ('sinc', torch.sinc),
                ('polygamma1', lambda t: torch.polygamma(1, t)), ('polygamma2', lambda t: t.polygamma(2)),
                ('erfinv', lambda t: torch.erfinv(t / 5))]:
    y = f(x)
    g, = torch.autograd.grad(y.sum(), x)
    print(name, type(y.grad_fn).__name__, g.tolist())
z = torch.tensor([0.0, 0.5], requires_grad=True)
g, = torch.autograd.grad(torch.sinc(z).sum(), z)
print('sinc at 0', g)
y = torch.polygamma(1, x)
print(y.grad_fn.next_functions, y.grad_fn._saved_n, y.grad_fn._saved_self)
g, = torch.autograd.grad(torch.lgamma(x).sum(), x, create_graph=True)
gg, = torch.autograd.grad(g.sum(), x)
print('lgamma double backward', type(g.grad_fn).__name__, gg.tolist())

# In-place forms.
for name in ['lgamma_', 'digamma_', 'erfinv_', 'i0_', 'sinc_']:
    a = torch.tensor([0.25, 0.5], requires_grad=True)
    b = a * 1
    getattr(b, name)()
    b.sum().backward()
    print(name, type(b.grad_fn).__name__, b, a.grad)
b = torch.tensor([0.25, 0.5]).polygamma_(1)
print('polygamma_', b)
print(torch.i0_(torch.tensor([1.0, 2.0])), torch.sinc_(torch.tensor([0.5])))
try:
    torch.tensor([1, 2]).lgamma_()
except RuntimeError as e:
    print(e)

# torch.special.
import torch.special as sp
t = torch.tensor([0.5, 1.5, 2.5])
print(sp.gammaln(t), sp.digamma(t), sp.psi(t), sp.polygamma(1, t), sp.i0(t), sp.sinc(t), sp.erfinv(t / 3))
print(sp.expit(t), sp.logit(t / 3), sp.erf(t), sp.erfc(t), sp.expm1(t), sp.exp2(t), sp.log1p(t))
print(sp.xlogy(t, t), sp.logsumexp(t, 0), sp.softmax(t, 0), sp.log_softmax(t, 0), sp.round(t))
print(type(sp.gammaln(t.requires_grad_()).grad_fn).__name__, type(sp.expit(t).grad_fn).__name__)
try:
    torch.polygamma(-1, t)
except RuntimeError as e:
    print(e)
