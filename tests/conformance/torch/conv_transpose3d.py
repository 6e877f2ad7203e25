# Transposed 3-d convolutions (F.conv_transpose3d, slow_conv_transpose3d, the only CPU
# path PyTorch 1.13 has for them): values and gradients to the last bit, output_padding,
# groups, dilation, unbatched input, and the errors.
import torch
import torch.nn.functional as F


def fixed(*shape, mult=37, mod=101, dtype=torch.float32):
    n = 1
    for s in shape:
        n *= s
    return torch.tensor([(i * mult % mod) / mod - 0.5 for i in range(n)], dtype=dtype).reshape(shape)


def triple(v):
    return [v] * 3 if isinstance(v, int) else list(v)


cases = [
    # (batch, in, (d, h, w), out, kernel, stride, padding, output_padding, dilation, groups, bias, dtype)
    (2, 2, (3, 3, 3), 3, 3, 1, 0, 0, 1, 1, True, torch.float32),
    (1, 3, (2, 3, 2), 2, 2, 2, 0, 1, 1, 1, True, torch.float32),
    (2, 4, (2, 2, 3), 4, 3, 2, 1, (1, 0, 1), 1, 2, False, torch.float32),
    (1, 2, (3, 2, 2), 2, 2, 1, 1, 0, 2, 1, True, torch.float32),
    (1, 2, (2, 3, 4), 3, (1, 2, 3), (1, 2, 1), (0, 1, 1), 0, 1, 1, True, torch.float32),
    (1, 3, (2, 2, 2), 2, 1, 1, 0, 0, 1, 1, True, torch.float32),
    (2, 2, (3, 3, 2), 3, 3, 2, 1, 1, 1, 1, True, torch.float64),
    (2, 4, (2, 3, 2), 2, 2, 1, 0, 0, (2, 1, 1), 2, True, torch.float64),
]
for i, (n, c, dhw, o, k, s, p, op, d, g, has_bias, dtype) in enumerate(cases):
    x = fixed(n, c, *dhw, dtype=dtype).requires_grad_()
    weight = fixed(c, o // g, *triple(k), mult=53, mod=97, dtype=dtype).requires_grad_()
    bias = fixed(o, mult=11, mod=13, dtype=dtype).requires_grad_() if has_bias else None
    y = F.conv_transpose3d(x, weight, bias, stride=s, padding=p, output_padding=op, groups=g, dilation=d)
    backend = torch._C._select_conv_backend(x, weight, bias, triple(s), triple(p), triple(d), True, triple(op), g)
    print(i, tuple(y.shape), y.dtype, y.grad_fn.name(), backend)
    print("  y ", y.flatten().tolist())
    y.backward(fixed(*y.shape, mult=29, mod=89, dtype=dtype))
    print("  dx", x.grad.flatten().tolist())
    print("  dw", weight.grad.flatten().tolist())
    if bias is not None:
        print("  db", bias.grad.tolist())

# a bigger one, from PyTorch's random numbers
torch.manual_seed(0)
x = torch.randn(2, 6, 4, 5, 5, requires_grad=True)
weight = torch.randn(6, 4, 3, 3, 3, requires_grad=True)
bias = torch.randn(4, requires_grad=True)
y = F.conv_transpose3d(x, weight, bias, stride=2, padding=1, output_padding=1)
print(y.shape, y[1, :, 3, 4].tolist())
y.square().mean().backward()
print(x.grad[0, 2, 1].tolist())
print(weight.grad[3, 1].flatten().tolist())
print(bias.grad.tolist())

# unbatched input; integer tensors
y = F.conv_transpose3d(fixed(2, 2, 2, 2), fixed(2, 3, 2, 2, 2, mult=53, mod=97), stride=2)
print(y.shape, y.flatten().tolist()[:20])
xi = torch.arange(2 * 2 * 2 * 2).reshape(1, 2, 2, 2, 2)
print(torch.conv_transpose3d(xi, torch.arange(2 * 2 * 8).reshape(2, 2, 2, 2, 2) - 7).flatten().tolist())


def attempt(f):
    try:
        r = f()
        print("ok", tuple(r.shape))
    except Exception as e:
        print(type(e).__name__, e)


w = torch.ones(3, 4, 2, 2, 2)
attempt(lambda: F.conv_transpose3d(torch.ones(3, 4, 4), w))
attempt(lambda: F.conv_transpose3d(torch.ones(1, 2, 4, 4, 4), w))
attempt(lambda: F.conv_transpose3d(torch.ones(1, 3, 4, 4, 4), w, torch.ones(3)))
attempt(lambda: F.conv_transpose3d(torch.ones(1, 3, 4, 4, 4), w, output_padding=-1))
attempt(lambda: F.conv_transpose3d(torch.ones(1, 3, 4, 4, 4), w, stride=(1, 1)))
attempt(lambda: F.conv_transpose3d(torch.ones(1, 3, 4, 4, 4), w.double()))
attempt(lambda: F.conv_transpose3d(torch.ones(1, 3, 4, 4, 4).half(), w.half()))
attempt(lambda: F.conv_transpose3d(torch.ones(1, 3, 4, 4, 4).int(), w.int()))
attempt(lambda: F.conv_transpose3d(torch.ones(0, 3, 4, 4, 4), w))
