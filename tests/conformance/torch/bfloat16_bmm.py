# bfloat16 bmm / baddbmm and matmul of two batches against 1.13: under 400 multiply-adds a
# batch item the naive kernel (bfloat16 products and sums), up to 16^3 in all cpublas's
# scalar gemm per batch item, beyond that oneDNN's bfloat16 matmul over the whole batch.
import torch
torch.manual_seed(0)


def show(tag, t):
    print(tag, t.dtype, tuple(t.shape), t.float().flatten().tolist())


for (b, m, k, n) in [(2, 3, 4, 5), (3, 5, 7, 2), (2, 4, 16, 8), (4, 8, 10, 5), (2, 8, 30, 8), (3, 16, 16, 17),
                     (2, 20, 40, 30), (40, 3, 5, 7)]:
    for ta in (False, True):
        for tb in (False, True):
            x = (torch.randn(b, m, k) * 2).bfloat16()
            y = (torch.randn(b, k, n) * 2).bfloat16()
            x = x.transpose(1, 2).contiguous().transpose(1, 2) if ta else x
            y = y.transpose(1, 2).contiguous().transpose(1, 2) if tb else y
            x.requires_grad_()
            y.requires_grad_()
            z = torch.bmm(x, y)
            gx, gy = torch.autograd.grad(z, (x, y), torch.randn(b, m, n).bfloat16())
            tag = 'bmm %d %d %d %d %d %d' % (b, m, k, n, ta, tb)
            show(tag, z)
            show(tag + ' dx', gx)
            show(tag + ' dy', gy)
    c = (torch.randn(b, m, n) * 3).bfloat16()
    # beta == 0 is left out under 400 multiply-adds: 1.13's naive kernel then scales memory
    # it never initialised by 0 (a NaN now and then).
    for (beta, alpha) in [(1, 1), (0.7, 0.3)] + ([(0, 1.5)] if m * k * n >= 400 else []):
        show('baddbmm %d %d %d %d %g %g' % (b, m, k, n, beta, alpha),
             torch.baddbmm(c, x.detach(), y.detach(), beta=beta, alpha=alpha))
print(z.grad_fn)
for (b, m, k, n) in [(3, 2, 3, 4), (2, 8, 64, 8), (2, 20, 40, 30), (0, 3, 4, 5)]:
    x = torch.randn(b, m, k).bfloat16().requires_grad_()
    y = torch.randn(b, k, n).bfloat16().requires_grad_()
    c = torch.randn(m, n).bfloat16().requires_grad_()
    for (beta, alpha) in [(1, 1), (0.7, 0.3), (0, 2.5)]:
        z = torch.addbmm(c, x, y, beta=beta, alpha=alpha)
        gc, gx, gy = torch.autograd.grad(z, (c, x, y), torch.randn(m, n).bfloat16())
        tag = 'addbmm %d %d %d %d %g %g' % (b, m, k, n, beta, alpha)
        show(tag, z)
        show(tag + ' dc', gc)
        show(tag + ' dx', gx)
        show(tag + ' dy', gy)
print(z.grad_fn)
a = torch.randn(2, 3, 4, 5).bfloat16().requires_grad_()
w = torch.randn(3, 5, 6).bfloat16().requires_grad_()
z = torch.matmul(a, w)
ga, gw = torch.autograd.grad(z, (a, w), torch.randn(z.shape).bfloat16())
show('matmul4d', z)
show('matmul4d da', ga)
show('matmul4d dw', gw)
print(z.grad_fn)
for f in [lambda: torch.bmm(torch.randn(2, 3, 4).half(), torch.randn(2, 4, 5).half()),
          lambda: torch.bmm(torch.randn(2, 30, 40).half(), torch.randn(2, 40, 50).half())]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
