# bfloat16 mv, addmv and dot (and so matmul of a matrix by a vector, or of two vectors)
# against 1.13: oneDNN's bfloat16 matmul for more than 16^3 matrix (or vector) elements,
# else BlasKernel's gemv / dot loops, which round every product and every sum to bfloat16.
import torch
torch.manual_seed(0)


def show(tag, t):
    print(tag, t.dtype, tuple(t.shape), t.float().flatten().tolist())


for (m, k) in [(3, 4), (7, 30), (64, 64), (5, 900), (40, 120), (1, 5000)]:
    for transposed in (False, True):
        a = (torch.randn(k, m).t() if transposed else torch.randn(m, k)) * 2
        a = a.bfloat16().requires_grad_()
        v = torch.randn(k).bfloat16().requires_grad_()
        y = torch.mv(a, v)
        ga, gv = torch.autograd.grad(y, (a, v), torch.randn(m).bfloat16())
        tag = 'mv %d %d %d' % (m, k, transposed)
        show(tag, y)
        show(tag + ' da', ga)
        show(tag + ' dv', gv)
        show(tag + ' @', a.detach() @ v.detach())
        c = torch.randn(m).bfloat16()
        for (beta, alpha) in [(1, 1), (0.7, 0.3), (0, 2)]:
            show('addmv %d %d %d %g %g' % (m, k, transposed, beta, alpha),
                 torch.addmv(c, a.detach(), v.detach(), beta=beta, alpha=alpha))
    show('mv strided %d %d' % (m, k), torch.mv(a.detach(), torch.randn(2 * k).bfloat16()[::2]))
print(y.grad_fn)

for n in (1, 5, 100, 1000, 4096, 4097, 9000):
    a = (torch.randn(n) * 2).bfloat16().requires_grad_()
    b = (torch.randn(n) * 2).bfloat16().requires_grad_()
    d = torch.dot(a, b)
    ga, gb = torch.autograd.grad(d, (a, b), torch.randn(()).bfloat16())
    show('dot %d' % n, d)
    show('dot da', ga)
    show('dot db', gb)
    show('dot @', a.detach() @ b.detach())
print(d.grad_fn)
for f in [lambda: torch.mv(torch.randn(3, 4).half(), torch.randn(4).half()),
          lambda: torch.dot(torch.randn(4).half(), torch.randn(4).half())]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
