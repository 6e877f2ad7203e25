# Layouts 1.13 gives the results (and gradients) of ops on channels-last inputs: F.pad's
# modes, adaptive_avg_pool2d(x, 1)'s in-place restride, cat/stack and roll, next to ops
# whose layouts already followed.
import struct

import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 4, 5, 6).to(memory_format=torch.channels_last)
x3 = torch.randn(2, 4, 3, 5, 6).to(memory_format=torch.channels_last_3d)


def layout(t):
    fmt = torch.channels_last if t.dim() == 4 else torch.channels_last_3d if t.dim() == 5 else None
    return tuple(t.shape), t.stride(), t.is_contiguous(), fmt is not None and t.is_contiguous(memory_format=fmt)


def show(name, f, inp):
    try:
        xr = inp.clone().requires_grad_()
        y = f(xr)
        if isinstance(y, tuple):
            y = y[0]
        g = torch.randn(y.shape)
        gx, = torch.autograd.grad(y, xr, g)
        same = torch.equal(y.detach(), f(inp.contiguous()) if not isinstance(f(inp.contiguous()), tuple)
                           else f(inp.contiguous())[0])
        print(name, layout(y), 'grad', layout(gx), type(y.grad_fn).__name__,
              [type(n).__name__ for n, _ in y.grad_fn.next_functions if n is not None], y._version, same)
    except Exception as e:
        print(name, type(e).__name__, e)


for mode in ['constant', 'reflect', 'replicate', 'circular']:
    show('pad2d ' + mode, lambda t: F.pad(t, (1, 2, 1, 1), mode=mode), x)
    show('pad3d ' + mode, lambda t: F.pad(t, (1, 2, 1, 1, 1, 0), mode=mode), x3)
show('pad value', lambda t: F.pad(t, (1, 2, 0, 0), value=2.5), x)
show('pad last dim', lambda t: F.pad(t, (1, 2)), x)
show('pad channels', lambda t: F.pad(t, (0, 0, 0, 0, 1, 1)), x)
show('pad batch', lambda t: F.pad(t, (0, 0, 0, 0, 0, 0, 1, 0)), x)
show('pad zeros', lambda t: F.pad(t, (0, 0, 0, 0)), x)
show('pad crop', lambda t: F.pad(t, (-1, -1, 0, -2)), x)
show('pad crop and pad', lambda t: F.pad(t, (-1, 2, 0, -2)), x)
show('pad 3 dims of 4-d', lambda t: F.pad(t, (1, 1, 1, 1, 1, 1)), x)
show('ZeroPad2d', torch.nn.ZeroPad2d(1), x)
show('ConstantPad2d', torch.nn.ConstantPad2d((1, 0, 2, 0), 3.0), x)
# no positive pad: a clone of the cropped input, strides kept when dense
t = torch.randn(2, 3, 4, 5).transpose(2, 3)
print('pad transposed', F.pad(t, (0, 0)).stride(), F.pad(t, (-1, 0)).stride(), F.pad(t, (1, 0)).stride())
s = torch.randn(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)[:, :, 1:, :]
print('pad sliced', F.pad(s, (0, 0)).stride(), F.pad(s, (1, 0)).stride(), F.pad(s, (-1, 0)).stride())
print('pad to nothing', F.pad(torch.randn(2, 6), (-3, -3)).shape)
v = F.pad(x, (1, 1, 1, 1), value=-1.0)
print('pad values', v[0, :, 0, :3].tolist(), torch.equal(v[:, :, 1:-1, 1:-1], x))

