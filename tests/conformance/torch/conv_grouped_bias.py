# Regression cases for 2-d convolutions found while adding the 3-d ones: grouped
# transposed convolutions (output channels weight.size(1) * groups), the bias gradient
# of the group-by-group kernels (each group's slice summed on its own) and of
# slow_conv_dilated2d (summed sample by sample), and two error texts.
import torch
import torch.nn.functional as F


def fixed(*shape, mult=37, mod=101, dtype=torch.float64):
    n = 1
    for s in shape:
        n *= s
    return torch.tensor([(i * mult % mod) / mod - 0.5 for i in range(n)], dtype=dtype).reshape(shape)


sb = torch._C._select_conv_backend
for dtype in (torch.float32, torch.float64):
    x = fixed(3, 4, 5, 6, dtype=dtype).requires_grad_()
    w = fixed(4, 3, 2, 3, mult=53, mod=97, dtype=dtype).requires_grad_()
    b = fixed(6, mult=11, mod=13, dtype=dtype).requires_grad_()
    y = F.conv_transpose2d(x, w, b, stride=2, groups=2)
    print(dtype, tuple(y.shape), sb(x, w, b, [2, 2], [0, 0], [1, 1], True, [0, 0], 2))
    print(" y", y.flatten().tolist()[:8], y.sum().item())
    y.backward(fixed(*y.shape, mult=29, mod=89, dtype=dtype))
    print(" db", b.grad.tolist())
    print(" dw", w.grad.flatten().tolist()[:8])

for groups, dilation in ((2, 1), (1, 2), (2, 2)):
    x = fixed(3, 4, 7, 6).requires_grad_()
    w = fixed(4, 4 // groups, 3, 2, mult=53, mod=97).requires_grad_()
    b = fixed(4, mult=11, mod=13).requires_grad_()
    y = F.conv2d(x, w, b, groups=groups, dilation=dilation)
    print(groups, dilation, sb(x, w, b, [1, 1], [0, 0], [dilation] * 2, False, [0, 0], groups))
    y.backward(fixed(*y.shape, mult=29, mod=89))
    print(" db", b.grad.tolist())


def attempt(f):
    try:
        f()
        print("ok")
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: F.conv2d(torch.ones(1, 3, 5, 5), torch.ones(4, 1, 3, 3), groups=3))
attempt(lambda: F.conv2d(torch.ones(2, 3, 5, 5), torch.ones(4, 3, 3, 3).double()))
