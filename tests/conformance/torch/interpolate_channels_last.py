# F.interpolate of channels-last inputs (Note [Channels-last upsample sums]): 1.13 takes
# its channels-last kernels for a bilinear/trilinear input that is_contiguous in
# channels_last(_3d) -- a one-channel NCHW tensor among them -- which round differently
# from the generic kernel (vectorised channels one way, the tail another); the results
# are laid out as the input suggests (bicubic always contiguous), the gradients as
# grad_output suggests. Every value by tolist().
import random

import torch
import torch.nn.functional as F

random.seed(3)
torch.manual_seed(3)
cl, cl3 = torch.channels_last, torch.channels_last_3d

# One-channel NCHW / NCDHW inputs, plainly contiguous.
for mode, nd in (("nearest", 2), ("nearest", 3), ("bilinear", 2), ("trilinear", 3)):
    for k in range(6):
        shape = [random.randint(1, 2), 1] + [random.randint(3, 12) for _ in range(nd)]
        x = torch.randn(*shape, requires_grad=True)
        size = [random.randint(2, 20) for _ in range(nd)]
        y = F.interpolate(x, size=size, mode=mode)
        g, = torch.autograd.grad(y, x, torch.randn(y.shape))
        print(mode, shape, size, y.stride(), y.flatten().tolist(), g.stride(), g.flatten().tolist())

# Channels-last inputs: vector lanes and the scalar tail, float32 and float64.
for dtype in (torch.float32, torch.float64):
    for channels in (3, 4, 8, 9, 19):
        for align_corners in (False, True):
            x = torch.randn(2, channels, 5, 6, dtype=dtype).contiguous(memory_format=cl).requires_grad_()
            y = F.interpolate(x, size=(7, 4), mode="bilinear", align_corners=align_corners)
            g_out = torch.randn(y.shape, dtype=dtype)
            g, = torch.autograd.grad(y, x, g_out, retain_graph=True)
            g2, = torch.autograd.grad(y, x, g_out.contiguous(memory_format=cl))
            print("bilinear", dtype, channels, align_corners, y.stride(), y.flatten().tolist())
            print("  grads", g.stride(), g2.stride(), g.flatten().tolist(), g2.flatten().tolist())
    for channels in (3, 8, 9):
        x = torch.randn(2, channels, 3, 4, 5, dtype=dtype).contiguous(memory_format=cl3).requires_grad_()
        y = F.interpolate(x, scale_factor=(1.5, 2.0, 0.7), mode="trilinear")
        g, = torch.autograd.grad(y, x, torch.randn(y.shape, dtype=dtype).contiguous(memory_format=cl3))
        print("trilinear", dtype, channels, y.stride(), y.flatten().tolist(), g.stride(), g.flatten().tolist())

# The other modes: values as for NCHW, layouts per op.
x = torch.randn(2, 3, 5, 6).contiguous(memory_format=cl).requires_grad_()
for kw in [dict(mode="nearest"), dict(mode="nearest-exact"), dict(mode="bicubic"), dict(mode="bilinear", antialias=True),
           dict(mode="bicubic", antialias=True), dict(mode="bilinear", scale_factor=1.7)]:
    y = F.interpolate(x, **({"size": (7, 9)} if "scale_factor" not in kw else {}), **kw)
    g, = torch.autograd.grad(y, x, torch.randn(y.shape).contiguous(memory_format=cl))
    print(kw, y.stride(), y.flatten().tolist(), g.stride(), g.flatten().tolist())
x5 = torch.randn(1, 2, 3, 4, 5).contiguous(memory_format=cl3).requires_grad_()
for mode in ("nearest", "nearest-exact"):
    y = F.interpolate(x5, size=(4, 5, 3), mode=mode)
    g, = torch.autograd.grad(y, x5, torch.randn(y.shape).contiguous(memory_format=cl3))
    print(mode, y.stride(), y.flatten().tolist(), g.stride())
up = torch.nn.Upsample(scale_factor=2, mode="bilinear")
print(up(torch.randn(1, 1, 2, 3)).tolist())
