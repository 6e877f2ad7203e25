# F.bilinear / torch.bilinear and nn.Bilinear: 1.13 composes it over _trilinear
# (TrilinearBackward0 between ReshapeAliasBackward0s, then AddBackward0 for the bias):
# values, what the node saves, gradients of every input, double backward, batched and
# 1-D inputs, seeded initialisation, a tiny training step, errors.
import torch
import torch.autograd.forward_ad as fwAD
import torch.nn as nn
import torch.nn.functional as F


def walk(fn, depth=0):
    if fn is None:
        return
    print('  ' * depth + fn.name())
    for child, _ in fn.next_functions:
        walk(child, depth + 1)


torch.manual_seed(0)
m = nn.Bilinear(4, 5, 3)
print(m, m.weight.shape, m.bias.tolist(), m.weight[0, 0].tolist())
x1 = torch.randn(6, 4, requires_grad=True)
x2 = torch.randn(6, 5, requires_grad=True)
y = m(x1, x2)
walk(y.grad_fn)
t = y.grad_fn.next_functions[0][0].next_functions[0][0]
print(t.name(), t._saved_expand1, t._saved_expand2, t._saved_expand3, t._saved_sumdim, t._saved_i2 is m.weight)
print(y.tolist())
w = torch.linspace(-1, 1, y.numel()).reshape(y.shape)
(y * w).sum().backward()
print(x1.grad.tolist())
print(x2.grad[:2].tolist())
print(m.weight.grad[1].tolist(), m.bias.grad.tolist())

for dtype in [torch.float32, torch.float64]:
    a = torch.randn(2, 3, 7, dtype=dtype, requires_grad=True)
    b = torch.randn(2, 3, 2, dtype=dtype, requires_grad=True)
    weight = torch.randn(4, 7, 2, dtype=dtype, requires_grad=True)
    out = F.bilinear(a, b, weight)
    out.pow(2).sum().backward()
    print(out.shape, out.grad_fn.name(), out[1].tolist(), a.grad[0, 0].tolist(), b.grad[1].tolist(),
          weight.grad[3].tolist())

one = torch.bilinear(torch.randn(4), torch.randn(5), m.weight, m.bias)
print(one.shape, one.tolist())
print(F.bilinear(torch.randn(0, 4), torch.randn(0, 5), m.weight).shape)
print(nn.Bilinear(2, 3, 4, bias=False), nn.Bilinear(2, 3, 4, bias=False)(torch.ones(1, 2), torch.ones(1, 3)).tolist())

# Second order: the gradients are _trilinear calls, recorded under create_graph.
p = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
q = torch.randn(3, 5, dtype=torch.float64, requires_grad=True)
wd = m.weight.detach().double().requires_grad_()
g1, gw = torch.autograd.grad(F.bilinear(p, q, wd).sin().sum(), (p, wd), create_graph=True)
print(g1.grad_fn.name(), gw.grad_fn.name())
h = torch.autograd.grad((g1 * g1).sum() + gw.sum(), (p, q, wd))
print(h[0].tolist(), h[1][0].tolist(), h[2][0, 0].tolist())
print(torch._trilinear(torch.ones(2, 3), torch.ones(4, 3, 5), torch.ones(2, 5), [1, 3], [0], [1, 2], [2, 3]).tolist())

with fwAD.dual_level():
    dual = fwAD.make_dual(p.detach(), torch.ones(3, 4, dtype=torch.float64))
    print(fwAD.unpack_dual(F.bilinear(dual, q.detach(), wd.detach())).tangent.tolist())
    dual_w = fwAD.make_dual(wd.detach(), torch.ones_like(wd))
    print(fwAD.unpack_dual(F.bilinear(dual, q.detach(), dual_w)).tangent.tolist())

# A tiny training step.
torch.manual_seed(5)
layer = nn.Bilinear(3, 2, 2)
opt = torch.optim.SGD(layer.parameters(), lr=0.1)
u, v, target = torch.randn(4, 3), torch.randn(4, 2), torch.randn(4, 2)
for step in range(2):
    opt.zero_grad()
    loss = F.mse_loss(layer(u, v), target)
    loss.backward()
    opt.step()
    print(step, loss.item(), layer.weight[0].tolist(), layer.bias.tolist())

w = torch.randn(6, 4, 5)
errors = [
    lambda: F.bilinear(torch.randn(3, 4), torch.randn(2, 3, 5), w),
    lambda: F.bilinear(torch.randn(3, 4), torch.randn(2, 5), w),
    lambda: F.bilinear(torch.randn(3, 3), torch.randn(3, 5), w),
    lambda: F.bilinear(torch.randn(3, 4), torch.randn(3, 3), w),
    lambda: F.bilinear(torch.randn(3, 4), torch.randn(3, 5), w, torch.randn(5)),
    lambda: F.bilinear(torch.randn(3, 4), torch.randn(3, 5), torch.randn(6, 4)),
    lambda: F.bilinear(torch.randn(3, 4), torch.randn(3, 5), w, torch.randn(2, 6)),
    lambda: F.bilinear(torch.randn(3, 4), torch.randn(3, 5), w, 1.0),
    lambda: F.bilinear(torch.randn(3, 4), torch.randn(3, 5), w, torch.tensor(1.0)),
    lambda: F.bilinear(torch.randn(3, 4), [1.0], w),
]
for fn in errors:
    try:
        fn()
        print('no error')
    except (RuntimeError, TypeError, IndexError) as err:
        print(type(err).__name__, err)
