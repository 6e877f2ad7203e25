# F.rrelu / F.rrelu_ / torch.rrelu and nn.RReLU: training draws one double per
# non-positive element from the generator (seeded values match), eval is leaky_relu with
# slope (lower + upper) / 2; RreluWithNoiseBackward0 / 1, what they save, gradients
# (grad * noise, or leaky_relu_backward when the range is empty), forward AD, dtypes,
# a tiny training step, errors.
import torch
import torch.autograd.forward_ad as fwAD
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(3, 5, requires_grad=True)
for training in [False, True]:
    x.grad = None
    y = F.rrelu(x, training=training)
    print(training, y.grad_fn.name(), y.grad_fn._saved_lower, y.grad_fn._saved_upper, y.grad_fn._saved_training,
          y.grad_fn._saved_self is x)
    if training:
        print(y.grad_fn._saved_noise.tolist())
    w = torch.linspace(-1, 1, y.numel()).reshape(y.shape)
    (y * w).sum().backward()
    print(y.tolist())
    print(x.grad.tolist())

d = torch.randn(8, dtype=torch.float64, requires_grad=True)
y = torch.rrelu(d, 0.1, 0.3, True)
print(y.tolist(), y.grad_fn._saved_noise.tolist())
y.sum().backward()
print(d.grad.tolist())
g = torch.Generator().manual_seed(7)
print(torch.rrelu(torch.randn(6), 0.2, 0.5, True, g).tolist(),
      torch.rrelu(-torch.ones(3), generator=g, training=True).tolist())
print(F.rrelu(torch.randn(6), 1, 3, training=False).tolist(), F.rrelu(torch.randn(6), 0, 1).tolist())
print(F.rrelu(-torch.ones(4).bfloat16(), training=True).tolist())

# An empty range: training draws lower itself, and the backward is leaky_relu's.
e = torch.randn(6, requires_grad=True)
y = F.rrelu(e, 0.25, 0.25, training=True)
y.backward(torch.arange(6.))
print(y.tolist(), e.grad.tolist())

# In place: RreluWithNoiseBackward1 saves the result.
z = torch.randn(2, 4, requires_grad=True)
for training in [False, True]:
    z.grad = None
    h = z * 2
    out = F.rrelu(h, training=training, inplace=True)
    print(out is h, h.grad_fn.name(), h.grad_fn._saved_result.tolist(), h.grad_fn._saved_training,
          h.grad_fn._saved_noise.tolist() if training else '')
    h.sum().backward()
    print(z.grad.tolist())
k = -torch.ones(3)
print(F.rrelu_(k, 0.5, 0.5, True).tolist(), k.tolist())

# Second order through grad * noise, and forward AD.
a = torch.randn(5, dtype=torch.float64, requires_grad=True)
ga, = torch.autograd.grad((F.rrelu(a, training=True) ** 2).sum(), a, create_graph=True)
print(ga.grad_fn.name(), torch.autograd.grad(ga.sum(), a)[0].tolist())
with fwAD.dual_level():
    dual = fwAD.make_dual(torch.tensor([-1., 2., -3.]), torch.tensor([1., 1., 1.]))
    print(fwAD.unpack_dual(F.rrelu(dual)).tangent.tolist())

m = nn.RReLU(0.1, 0.3)
print(m, nn.RReLU(inplace=True))
torch.manual_seed(2)
net = nn.Sequential(nn.Linear(3, 4), nn.RReLU(), nn.Linear(4, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.1)
inp, target = torch.randn(5, 3), torch.randn(5, 1)
for step in range(2):
    opt.zero_grad()
    loss = F.mse_loss(net(inp), target)
    loss.backward()
    opt.step()
    print(step, loss.item(), net[0].weight.grad[0].tolist())
net.eval()
print(net(inp).reshape(-1).tolist())

errors = [
    lambda: F.rrelu(x, 0.5, 0.2),
    lambda: F.rrelu(torch.ones(3, dtype=torch.long)),
    lambda: F.rrelu(torch.ones(3, dtype=torch.long), training=True),
    lambda: F.rrelu(torch.ones(3).half(), training=True),
    lambda: F.rrelu(torch.ones(3).half()),
    lambda: F.rrelu(x, 'a'),
    lambda: torch.rrelu(x, generator=1),
    lambda: F.rrelu(torch.randn(3, requires_grad=True), inplace=True),
]
for fn in errors:
    try:
        fn()
        print('no error')
    except (RuntimeError, TypeError) as err:
        print(type(err).__name__, err)
