# float16 pow with a number and reciprocal, which 1.13's CPU computes: std::pow in float
# with the exponent rounded to float16 (no special exponents: its sqrt refuses float16),
# 1 / x in float, each rounded once; their gradients too.
import torch
torch.manual_seed(0)
x = (torch.rand(40) * 4 + 0.01).half()
n = torch.randn(40).half() * 3
for e in [2, 3, -1, -2, 0.5, -0.5, 1.7, 0.1, 0, 1, 2.5, 1 / 3, 10, -0.3]:
    print(e, (x ** e).float().tolist())
    print(e, torch.pow(n, e).float().tolist())
print(x.reciprocal().float().tolist(), n.reciprocal().float().tolist())
print(x.square().float().tolist(), torch.square(n).float().tolist())
print(x.t().reciprocal().stride(), x.reshape(5, 8).t().pow(1.5).stride())
print(torch.tensor([0., -0., float('inf'), float('nan'), 65504., 6e-8], dtype=torch.half).reciprocal())
print(torch.tensor([0., -0., float('inf'), float('nan'), 65504., 6e-8, -2.], dtype=torch.half) ** 0.5)
for e in [2, 0.5, -1, 1.7]:
    xx = x.clone().requires_grad_()
    y = xx ** e
    g, = torch.autograd.grad(y.sum(), xx)
    print('grad', e, y.grad_fn.name(), g.float().tolist())
xx = x.clone().requires_grad_()
y = xx.reciprocal()
g, = torch.autograd.grad(y, xx, torch.randn(40).half())
print('grad reciprocal', y.grad_fn.name(), g.float().tolist())
print(2 ** x[:4], x[:4].pow(x[4:8]))
