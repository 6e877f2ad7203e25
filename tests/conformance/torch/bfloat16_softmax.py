# bfloat16 softmax and log_softmax (last dim, and softmax along other dims) and their
# gradients, every value exact: 1.13 widens to float inside its kernels and rounds where
# its kernels round (the last dim's log_softmax rounds its sum and log to bfloat16 first;
# softmax along another dim rounds exp twice in its scalar tail; the last dim's backward
# rounds its sum). Contiguous and strided inputs, rows of 1 to 100.
import torch
torch.manual_seed(0)


def show(tag, t):
    print(tag, t.float().flatten().tolist())


for n in list(range(1, 34)) + [47, 64, 65, 100]:
    for kind in range(4):
        if kind == 0:
            x = torch.randn(3, n) * 3
        elif kind == 1:
            x = torch.randn(n, 3) * 3
        elif kind == 2:
            x = torch.randn(2, n, 17) * 2
        else:
            x = torch.randn(n, 5, 2).transpose(0, 2) * 4
        x = x.bfloat16().requires_grad_()
        for dim in range(x.dim()):
            for log in (False, True):
                last = dim == x.dim() - 1
                if log and not last:
                    continue  # see README: 1.13's kernel reads an uninitialised maximum now and then
                y = torch.log_softmax(x, dim) if log else torch.softmax(x, dim)
                g = torch.randn(y.shape).bfloat16()
                gx, = torch.autograd.grad(y, x, g)
                show('%d %d %d %d y' % (n, kind, dim, log), y)
                show('%d %d %d %d dx' % (n, kind, dim, log), gx)
x = torch.tensor([[1., 2., float('inf')], [float('-inf'), 0., 1.], [float('nan'), 1., 2.]]).bfloat16()
print(torch.softmax(x, 1), torch.log_softmax(x, 1), torch.softmax(x, 0))
y = torch.nn.Softmax(dim=-1)(torch.randn(2, 5).bfloat16().requires_grad_())
print(y, y.grad_fn)
print(torch.nn.functional.softmax(torch.randn(4, 3), 1, dtype=torch.bfloat16))
print(torch.nn.functional.log_softmax(torch.randn(4, 3).bfloat16(), 1, dtype=torch.float))
