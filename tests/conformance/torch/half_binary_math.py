# xlogy (bfloat16 and float16) and so kl_div, atan2, lerp, cross, cummax and cummin in
# the 16-bit float types, against 1.13: values to the last bit (xlogy rounds bfloat16's
# log before the product and float16's result once; atan2's Vectorized body is SLEEF's,
# its scalar tail glibc's; lerp computes in float with fused multiply-adds), gradients,
# grad_fn names, and the float16 kernels 1.13 still refuses.
import torch
import torch.nn.functional as F
torch.manual_seed(0)


def show(tag, t):
    print(tag, t.dtype, tuple(t.shape), t.float().flatten().tolist())


for dt in (torch.bfloat16, torch.float16):
    for n in (1, 7, 16, 37, 100):
        x = (torch.rand(n) * 4).to(dt)
        y = (torch.rand(n) * 5).to(dt)
        x[::5] = 0
        y[1::6] = 0
        if n > 3:
            y[2] = float('nan')
            x[3] = float('nan')
        x.requires_grad_()
        y.requires_grad_()
        z = torch.xlogy(x, y)
        gx, gy = torch.autograd.grad(z, (x, y), torch.randn(n).to(dt))
        show('xlogy %s %d' % (dt, n), z)
        show('xlogy dx', gx)
        show('xlogy dy', gy)
    print(z.grad_fn)
    a = torch.rand(3, 4).to(dt)
    print(torch.xlogy(a, 2.5), torch.xlogy(3, a), torch.special.xlogy(a, a))
    inp = torch.randn(4, 5).log_softmax(1).to(dt).requires_grad_()
    tgt = torch.rand(4, 5).softmax(1).to(dt)
    for red in ('sum', 'batchmean', 'none'):
        loss = F.kl_div(inp, tgt, reduction=red)
        gi, = torch.autograd.grad(loss, inp, torch.ones_like(loss))
        show('kl_div %s %s' % (dt, red), loss)
        show('kl_div dx', gi)
    if dt == torch.bfloat16:  # 1.13 has no float16 exp
        loss = F.kl_div(inp, tgt.log(), reduction='sum', log_target=True)
        show('kl_div log_target', loss)
        print(loss.grad_fn)

for n in (1, 5, 16, 17, 33, 100):
    a = (torch.randn(n) * 3).bfloat16()
    b = (torch.randn(n) * 3).bfloat16()
    if n > 4:
        b[1] = 0
        a[2] = 0
        a[3] = float('inf')
    a.requires_grad_()
    b.requires_grad_()
    z = torch.atan2(a, b)
    ga, gb = torch.autograd.grad(z, (a, b), torch.randn(n).bfloat16())
    show('atan2 %d' % n, z)
    show('atan2 da', ga)
    show('atan2 db', gb)
print(z.grad_fn)
a = torch.randn(5, 20).bfloat16()
show('atan2 t', torch.atan2(a.t(), torch.randn(20, 1).bfloat16()))
show('atan2 bc', torch.atan2(a, torch.randn(20).bfloat16()))

for n in (3, 16, 37):
    s = (torch.randn(n) * 3).bfloat16().requires_grad_()
    e = (torch.randn(n) * 3).bfloat16().requires_grad_()
    for w in (0.3, 0.5, 0.7, -0.2, 1.3, 0.1234567):
        z = torch.lerp(s, e, w)
        gs, ge = torch.autograd.grad(z, (s, e), torch.randn(n).bfloat16())
        show('lerp %d %g' % (n, w), z)
        show('lerp ds', gs)
        show('lerp de', ge)
    w = (torch.rand(n) * 1.4 - 0.2).bfloat16().requires_grad_()
    z = torch.lerp(s, e, w)
    gs, ge, gw = torch.autograd.grad(z, (s, e, w), torch.randn(n).bfloat16())
    show('lerpT %d' % n, z)
    show('lerpT ds', gs)
    show('lerpT de', ge)
    show('lerpT dw', gw)
print(torch.lerp(s, e, 0.3).grad_fn, z.grad_fn)
x = torch.randn(4, 3).bfloat16()
x.lerp_(torch.ones(3).bfloat16(), 0.25)
print(x)

for shape, dim in [((3,), 0), ((4, 3), 1), ((3, 5), 0), ((2, 3, 4), 1)]:
    a = (torch.randn(shape) * 2).bfloat16().requires_grad_()
    b = (torch.randn(shape) * 2).bfloat16().requires_grad_()
    z = torch.linalg.cross(a, b, dim=dim)
    ga, gb = torch.autograd.grad(z, (a, b), torch.randn(shape).bfloat16())
    show('cross %s' % (shape,), z)
    show('cross da', ga)
    show('cross db', gb)
    show('torch.cross %s' % (shape,), torch.cross(a, b, dim=dim))
print(z.grad_fn)

for shape, dim in [((10,), 0), ((4, 7), 1), ((6, 3), 0), ((2, 5, 3), 1)]:
    x = torch.randint(-3, 4, shape).bfloat16()
    x.view(-1)[1] = float('nan') if x.numel() > 12 else x.view(-1)[1]
    x.requires_grad_()
    for name in ('cummax', 'cummin'):
        v, i = getattr(torch, name)(x, dim)
        gx, = torch.autograd.grad(v, x, torch.randn(shape).bfloat16())
        show('%s %s v' % (name, shape), v)
        print(name, 'i', i.tolist())
        show('%s dx' % name, gx)
    print(v.grad_fn)
x = (torch.randn(300) * 10).bfloat16().requires_grad_()
v, i = torch.cummax(x.round(), 0)
gx, = torch.autograd.grad(v, x, torch.randn(300).bfloat16())
show('cummax long dx', gx)

h = torch.randn(3).half()
for f in [lambda: torch.atan2(h, h), lambda: torch.lerp(h, h, 0.3), lambda: torch.lerp(h, h, h),
          lambda: torch.linalg.cross(h, h), lambda: torch.cross(h, h, dim=0),
          lambda: torch.cummax(h, 0), lambda: torch.cummin(h, 0), lambda: h.cummax(0)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
