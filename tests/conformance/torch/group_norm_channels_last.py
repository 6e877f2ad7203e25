# F.group_norm of channels-last inputs: 1.13 keeps the layout and computes with its
# channels-last kernel, whose sums differ in the last bits from the NCHW kernel's.
import struct

import torch
import torch.nn.functional as F

torch.manual_seed(0)


def bits(t):
    """Every value exactly (float.hex), in the logical (N, C, ...) order."""
    return [v.hex() for v in t.detach().double().flatten().tolist()]


def checksum(t):
    """A weighted sum of the values' bit patterns: any differing element changes it."""
    values = t.detach().double().flatten().tolist()
    return sum((i + 1) * struct.unpack('<Q', struct.pack('<d', v))[0] for i, v in enumerate(values)) % (2 ** 61 - 1)


def layout(t):
    return t.stride(), t.is_contiguous(), t.is_contiguous(memory_format=torch.channels_last) if t.dim() == 4 \
        else t.is_contiguous(memory_format=torch.channels_last_3d)


def run(shape, groups, affine, dtype=torch.float32, full=True):
    x0 = (torch.randn(*shape) * 3 + 1).to(dtype)
    fmt = torch.channels_last if len(shape) == 4 else torch.channels_last_3d
    x = x0.to(memory_format=fmt).requires_grad_()
    C = shape[1]
    w = torch.randn(C, dtype=dtype, requires_grad=True) if affine & 1 else None
    b = torch.randn(C, dtype=dtype, requires_grad=True) if affine & 2 else None
    y = F.group_norm(x, groups, w, b)
    print(shape, groups, affine, dtype, 'y', layout(y), type(y.grad_fn).__name__,
          [type(f).__name__ for f, _ in y.grad_fn.next_functions if f is not None])
    gy = torch.randn(*shape, dtype=dtype)
    if b is not None and w is None:
        # 1.13's backward fails for a bias without a weight (group_norm.py covers it)
        print(' y', bits(y) if full else checksum(y))
        return
    y.backward(gy)
    if full:
        print(' y', bits(y))
        print(' dx', bits(x.grad), x.grad.stride())
    else:
        print(' y', checksum(y))
        print(' dx', checksum(x.grad), x.grad.stride())
    if w is not None:
        print(' dw', bits(w.grad))
    if b is not None:
        print(' db', bits(b.grad))
    # the gradient as the backward returns it, before AccumulateGrad lays it out like x
    x2 = x.detach().clone().requires_grad_()
    gx, = torch.autograd.grad(F.group_norm(x2, groups, w, b), x2, gy)
    print(' autograd.grad dx', layout(gx), checksum(gx))


for affine in range(4):
    run((2, 4, 5, 6), 2, affine)
    run((2, 24, 3, 5), 3, affine)
run((2, 40, 4, 3), 2, 3)        # 20 channels a group: a partial vector per pixel
run((3, 10, 4, 4), 5, 1)
run((2, 12, 1, 1), 3, 3)
run((1, 18, 40, 30), 2, 3, full=False)   # 1200 pixels: the per-channel sums
run((1, 96, 33, 33), 4, 0, full=False)
run((1, 18, 40, 30), 2, 2, full=False)
run((2, 8, 2, 3, 4), 2, 3)      # channels_last_3d
for affine in range(4):
    run((2, 24, 3, 5), 3, affine, torch.float64)
    run((1, 32, 33, 33), 4, affine, torch.float64, full=False)

# a channels-last-like input that is not channels-last contiguous is copied into that
# layout first (CloneBackward0), and the result is channels-last
x = torch.randn(2, 6, 5, 7).to(memory_format=torch.channels_last)[:, :, :, 1:].requires_grad_()
y = F.group_norm(x, 3)
print('sliced', x.stride(), layout(y), type(y.grad_fn).__name__,
      [type(f).__name__ for f, _ in y.grad_fn.next_functions if f is not None], checksum(y))
# nn.GroupNorm in a module, and an input whose layout is ambiguous (N, C, 1, 1)
m = torch.nn.GroupNorm(2, 4)
y = m(torch.randn(3, 4, 1, 1).to(memory_format=torch.channels_last))
print('N C 1 1', layout(y), bits(y))
y = m(torch.randn(2, 4, 3, 3).to(memory_format=torch.channels_last))
print('module', layout(y), bits(y))
