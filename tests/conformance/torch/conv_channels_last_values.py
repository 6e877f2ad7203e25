# 2-d convolutions of channels-last inputs compute with 1.13's channels-last kernels:
# oneDNN with NHWC activations (float32 past oneDNN's threshold) and slow_conv2d's
# channels-last im2col + GEMM (float32 1x1 kernels of small batches, float64). Their sums
# differ in the last bits from the contiguous kernels' (the checksums of y0 below).
import struct

import torch
import torch.nn.functional as F

torch.manual_seed(0)


def checksum(t):
    """A weighted sum of the values' bit patterns: any differing element changes it."""
    values = t.detach().double().flatten().tolist()
    return sum((i + 1) * struct.unpack('<Q', struct.pack('<d', v))[0] for i, v in enumerate(values)) % (2 ** 61 - 1)


cases = [
    ((2, 16, 12, 12), (32, 16, 3, 3), {}, torch.float32),
    ((16, 8, 10, 10), (8, 8, 3, 3), {'padding': 1}, torch.float32),
    ((2, 64, 12, 12), (64, 64, 3, 3), {}, torch.float32),
    ((16, 64, 8, 8), (128, 64, 1, 1), {}, torch.float32),
    ((2, 37, 12, 12), (29, 37, 3, 3), {'dilation': 2}, torch.float32),
    ((2, 16, 12, 12), (16, 1, 3, 3), {'groups': 16}, torch.float32),
    ((2, 16, 13, 11), (24, 16, 3, 3), {'stride': 2, 'bias': True}, torch.float32),
    ((1, 3, 32, 32), (16, 3, 5, 5), {}, torch.float32),
    # slow_conv2d
    ((4, 32, 9, 9), (64, 32, 1, 1), {}, torch.float32),
    ((2, 6, 7, 7), (4, 6, 1, 1), {'padding': 1}, torch.float32),
    ((3, 5, 6, 6), (7, 5, 1, 1), {'bias': True}, torch.float32),
    ((4, 40, 9, 9), (24, 40, 1, 1), {'bias': True}, torch.float32),
    ((2, 16, 12, 12), (32, 16, 3, 3), {}, torch.float64),
    ((3, 8, 10, 9), (8, 8, 3, 3), {'padding': 1, 'bias': True}, torch.float64),
    ((2, 5, 9, 9), (7, 5, 3, 2), {'stride': 2}, torch.float64),
    # grouped slow_conv2d: group by group on channels-last slices
    ((2, 4, 6, 6), (4, 2, 3, 3), {'groups': 2}, torch.float64),
    ((2, 6, 7, 7), (6, 1, 3, 3), {'groups': 6, 'padding': 1, 'bias': True}, torch.float64),
    ((3, 8, 5, 5), (6, 4, 1, 1), {'groups': 2}, torch.float32),
    # slow_conv_dilated2d: the forward's channels-last im2col + GEMM
    ((2, 4, 6, 6), (4, 4, 3, 3), {'dilation': 2}, torch.float64),
]
for shape, wshape, kw, dtype in cases:
    kw = dict(kw)
    x = torch.randn(*shape, dtype=dtype)
    w = torch.randn(*wshape, dtype=dtype)
    b = torch.randn(wshape[0], dtype=dtype, requires_grad=True) if kw.pop('bias', False) else None
    xc = x.to(memory_format=torch.channels_last).requires_grad_()
    wr = w.clone().requires_grad_()
    y = F.conv2d(xc, wr, b, **kw)
    y0 = F.conv2d(x, w, b, **kw)
    y.backward(torch.randn(y.shape, dtype=dtype))
    print(shape, wshape, dtype, y.stride(), checksum(y), checksum(y0))
    print('  grads', xc.grad.stride(), checksum(xc.grad), wr.grad.stride(), checksum(wr.grad),
          None if b is None else [v.hex() for v in b.grad.tolist()])

# slow_conv_dilated2d's forward only: its backward of a channels-last input can still
# differ from 1.13's in the last bits (README)
for shape, wshape, kw in [((2, 5, 9, 8), (3, 5, 3, 2), {'dilation': (2, 1), 'padding': 1, 'stride': 2}),
                          ((2, 4, 7, 7), (4, 2, 3, 3), {'dilation': 2, 'groups': 2})]:
    x = torch.randn(*shape, dtype=torch.float64)
    w = torch.randn(*wshape, dtype=torch.float64)
    y = F.conv2d(x.to(memory_format=torch.channels_last), w, **kw)
    print('dilated', shape, wshape, y.stride(), checksum(y), checksum(F.conv2d(x, w, **kw)))

# a module, and a channels-last weight with a contiguous input
conv = torch.nn.Conv2d(8, 16, 3, padding=1)
x = torch.randn(4, 8, 9, 9)
y = conv(x.to(memory_format=torch.channels_last))
print('module', y.stride(), checksum(y), checksum(conv(x)))
conv = conv.to(memory_format=torch.channels_last)
y = conv(x)
print('channels-last weight', conv.weight.stride(), y.stride(), checksum(y))
