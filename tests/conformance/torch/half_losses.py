# smooth_l1_loss and huber_loss in bfloat16 (forward and backward) and float16 (forward;
# 1.13 refuses their backward), float16 mse_loss (1.13 computes it with a warning, then
# refuses its backward), against 1.13's values, warnings and errors.
import warnings
import torch
import torch.nn.functional as F
torch.manual_seed(0)


def show(tag, t):
    print(tag, t.dtype, tuple(t.shape), t.float().flatten().tolist())


def attempt(f):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        try:
            r = f()
            show('ok', r)
        except Exception as e:
            print(type(e).__name__, e)
    for w in caught:
        print('warning', w.category.__name__, w.message)


for n in (1, 5, 16, 17, 37, 100):
    x = (torch.randn(n) * 2).bfloat16().requires_grad_()
    y = (torch.randn(n) * 2).bfloat16()
    y[::4] = x.detach()[::4]
    for red in ('mean', 'sum', 'none'):
        for beta in (1.0, 0.5, 0.3, 0.0):
            z = F.smooth_l1_loss(x, y, reduction=red, beta=beta)
            gx, = torch.autograd.grad(z, x, torch.randn(z.shape).bfloat16())
            show('smooth_l1 %d %s %g' % (n, red, beta), z)
            show('smooth_l1 dx', gx)
        for delta in (1.0, 0.5, 2.7):
            z = F.huber_loss(x, y, reduction=red, delta=delta)
            gx, = torch.autograd.grad(z, x, torch.randn(z.shape).bfloat16())
            show('huber %d %s %g' % (n, red, delta), z)
            show('huber dx', gx)
    t = y.clone().requires_grad_()
    z = F.smooth_l1_loss(x, t)
    gx, gt = torch.autograd.grad(z, (x, t))
    show('smooth_l1 both dx', gx)
    show('smooth_l1 both dt', gt)
    z = F.huber_loss(x, t, delta=0.7)
    gx, gt = torch.autograd.grad(z, (x, t))
    show('huber both dx', gx)
    show('huber both dt', gt)
print(z.grad_fn, F.smooth_l1_loss(x, y).grad_fn)
print(torch.nn.SmoothL1Loss()(x, y), torch.nn.HuberLoss(delta=0.5)(x, y))
x2 = torch.randn(4, 6).bfloat16()
show('smooth_l1 t', F.smooth_l1_loss(x2.t(), torch.randn(6, 4).bfloat16(), reduction='none'))
show('huber t', F.huber_loss(x2.t(), torch.randn(6, 4).bfloat16(), reduction='none', delta=0.6))

for n in (1, 5, 16, 37):
    x = (torch.randn(n) * 2).half()
    y = (torch.randn(n) * 2).half()
    for red in ('mean', 'sum', 'none'):
        attempt(lambda: F.smooth_l1_loss(x, y, reduction=red, beta=0.5))
        attempt(lambda: F.huber_loss(x, y, reduction=red, delta=0.7))
        attempt(lambda: F.mse_loss(x, y, reduction=red))

xh = torch.randn(5).half().requires_grad_()
yh = torch.randn(5).half()
for f in (F.smooth_l1_loss, F.huber_loss, F.mse_loss):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        z = f(xh, yh)
        print(z, z.grad_fn)
        try:
            xh.grad = None
            z.backward()
            show('grad', xh.grad)
        except Exception as e:
            print(type(e).__name__, e)
    for w in caught:
        print('warning', w.category.__name__, w.message)
attempt(lambda: F.mse_loss(torch.randn(3).bfloat16(), torch.randn(3).bfloat16()))
for n in (3, 16, 37):
    xh = (torch.randn(n) * 2).half().requires_grad_()
    for delta in (1.0, 0.4):
        for red in ('mean', 'sum', 'none'):
            z = F.huber_loss(xh, yh[:1].expand(n).contiguous(), reduction=red, delta=delta)
            gx, = torch.autograd.grad(z, xh, torch.randn(z.shape).half())
            show('huber half %d %g %s' % (n, delta, red), z)
            show('huber half dx', gx)