show('aap 1', lambda t: F.adaptive_avg_pool2d(t, 1), x)
show('aap (1, 1)', lambda t: F.adaptive_avg_pool2d(t, (1, 1)), x)
show('aap 2', lambda t: F.adaptive_avg_pool2d(t, 2), x)
show('aap3d 1', lambda t: F.adaptive_avg_pool3d(t, 1), x3)
show('AdaptiveAvgPool2d', torch.nn.AdaptiveAvgPool2d(1), x)
a = x.clone().requires_grad_()
y = F.adaptive_avg_pool2d(a, 1)
n = y.grad_fn
print('aap saved', n._saved_size, n._saved_stride, n._saved_storage_offset, y._version, y._base)
y.pow(2).sum().backward()
print('aap grad', a.grad.stride(), [v.hex() for v in a.grad[0, :, 0, 0].tolist()])
z = F.adaptive_avg_pool2d(x, 1)
print('aap no grad', z.stride(), z._version, z.grad_fn, F.adaptive_avg_pool2d(x.contiguous(), 1).stride())
print('aap N C 1 1', F.adaptive_avg_pool2d(torch.randn(2, 4, 1, 1).to(memory_format=torch.channels_last), 1).stride())

for d in range(4):
    show(f'cat {d}', lambda t: torch.cat([t, t], d), x)
show('cat 3d', lambda t: torch.cat([t, t], 1), x3)
show('cat with contiguous', lambda t: torch.cat([t, t.contiguous()], 1), x)
show('cat contiguous first', lambda t: torch.cat([t.contiguous(), t], 1), x)
show('cat with legacy empty', lambda t: torch.cat([t, torch.empty(0)], 1), x)
show('cat with N1HW', lambda t: torch.cat([t, torch.randn(2, 1, 5, 6).contiguous(memory_format=torch.channels_last)], 1), x)
show('cat sliced', lambda t: torch.cat([t, t[:, :, :, :3]], 3), x)
show('cat promoted', lambda t: torch.cat([t, t.double()], 1), x)
show('hstack', lambda t: torch.hstack([t, t]), x)
for d in range(5):
    show(f'stack {d}', lambda t: torch.stack([t, t], d), x)
show('stack 3d', lambda t: torch.stack([t, t], 1), x3)
a = torch.randn(3, 4)
print('stack transposed', torch.stack([a.t(), a.t()], 0).stride(), torch.stack([a.t(), a.t()], 1).stride(),
      torch.stack([a.t(), a.t()], 2).stride())
print('stack values', torch.equal(torch.stack([x, x * 2], 1), torch.stack([x.contiguous(), x.contiguous() * 2], 1)))

for shifts, dims in [(1, 3), (6, 3), (0, 1), (2, 1), ((1, 2), (2, 3)), ((5, 2), (2, 3)), ((1, -1), (1, 1)), (3, None)]:
    show(f'roll {shifts} {dims}', lambda t: torch.roll(t, shifts, dims) if dims is not None else torch.roll(t, shifts), x)
show('roll 3d', lambda t: torch.roll(t, 1, 2), x3)
print('roll empty', torch.roll(torch.randn(2, 0, 3, 3).contiguous(memory_format=torch.channels_last), 1, 2).stride())
print('roll transposed', torch.roll(torch.randn(3, 4).t(), 1, 0).stride())



def checksum(t):
    """A weighted sum of the values' bit patterns: any differing element changes it."""
    values = t.detach().double().flatten().tolist()
    return sum((i + 1) * struct.unpack('<Q', struct.pack('<d', v))[0] for i, v in enumerate(values)) % (2 ** 61 - 1)


# glu's iterator lays its output out as the halves are (its exp's vector and scalar bodies
# then fall on other elements: the values differ from a contiguous input's in float32)
show('glu 1', lambda t: F.glu(t, 1), x)
show('glu 3', lambda t: F.glu(t, 3), x)
show('glu 3d', lambda t: F.glu(t, 1), x3)
for shape, dim in [((2, 16, 5, 6), 1), ((2, 6, 5, 20), 3), ((2, 34, 3, 3), 1), ((1, 8, 8, 7), 2), ((2, 16, 3, 4, 5), 1)]:
    for dtype in (torch.float32, torch.float64):
        v = torch.randn(*shape, dtype=dtype) * 3
        vc = v.to(memory_format=torch.channels_last if len(shape) == 4 else torch.channels_last_3d).requires_grad_()
        y = F.glu(vc, dim)
        y.backward(torch.randn(y.shape, dtype=dtype))
        print('glu values', shape, dim, dtype, y.stride(), checksum(y), checksum(F.glu(v, dim)), vc.grad.stride(),
              checksum(vc.grad))
