# torch.convolution on 5-d inputs (F.conv3d): values and gradients to the last bit on
# each of PyTorch 1.13's CPU paths for 3-d convolutions (oneDNN, slow_conv3d,
# slow_conv_dilated3d), which `torch._C._select_conv_backend` names.
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
    # (batch, in, (d, h, w), out, kernel, stride, padding, dilation, groups, bias, dtype)
    (2, 2, (4, 4, 4), 3, 3, 1, 1, 1, 1, True, torch.float32),
    (1, 2, (4, 5, 3), 3, 3, 1, 1, 1, 1, True, torch.float32),
    (1, 3, (5, 5, 5), 2, 2, 2, 0, 1, 1, True, torch.float32),
    (1, 4, (3, 4, 4), 4, 3, 1, 1, 1, 2, True, torch.float32),
    (1, 2, (5, 5, 5), 2, 2, 1, 1, 2, 1, True, torch.float32),
    (2, 2, (5, 4, 4), 2, 2, 1, 1, 2, 1, False, torch.float32),
    (1, 2, (6, 6, 6), 2, 4, 1, 0, 1, 1, True, torch.float32),
    (1, 3, (3, 3, 3), 4, 1, 1, 0, 1, 1, True, torch.float32),
    (1, 2, (4, 5, 6), 3, (2, 3, 1), (1, 2, 1), (0, 1, 2), 1, 1, True, torch.float32),
    (2, 2, (3, 4, 4), 3, 3, 1, 1, 1, 1, True, torch.float64),
    (2, 4, (3, 3, 4), 6, 2, 1, 0, 1, 2, False, torch.float64),
    (2, 2, (5, 5, 4), 2, 2, 2, 1, 2, 1, True, torch.float64),
    (3, 4, (4, 4, 4), 4, 3, 1, 1, (1, 2, 1), 4, True, torch.float64),
]
for i, (n, c, dhw, o, k, s, p, d, g, has_bias, dtype) in enumerate(cases):
    x = fixed(n, c, *dhw, dtype=dtype).requires_grad_()
    weight = fixed(o, c // g, *triple(k), mult=53, mod=97, dtype=dtype).requires_grad_()
    bias = fixed(o, mult=11, mod=13, dtype=dtype).requires_grad_() if has_bias else None
    y = F.conv3d(x, weight, bias, stride=s, padding=p, dilation=d, groups=g)
    backend = torch._C._select_conv_backend(x, weight, bias, triple(s), triple(p), triple(d), False, [0, 0, 0], g)
    print(i, tuple(y.shape), y.dtype, y.grad_fn.name(), backend)
    print("  y ", y.flatten().tolist())
    y.backward(fixed(*y.shape, mult=29, mod=89, dtype=dtype))
    print("  dx", x.grad.flatten().tolist())
    print("  dw", weight.grad.flatten().tolist())
    if bias is not None:
        print("  db", bias.grad.tolist())

# a bigger problem on the oneDNN path, printed through a few of its values
torch.manual_seed(0)
x = torch.randn(2, 8, 6, 10, 10, requires_grad=True)
weight = torch.randn(5, 8, 3, 3, 3, requires_grad=True)
bias = torch.randn(5, requires_grad=True)
y = F.conv3d(x, weight, bias, padding=1)
print(torch._C._select_conv_backend(x, weight, bias, [1, 1, 1], [1, 1, 1], [1, 1, 1], False, [0, 0, 0], 1))
print(y.shape, y[0, :, 2, 3].tolist())
y.square().sum().backward()
print(x.grad[0, 3, 1].tolist())
print(weight.grad[2].flatten().tolist())
print(bias.grad.tolist())

# unbatched (4-d) input, padding strings, integer tensors
x = fixed(2, 4, 4, 4)
weight = fixed(3, 2, 3, 3, 3, mult=53, mod=97)
print(F.conv3d(x, weight, padding=1).shape, F.conv3d(x, weight).flatten().tolist())
print(F.conv3d(x, weight, padding="valid").shape, F.conv3d(x, weight, padding="same").shape)
y = F.conv3d(fixed(1, 2, 4, 4, 4), fixed(2, 2, 2, 3, 2, mult=53, mod=97), padding="same", dilation=(1, 1, 2))
print(y.shape, y.flatten().tolist())
xi = torch.arange(2 * 3 * 3 * 3).reshape(1, 2, 3, 3, 3)
wi = torch.arange(4 * 1 * 2 * 2 * 2).reshape(4, 1, 2, 2, 2) - 10
print(F.conv3d(xi, wi, groups=2).flatten().tolist(), F.conv3d(xi, wi, groups=2, dilation=2).flatten().tolist())
print(torch.conv3d(xi.int(), wi.int(), groups=2).dtype)

# which algorithm PyTorch takes, over a grid of problems
sb = torch._C._select_conv_backend
for dtype in (torch.float32, torch.float64):
    for n, c, dd, hh, ww, o, k, s, d, g in [(1, 3, 8, 8, 8, 4, 3, 1, 1, 1), (2, 3, 8, 8, 8, 4, 3, 1, 1, 1),
                                            (1, 3, 8, 8, 8, 4, 5, 1, 1, 1), (1, 3, 8, 8, 8, 4, 3, 2, 1, 1),
                                            (1, 3, 8, 8, 8, 4, 3, 1, 2, 1), (1, 4, 8, 8, 8, 4, 3, 1, 1, 2),
                                            (1, 16, 8, 8, 8, 8, 1, 1, 1, 1), (16, 16, 4, 4, 4, 8, 1, 1, 1, 1),
                                            (1, 8, 60, 60, 4, 4, 3, 1, 1, 1), (1, 8, 4, 60, 60, 4, 3, 1, 1, 1),
                                            (0, 3, 8, 8, 8, 4, 3, 1, 1, 1), (1, 3, 8, 8, 8, 4, (1, 4, 4), 1, 1, 1)]:
        x = torch.ones(n, c, dd, hh, ww, dtype=dtype)
        w = torch.ones(o, c // g, *triple(k), dtype=dtype)
        wt = torch.ones(c, o // g, *triple(k), dtype=dtype)
        print(dtype, (n, c, dd, hh, ww, o, k, s, d, g), sb(x, w, None, [s] * 3, [0] * 3, [d] * 3, False, [0] * 3, g),
              sb(x, wt, None, [s] * 3, [0] * 3, [d] * 3, True, [0] * 3, g))

# errors, word for word
def attempt(f):
    try:
        r = f()
        print("ok", tuple(r.shape))
    except Exception as e:
        print(type(e).__name__, e)


w = torch.ones(4, 3, 3, 3, 3)
attempt(lambda: F.conv3d(torch.ones(2, 3, 5), w))
attempt(lambda: F.conv3d(torch.ones(1, 2, 5, 5, 5), w))
attempt(lambda: F.conv3d(torch.ones(1, 3, 2, 5, 5), w))
attempt(lambda: F.conv3d(torch.ones(1, 3, 5, 5, 5), w, torch.ones(3)))
attempt(lambda: F.conv3d(torch.ones(1, 3, 5, 5, 5), w, stride=(1, 2)))
attempt(lambda: F.conv3d(torch.ones(1, 3, 5, 5, 5), w, stride=0))
attempt(lambda: F.conv3d(torch.ones(1, 3, 5, 5, 5), w, padding=-1))
attempt(lambda: F.conv3d(torch.ones(1, 3, 5, 5, 5), w, groups=3))
attempt(lambda: F.conv3d(torch.ones(1, 3, 5, 5, 5), w, padding="same", stride=2))
attempt(lambda: F.conv3d(torch.ones(1, 3, 5, 5, 5), w, padding="full"))
attempt(lambda: F.conv3d(torch.ones(2, 3, 5, 5, 5), w.double()))
attempt(lambda: F.conv3d(torch.ones(1, 3, 5, 5, 5), w.double()))
attempt(lambda: F.conv3d(torch.ones(1, 3, 5, 5, 5).half(), w.half()))
attempt(lambda: F.conv3d(torch.ones(1, 3, 5, 5, 5).int(), w.int(), dilation=2))
attempt(lambda: F.conv3d(torch.ones(0, 3, 5, 5, 5), w))
attempt(lambda: torch.convolution(torch.ones(3, 5, 5, 5), w, None, [1], [0], [1], False, [0], 1))
# slow_conv3d and slow_conv_dilated3d convert a bias of another dtype; the others refuse it
attempt(lambda: F.conv3d(torch.ones(1, 3, 5, 5, 5), w, torch.full((4,), 0.1, dtype=torch.float64)))
attempt(lambda: F.conv3d(torch.ones(1, 3, 5, 5, 5), w, torch.ones(4).double(), dilation=2))
attempt(lambda: F.conv3d(torch.ones(2, 3, 5, 5, 5), w, torch.ones(4).double()))
attempt(lambda: F.conv3d(torch.ones(1, 3, 5, 5, 5), w.double(), dilation=2))
print(F.conv3d(torch.ones(1, 3, 3, 3, 3), w, torch.full((4,), 0.1, dtype=torch.float64)).flatten().tolist())
