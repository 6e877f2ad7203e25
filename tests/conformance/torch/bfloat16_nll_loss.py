# bfloat16 nll_loss and cross_entropy against 1.13: its nll_loss_out_frame sums in
# bfloat16 (the cascade's partial sums round at every step), the mean divides in
# bfloat16, the gradient is -weight * grad (/ total_weight) rounded per element.
# float16 is refused by 1.13's frames ("nll_loss_out_frame", "nll_loss2d_forward_out_frame")
# and by log_softmax's kernel under cross_entropy.
import torch
import torch.nn.functional as F
torch.manual_seed(0)


def show(tag, t):
    print(tag, t.dtype, tuple(t.shape), t.float().flatten().tolist())


for (n, c) in [(1, 3), (5, 4), (37, 10), (300, 7), (1000, 3)]:
    x = (torch.randn(n, c) * 3).bfloat16().requires_grad_()
    t = torch.randint(0, c, (n,))
    t[::7] = 1
    w = (torch.rand(c) * 2).bfloat16()
    for red in ('mean', 'sum', 'none'):
        for weight in (None, w):
            for ignore in (-100, 1):
                y = F.nll_loss(x, t, weight=weight, reduction=red, ignore_index=ignore)
                tag = 'nll %d %d %s %d %d' % (n, c, red, weight is not None, ignore)
                show(tag, y)
                g = torch.randn(y.shape).bfloat16()
                gx, = torch.autograd.grad(y, x, g)
                show(tag + ' dx', gx)
    y = F.nll_loss(x, t)
    print(y.grad_fn, y.grad_fn._saved_total_weight, y.grad_fn._saved_self.dtype)

x = torch.randn(4).bfloat16().requires_grad_()
y = F.nll_loss(x, torch.tensor(2))
print(y, y.grad_fn)
y.backward()
print(x.grad)

for shape in [(2, 3, 4, 5), (3, 4, 7), (2, 5, 3, 2, 2)]:
    x = torch.randn(shape).bfloat16().requires_grad_()
    t = torch.randint(0, shape[1], (shape[0],) + shape[2:])
    for red in ('mean', 'sum', 'none'):
        for weight in (None, torch.rand(shape[1]).bfloat16()):
            y = F.nll_loss(x, t, weight=weight, reduction=red, ignore_index=2)
            tag = 'nll%s %s %d' % (shape, red, weight is not None)
            show(tag, y)
            gx, = torch.autograd.grad(y, x, torch.randn(y.shape).bfloat16())
            show(tag + ' dx', gx)
    print(F.nll_loss(x, t).grad_fn)

for (n, c) in [(1, 3), (6, 5), (64, 10), (500, 4)]:
    x = (torch.randn(n, c) * 2).bfloat16().requires_grad_()
    t = torch.randint(0, c, (n,))
    for red in ('mean', 'sum', 'none'):
        for weight in (None, torch.rand(c).bfloat16()):
            y = F.cross_entropy(x, t, weight=weight, reduction=red)
            tag = 'ce %d %d %s %d' % (n, c, red, weight is not None)
            show(tag, y)
            gx, = torch.autograd.grad(y, x, torch.randn(y.shape).bfloat16())
            show(tag + ' dx', gx)
    y = F.cross_entropy(x, t)
    print(y.grad_fn, y.grad_fn.next_functions)

loss = torch.nn.CrossEntropyLoss()(torch.randn(3, 5).bfloat16().requires_grad_(), torch.tensor([1, 0, 4]))
print(loss, loss.grad_fn)
loss = torch.nn.NLLLoss(reduction='sum')(torch.randn(3, 5).bfloat16().requires_grad_(), torch.tensor([1, 0, 4]))
print(loss)

h = torch.randn(3, 4).half()
for f in [lambda: F.nll_loss(h, torch.tensor([0, 1, 3])),
          lambda: F.nll_loss(h, torch.tensor([0, 1, 3]), reduction='none'),
          lambda: F.nll_loss(torch.randn(2, 3, 2, 2).half(), torch.zeros(2, 2, 2, dtype=torch.long)),
          lambda: F.cross_entropy(h, torch.tensor([0, 1, 3])),
          lambda: F.nll_loss(torch.randn(3, 4).bfloat16(), torch.tensor([0, 1, 3]), weight=torch.ones(4)),
          lambda: F.nll_loss(torch.randn(3, 4).bfloat16(), torch.tensor([0, 1, 4]))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
