# bfloat16 max/avg pooling (1-d and 2-d) and nearest interpolation (1-d, 2-d, 3-d) with
# their gradients against 1.13: max pools copy values and add gradients in bfloat16,
# average pools sum each window in float and round once (their backward adds the rounded
# grad / divisor in bfloat16), nearest resizes copy values and add gradients in bfloat16.
# float16 is refused under 1.13's kernel names ("max_pool2d", "max_pool1d_impl",
# "avg_pool2d", "compute_indices_weights_nearest", and "clamp_min_cpu" for
# binary_cross_entropy_with_logits).
import torch
import torch.nn.functional as F
torch.manual_seed(0)


def show(tag, t):
    print(tag, t.dtype, tuple(t.shape), t.float().flatten().tolist())


def check(tag, f, x):
    x = x.requires_grad_()
    y = f(x)
    g = torch.randn(y.shape).bfloat16()
    gx, = torch.autograd.grad(y, x, g)
    show(tag, y)
    show(tag + ' dx', gx)
    return y


for shape in [(1, 2, 9), (2, 3, 20), (4, 17)]:
    x = torch.randint(-4, 5, shape).bfloat16() * 0.5 + torch.randn(shape).bfloat16() * 0.01
    for k, s, p in [(2, None, 0), (3, 1, 1), (4, 2, 2), (5, 3, 0)]:
        y = check('max_pool1d %s %d %s %d' % (shape, k, s, p), lambda t: F.max_pool1d(t, k, s, p), x.clone())
        v, i = F.max_pool1d(x, k, s, p, return_indices=True)
        print('indices', i.tolist())
        check('max_pool1d ceil %s %d' % (shape, k), lambda t: F.max_pool1d(t, k, s, p, ceil_mode=True), x.clone())
        check('avg_pool1d %s %d %s %d' % (shape, k, s, p), lambda t: F.avg_pool1d(t, k, s, p), x.clone())
        check('avg_pool1d nopad %s %d' % (shape, k),
              lambda t: F.avg_pool1d(t, k, s, p, ceil_mode=True, count_include_pad=False), x.clone())
    show('max_pool1d nograd', F.max_pool1d(x, 3))
    print(y.grad_fn, F.avg_pool1d(x.requires_grad_(), 2).grad_fn)

for shape in [(1, 2, 6, 7), (2, 3, 10, 10), (3, 8, 9)]:
    x = (torch.randn(shape) * 3).bfloat16()
    for k, s, p in [(2, None, 0), (3, 1, 1), (3, 2, 1)]:
        check('max_pool2d %s %d' % (shape, k), lambda t: F.max_pool2d(t, k, s, p), x.clone())
        check('avg_pool2d %s %d' % (shape, k), lambda t: F.avg_pool2d(t, k, s, p), x.clone())
        check('avg_pool2d div %s %d' % (shape, k), lambda t: F.avg_pool2d(t, k, s, p, divisor_override=3), x.clone())
print(F.max_pool2d(x.requires_grad_(), 2).grad_fn, F.avg_pool2d(x, 2).grad_fn)
print(torch.nn.MaxPool1d(2)(torch.randn(1, 2, 6).bfloat16()), torch.nn.AvgPool2d(2)(torch.randn(1, 2, 4, 4).bfloat16()))

for shape, kw in [((1, 2, 5), dict(scale_factor=2)), ((2, 3, 7), dict(size=23)), ((1, 2, 9), dict(size=4)),
                  ((1, 2, 3, 4), dict(scale_factor=2)), ((2, 2, 5, 6), dict(size=(13, 7))),
                  ((1, 2, 7, 9), dict(scale_factor=0.5)), ((1, 1, 3, 4, 5), dict(scale_factor=2)),
                  ((1, 2, 2, 3, 4), dict(size=(5, 7, 3)))]:
    x = (torch.randn(shape) * 3).bfloat16()
    y = check('nearest %s %s' % (shape, kw), lambda t: F.interpolate(t, **kw), x)
    print(y.grad_fn)
x = (torch.randn(2, 3, 5, 4) * 3).bfloat16().contiguous(memory_format=torch.channels_last)
y = check('nearest channels_last', lambda t: F.interpolate(t, size=(9, 7)), x)
print(y.is_contiguous(memory_format=torch.channels_last))
print(torch.nn.Upsample(scale_factor=3)(torch.randn(1, 1, 2, 2).bfloat16()))

h = torch.randn(1, 2, 6).half()
for f in [lambda: F.max_pool1d(h, 2), lambda: F.max_pool1d(h.clone().requires_grad_(), 2),
          lambda: F.max_pool1d(h, 2, return_indices=True), lambda: F.avg_pool1d(h, 2),
          lambda: F.max_pool2d(h.unsqueeze(0), 2), lambda: F.avg_pool2d(h.unsqueeze(0), 2),
          lambda: F.interpolate(h, scale_factor=2), lambda: F.interpolate(h.unsqueeze(0), size=(3, 4)),
          lambda: F.interpolate(h, scale_factor=2, mode='nearest-exact'),
          lambda: F.interpolate(h.bfloat16(), scale_factor=2, mode='nearest-exact'),
          lambda: F.binary_cross_entropy_with_logits(h, torch.rand(1, 2, 6).half()),
          lambda: F.binary_cross_entropy_with_logits(h.clone().requires_grad_(), torch.rand(1, 2, 6).half(),
                                                     pos_weight=torch.ones(6).half())]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
