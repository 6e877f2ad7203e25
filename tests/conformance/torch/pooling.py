# Pooling: values (summed in PyTorch's order), gradients, node names and saved
# attributes, output sizes with padding / ceil_mode / dilation, reprs and errors.
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


def fixed(*shape, mult=37, mod=101, dtype=torch.float32):
    n = math.prod(shape)
    return torch.tensor([(i * mult % mod) / mod - 0.5 for i in range(n)], dtype=dtype).reshape(shape)


def digest(t):
    values = t.detach().flatten().tolist()
    return f"{math.fsum(values)!r} {values[:3]!r} {values[-1]!r}"


def attempt(label, fn):
    try:
        out = fn()
        print(label, tuple(out.shape))
    except Exception as e:
        print(label, type(e).__name__ + ":", e)


for dtype in (torch.float32, torch.float64):
    x = fixed(2, 3, 9, 11, dtype=dtype).requires_grad_()
    for label, fn in [
        ("max 2", lambda t: F.max_pool2d(t, 2)),
        ("max 3/2/1 ceil", lambda t: F.max_pool2d(t, 3, stride=2, padding=1, ceil_mode=True)),
        ("max dil", lambda t: F.max_pool2d(t, (2, 3), stride=(1, 2), dilation=2)),
        ("avg 2", lambda t: F.avg_pool2d(t, 2)),
        ("avg 3/1/1", lambda t: F.avg_pool2d(t, 3, stride=1, padding=1)),
        ("avg nopad", lambda t: F.avg_pool2d(t, 3, stride=2, padding=1, count_include_pad=False, ceil_mode=True)),
        ("avg div", lambda t: F.avg_pool2d(t, (3, 2), divisor_override=5)),
        ("adaptive 4x5", lambda t: F.adaptive_avg_pool2d(t, (4, 5))),
        ("adaptive 7", lambda t: F.adaptive_avg_pool2d(t, 7)),
        ("adaptive None", lambda t: F.adaptive_avg_pool2d(t, (None, 3))),
    ]:
        y = fn(x)
        x.grad = None
        y.backward(fixed(*y.shape, mult=29, mod=89, dtype=dtype))
        print(dtype, label, tuple(y.shape), y.grad_fn.name())
        print("  y ", digest(y))
        print("  dx", digest(x.grad))

y, idx = F.max_pool2d(torch.tensor([[[[1., 5., 2.], [float("nan"), 0., 3.], [4., 4., 4.]]]]), 2, 1, return_indices=True)
print(y, idx)
x = fixed(1, 2, 6, 6).requires_grad_()
f = F.max_pool2d(x, 2).grad_fn
print(f._saved_kernel_size, f._saved_stride, f._saved_padding, f._saved_dilation, f._saved_ceil_mode,
      f._saved_result1.dtype, f._saved_self is x)
f = F.max_pool2d(x, 3, 2, 1).grad_fn
print(f._saved_kernel_size, f._saved_stride, f._saved_padding)
f = F.avg_pool2d(x, 2).grad_fn
print(f.name(), f._saved_kernel_size, f._saved_stride, f._saved_padding, f._saved_ceil_mode,
      f._saved_count_include_pad, f._saved_divisor_override)
print(F.adaptive_avg_pool2d(x, 1).grad_fn.name(), F.adaptive_avg_pool2d(x, 1).shape)
print(F.max_pool1d(fixed(1, 2, 9).requires_grad_(), 3).grad_fn.name(), F.max_pool1d(fixed(1, 2, 9), 3, 2))
print(F.avg_pool1d(fixed(1, 2, 9), 3))
print(F.max_pool2d(fixed(3, 4, 4), 2).shape)
attempt("long", lambda: F.max_pool2d(torch.arange(16).reshape(1, 4, 4), 2))

print(nn.MaxPool2d(2), nn.MaxPool2d(3, 2, 1, ceil_mode=True), nn.AvgPool2d(3, stride=1, padding=1))
print(nn.AdaptiveAvgPool2d((1, 1)), nn.AdaptiveAvgPool2d(5), nn.MaxPool1d(3), nn.AvgPool1d(4, 2))
print(nn.Sequential(nn.Conv2d(1, 2, 3), nn.MaxPool2d(2))(torch.ones(1, 1, 8, 8)).shape)

t = torch.ones(1, 1, 2, 2)
attempt("pad", lambda: F.max_pool2d(t, 3, padding=2))
attempt("small", lambda: F.max_pool2d(t, 3))
attempt("small avg", lambda: F.avg_pool2d(t, 3))
attempt("2d", lambda: F.max_pool2d(torch.ones(2, 2), 1))
attempt("stride0", lambda: F.max_pool2d(t, 2, stride=0))
attempt("k0", lambda: F.max_pool2d(t, 0))
attempt("adaptive 2d", lambda: F.adaptive_avg_pool2d(torch.ones(2, 2), 1))
attempt("adaptive empty", lambda: F.adaptive_avg_pool2d(torch.ones(1, 0, 2), 1))
