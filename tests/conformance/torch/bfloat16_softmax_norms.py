# float16 and bfloat16 std/var, norm/vector_norm/dist, and bfloat16 prelu and glu, with
# their gradients, every value exact. 1.13 runs std/var as Welford's update in double
# (never the two-pass route of float32), norms accumulate in float (bfloat16's p = 2 over
# a contiguous last dim in vector lanes), prelu rounds w * x once, glu computes
# a * sigmoid(b) in float and rounds once; float16 prelu and glu are refused.
import torch
import torch.nn.functional as F
torch.manual_seed(0)


def show(tag, t):
    print(tag, [round(v, 12) if v == v else 'nan' for v in t.float().flatten().tolist()])


for dt in (torch.bfloat16, torch.float16):
    for n in [1, 2, 3, 5, 8, 15, 16, 17, 31, 33, 64, 100]:
        x = (torch.randn(3, n) * 2 + 0.5).to(dt)
        for name, f in [('var', lambda t: t.var()), ('std', lambda t: t.std()), ('var1', lambda t: t.var(1)),
                        ('std0', lambda t: t.std(0)), ('var_unbiased', lambda t: t.var(1, unbiased=False)),
                        ('std_keep', lambda t: t.std(1, keepdim=True)), ('var_mean', lambda t: torch.var_mean(t, 1)[0]),
                        ('norm', lambda t: t.norm()), ('norm1', lambda t: t.norm(1, 1)), ('norm0', lambda t: t.norm(2, 0)),
                        ('norm3', lambda t: t.norm(3)), ('norm_inf', lambda t: t.norm(float('inf'), 1)),
                        ('vnorm', lambda t: torch.linalg.vector_norm(t, dim=1)), ('vnorm_t', lambda t: torch.linalg.vector_norm(t.t(), dim=1)),
                        ('vnorm0', lambda t: torch.linalg.vector_norm(t, 0)), ('vnorm-inf', lambda t: torch.linalg.vector_norm(t, float('-inf'))),
                        ('dist', lambda t: torch.dist(t, t.flip(1)))]:
            show('%s %d %s' % (dt, n, name), f(x))
        for name, f in [('std', lambda t: t.std(1)), ('var', lambda t: t.var()), ('norm', lambda t: t.norm(dim=1)),
                        ('norm1', lambda t: t.norm(1)), ('norm3', lambda t: t.norm(3, 0))]:
            xx = x.clone().requires_grad_()
            g, = torch.autograd.grad(f(xx).sum(), xx)
            show('%s %d grad %s' % (dt, n, name), g)
x = torch.randn(2, 3, 5).bfloat16().requires_grad_()
for w in (torch.tensor([0.25]).bfloat16(), torch.tensor([0.1, -0.3, 0.7]).bfloat16()):
    w.requires_grad_()
    y = F.prelu(x, w)
    gx, gw = torch.autograd.grad(y, (x, w), torch.randn(y.shape).bfloat16())
    show('prelu', y), show('prelu dx', gx), show('prelu dw', gw)
print(torch.nn.PReLU(3).bfloat16()(x), torch.nn.PReLU(dtype=torch.bfloat16)(x).grad_fn)
for n in [1, 2, 3, 8, 9, 16, 17, 33]:
    x = (torch.randn(3, 2 * n) * 3).bfloat16().requires_grad_()
    for dim in (0, 1) if n == 3 else (1,):
        if x.shape[dim] % 2:
            continue
        y = F.glu(x, dim)
        gx, = torch.autograd.grad(y, x, torch.randn(y.shape).bfloat16())
        show('glu %d %d' % (n, dim), y), show('glu dx %d %d' % (n, dim), gx)
print(torch.nn.GLU()(torch.randn(2, 4).bfloat16()))
print(torch.tensor(3., dtype=torch.bfloat16).std(), torch.ones(0, dtype=torch.half).var(), torch.ones(0, 2, dtype=torch.bfloat16).norm(dim=0))
for f in (lambda: F.prelu(torch.ones(3, dtype=torch.half), torch.ones(1, dtype=torch.half)),
          lambda: F.glu(torch.ones(4, dtype=torch.half))):
    try:
        f()
    except RuntimeError as e:
        print(type(e).__name__, e)