# prelu: result and input gradient in the input's suggested format, the weight's gradient
# summed from a contiguous collector
show('prelu', lambda t: F.prelu(t, torch.full((4,), 0.25)), x)
show('prelu shared', lambda t: F.prelu(t, torch.full((1,), 0.25)), x)
for weight in (torch.randn(16), torch.randn(1)):
    v = torch.randn(4, 16, 30, 30).to(memory_format=torch.channels_last).requires_grad_()
    w = weight.clone().requires_grad_()
    y = F.prelu(v, w)
    y.backward(torch.randn(4, 16, 30, 30))
    print('prelu values', y.stride(), checksum(y), v.grad.stride(), checksum(v.grad), [g.hex() for g in w.grad.tolist()])
# leaky_relu_backward's iterator takes self first; mse_loss_backward writes into a
# contiguous zeros_like
show('leaky_relu', F.leaky_relu, x)
show('leaky_relu 0.2', lambda t: F.leaky_relu(t, 0.2), x)
target = torch.randn(2, 4, 5, 6)
for reduction in ['none', 'mean', 'sum']:
    show('mse ' + reduction, lambda t: F.mse_loss(t, target, reduction=reduction), x)
    show('mse target ' + reduction, lambda t: F.mse_loss(target, t, reduction=reduction), x)
v = x.clone().requires_grad_()
F.mse_loss(v, target).backward()
print('mse grad', v.grad.stride(), checksum(v.grad))
# rrelu writes into a contiguous empty_like, in eval mode too (its gradient is
# leaky_relu_backward's, laid out as self)
show('rrelu eval', lambda t: F.rrelu(t, training=False), x)
show('rrelu eval range', lambda t: F.rrelu(t, 0.1, 0.3, training=False), x)

# masked_select's gradient starts from zeros_like(input, Preserve); nll_loss2d's backward
# requires its zeros_like(input) to be contiguous, so a channels-last input's is refused
show('masked_select', lambda t: t.masked_select(target > 0), x)
show('masked_select broadcast', lambda t: t.masked_select(torch.tensor([True, False, True, True, False, True])), x)
labels = torch.randint(0, 4, (2, 5, 6))
for reduction in ['none', 'mean', 'sum']:
    show('nll_loss ' + reduction, lambda t: F.nll_loss(t, labels, reduction=reduction), x)
show('nll_loss contiguous', lambda t: F.nll_loss(t.contiguous(), labels), x)
show('cross_entropy', lambda t: F.cross_entropy(t, labels), x)
show('nll_loss N C 1 1', lambda t: F.nll_loss(t, torch.zeros(2, 1, 1, dtype=torch.long)),
     torch.randn(2, 4, 1, 1).to(memory_format=torch.channels_last))

# ops whose layouts were already 1.13's
show('group_norm', lambda t: F.group_norm(t, 2), x)
show('relu', F.relu, x)
for m in ['nearest', 'bilinear', 'bicubic', 'nearest-exact', 'area']:
    show('interpolate ' + m, lambda t: F.interpolate(t, scale_factor=2, mode=m), x)
show('layer_norm', lambda t: F.layer_norm(t, (6,)), x)
show('instance_norm', F.instance_norm, x)
show('max_pool2d indices', lambda t: F.max_pool2d(t, 2, return_indices=True), x)
print('max_pool2d indices layout', layout(F.max_pool2d(x, 2, return_indices=True)[1]))
show('avg_pool2d', lambda t: F.avg_pool2d(t, 2), x)
show('adaptive_max_pool2d', lambda t: F.adaptive_max_pool2d(t, 2, return_indices=True), x)
show('add contiguous', lambda t: t + torch.randn(2, 4, 5, 6), x)
show('contiguous + cl', lambda t: torch.randn(2, 4, 5, 6) + t, x)
