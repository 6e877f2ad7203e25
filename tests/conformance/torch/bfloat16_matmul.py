# bfloat16 mm / addmm / linear / matmul and their gradients against 1.13. Small products
# (m * n * k <= 4096) go through 1.13's scalar gemm, which rounds to bfloat16 at every step
# unless its first operand is transposed (a float dot product, rounded once); larger ones
# through oneDNN's bfloat16 matmul. Every layout of the two operands, alpha and beta.
# float16 products are refused as 1.13 refuses them.
import torch
import torch.nn.functional as F
torch.manual_seed(0)


def show(tag, t):
    print(tag, t.dtype, tuple(t.shape), t.float().flatten().tolist())


def operand(rows, cols, transposed, scale):
    t = (torch.randn(rows, cols) * scale).bfloat16()
    return t.t().contiguous().t() if transposed else t


shapes = [(1, 1, 1), (3, 4, 5), (5, 3, 2), (4, 30, 7), (8, 64, 8), (16, 16, 16), (16, 16, 17),
          (4, 257, 4), (20, 40, 30), (7, 100, 9), (33, 65, 17), (24, 128, 12)]
for (m, k, n) in shapes:
    for ta in (False, True):
        for tb in (False, True):
            a = operand(m, k, ta, 2).requires_grad_()
            b = operand(k, n, tb, 3).requires_grad_()
            y = torch.mm(a, b)
            g = torch.randn(m, n).bfloat16()
            ga, gb = torch.autograd.grad(y, (a, b), g)
            tag = 'mm %d %d %d %d %d' % (m, k, n, ta, tb)
            show(tag, y)
            show(tag + ' da', ga)
            show(tag + ' db', gb)

# Cancellation that shows the order of the sums.
a = torch.tensor([[256.0, 1, 1, 1, -256, 1, 1, 1]]).bfloat16()
b = torch.ones(8, 1).bfloat16()
print(torch.mm(a, b).item(), torch.mm(a, b.t().contiguous().t()).item(),
      torch.mm(a.t().contiguous().t(), b).item())

for (m, k, n) in [(3, 5, 7), (8, 64, 8), (10, 40, 12), (5, 120, 8)]:
    for ta in (False, True):
        for tb in (False, True):
            for (beta, alpha) in [(1, 1), (0.7, 0.3), (1, 1.7), (0, 2.5)]:
                a = operand(m, k, ta, 2).requires_grad_()
                b = operand(k, n, tb, 1).requires_grad_()
                c = (torch.randn(m, n) * 4).bfloat16().requires_grad_()
                y = torch.addmm(c, a, b, beta=beta, alpha=alpha)
                g = torch.randn(m, n).bfloat16()
                gc, ga, gb = torch.autograd.grad(y, (c, a, b), g)
                tag = 'addmm %d %d %d %d %d %g %g' % (m, k, n, ta, tb, beta, alpha)
                show(tag, y)
                show(tag + ' dc', gc)
                show(tag + ' da', ga)
                show(tag + ' db', gb)
            bias = torch.randn(n).bfloat16()
            show('addmm bias %d %d %d %d %d' % (m, k, n, ta, tb), torch.addmm(bias, operand(m, k, ta, 1), operand(k, n, tb, 1)))

for (batch, fin, fout) in [(3, 4, 5), (8, 64, 8), (16, 32, 24), (2, 100, 30)]:
    x = torch.randn(batch, fin).bfloat16().requires_grad_()
    w = (torch.randn(fout, fin) / fin ** 0.5).bfloat16().requires_grad_()
    bias = torch.randn(fout).bfloat16().requires_grad_()
    for with_bias in (True, False):
        y = F.linear(x, w, bias if with_bias else None)
        print(y.grad_fn)
        g = torch.randn(y.shape).bfloat16()
        grads = torch.autograd.grad(y, (x, w, bias) if with_bias else (x, w), g)
        tag = 'linear %d %d %d %d' % (batch, fin, fout, with_bias)
        show(tag, y)
        for i, gr in enumerate(grads):
            show(tag + ' d%d' % i, gr)
    x3 = torch.randn(2, batch, fin).bfloat16().requires_grad_()
    y = F.linear(x3, w, bias)
    print(y.grad_fn, y.grad_fn.next_functions)
    g = torch.randn(y.shape).bfloat16()
    grads = torch.autograd.grad(y, (x3, w, bias), g)
    show('linear3d %d %d %d' % (batch, fin, fout), y)
    for i, gr in enumerate(grads):
        show('linear3d d%d' % i, gr)

lin = torch.nn.Linear(6, 3).bfloat16()
out = lin(torch.randn(4, 6).bfloat16())
print(out, out.dtype)

for (sa, sb) in [((3, 4), (4, 5)), ((2, 3, 4), (4, 5)), ((4,), (4, 5)), ((2, 5, 20), (20, 40)),
                 ((30,), (30, 40)), ((3, 7, 8), (8, 2))]:
    a = torch.randn(sa).bfloat16().requires_grad_()
    b = torch.randn(sb).bfloat16().requires_grad_()
    y = torch.matmul(a, b)
    print(y.grad_fn)
    g = torch.randn(y.shape).bfloat16()
    ga, gb = torch.autograd.grad(y, (a, b), g)
    tag = 'matmul %s %s' % (sa, sb)
    show(tag, y)
    show(tag + ' da', ga)
    show(tag + ' db', gb)
    show(tag + ' @', a.detach() @ b.detach())

a = torch.randn(3, 4).bfloat16()
b = torch.randn(4, 5).bfloat16()
print(torch.mm(a, b), a.mm(b), a @ b)
print(torch.mm(torch.zeros(3, 0).bfloat16(), torch.zeros(0, 2).bfloat16()))
print(torch.addmm(torch.ones(3, 2).bfloat16(), torch.zeros(3, 0).bfloat16(), torch.zeros(0, 2).bfloat16(), beta=0.3))
x = torch.randn(6, 5).bfloat16()
print(torch.mm(x[::2], x[:, 1:4].t().t()[::1][:5]))  # a sliced operand is copied first

for f in [lambda: torch.mm(a.half(), b.half()),
          lambda: torch.addmm(torch.ones(5).half(), a.half(), b.half()),
          lambda: F.linear(a.half(), b.t().half()),
          lambda: F.linear(a.half(), b.t().half(), torch.ones(5).half()),
          lambda: torch.matmul(torch.randn(2, 3, 4).half(), b.half()),
          lambda: torch.mm(a, b.float()),
          lambda: torch.mm(a.float(), b)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
