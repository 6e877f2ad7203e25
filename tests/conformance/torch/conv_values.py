# Convolution values and gradients to the last bit: every element is printed through
# math.fsum (exact), on both of PyTorch's CPU paths (oneDNN and im2col + BLAS), and
# the path PyTorch picks (the im2col path's bias gradient is a sum over N, H and W in
# PyTorch's reduction order).
import math
import torch
import torch.nn.functional as F


def fixed(*shape, mult=37, mod=101, dtype=torch.float32):
    n = math.prod(shape)
    return torch.tensor([(i * mult % mod) / mod - 0.5 for i in range(n)], dtype=dtype).reshape(shape)


def digest(t):
    values = t.detach().flatten().tolist()
    return f"{math.fsum(values)!r} {values[:3]!r} {values[-1]!r}"


cases = [
    # (batch, in, h, w, out, k, stride, padding, dilation, groups, bias, dtype)
    (4, 3, 16, 16, 8, 3, 1, 1, 1, 1, True, torch.float32),
    (1, 1, 28, 28, 6, 5, 1, 0, 1, 1, True, torch.float32),
    (2, 8, 10, 10, 16, 3, 2, 1, 1, 1, True, torch.float32),
    (2, 4, 9, 9, 4, 3, 1, 1, 1, 2, False, torch.float32),
    (1, 3, 12, 12, 6, 3, 1, 1, 1, 1, True, torch.float32),
    (1, 3, 12, 10, 5, 3, 2, 0, 1, 1, False, torch.float32),
    (1, 4, 7, 7, 6, 3, 1, 1, 1, 2, True, torch.float64),
    (2, 3, 8, 8, 4, 3, 1, 2, 2, 1, True, torch.float64),
    (1, 16, 14, 14, 32, 1, 1, 0, 1, 1, True, torch.float32),
    (3, 16, 9, 9, 16, 3, 1, 1, 1, 16, True, torch.float32),
]
for i, (n, c, h, w, o, k, s, p, d, g, has_bias, dtype) in enumerate(cases):
    x = fixed(n, c, h, w, dtype=dtype).requires_grad_()
    weight = fixed(o, c // g, k, k, mult=53, mod=97, dtype=dtype).requires_grad_()
    bias = fixed(o, mult=11, mod=13, dtype=dtype).requires_grad_() if has_bias else None
    y = F.conv2d(x, weight, bias, stride=s, padding=p, dilation=d, groups=g)
    backend = torch._C._select_conv_backend(x, weight, bias, [s, s], [p, p], [d, d], False, [0, 0], g)
    print(i, tuple(y.shape), y.grad_fn.name(), backend)
    print("  y ", digest(y))
    grad = fixed(*y.shape, mult=29, mod=89, dtype=dtype)
    y.backward(grad)
    print("  dx", digest(x.grad))
    print("  dw", digest(weight.grad))
    if bias is not None:
        print("  db", digest(bias.grad))

# conv1d: 3-d input, on both paths
for n in (1, 4):
    x = fixed(n, 3, 20).requires_grad_()
    weight = fixed(5, 3, 4, mult=53, mod=97).requires_grad_()
    bias = fixed(5, mult=11, mod=13).requires_grad_()
    y = F.conv1d(x, weight, bias, stride=2, padding=1)
    y.backward(fixed(*y.shape, mult=29, mod=89))
    print("conv1d", n, tuple(y.shape), y.grad_fn.name(), digest(y))
    print("  ", digest(x.grad), digest(weight.grad), digest(bias.grad))

# which algorithm PyTorch takes, over a grid of problems
sb = torch._C._select_conv_backend
for dtype in (torch.float32, torch.float64):
    for n, c, h, o, k, s, d, g in [(1, 3, 8, 4, 3, 1, 1, 1), (2, 3, 8, 4, 3, 1, 1, 1), (1, 3, 8, 4, 5, 1, 1, 1),
                                   (1, 3, 8, 4, 3, 2, 1, 1), (1, 3, 8, 4, 3, 1, 2, 1), (1, 4, 8, 4, 3, 1, 1, 2),
                                   (1, 16, 8, 8, 1, 1, 1, 1), (16, 16, 8, 8, 1, 1, 1, 1), (1, 8, 60, 4, 3, 1, 1, 1),
                                   (0, 3, 8, 4, 3, 1, 1, 1)]:
        x, w = torch.ones(n, c, h, h, dtype=dtype), torch.ones(o, c // g, k, k, dtype=dtype)
        print(dtype, (n, c, h, o, k, s, d, g), sb(x, w, None, [s, s], [0, 0], [d, d], False, [0, 0], g),
              sb(x, torch.ones(c, o, k, k, dtype=dtype), None, [s, s], [0, 0], [d, d], True, [0, 0], 1))
print(sb(torch.ones(4, 3, 10), torch.ones(2, 3, 3), None, [1], [0], [1], False, [0], 1))
print(sb(torch.ones(1, 3, 10), torch.ones(2, 3, 3), None, [1], [0], [1], False, [0], 1))
