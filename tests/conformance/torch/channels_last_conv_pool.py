# Convolutions and pools of channels-last inputs (Note [Channels-last convolutions],
# Note [Memory formats]): the pools keep the values of NCHW inputs and lay their outputs,
# indices and input gradients out as the input suggests (a one-channel NCHW input stays
# contiguous); 2-d convolutions that are not transposed answer channels last when the
# input or the weight suggests it -- output, grad_input and grad_weight -- while the
# transposed and 3-d ones stay contiguous. Convolution values only where 1.13's
# channels-last kernels round as its NCHW ones.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
cl, cl3 = torch.channels_last, torch.channels_last_3d

pools = [("max_pool2d", lambda t: F.max_pool2d(t, 2)),
         ("max_pool2d pad ceil", lambda t: F.max_pool2d(t, 3, 2, 1, ceil_mode=True)),
         ("max_pool2d dilation", lambda t: F.max_pool2d(t, 2, 1, 0, 2)),
         ("avg_pool2d", lambda t: F.avg_pool2d(t, 3, 2)),
         ("avg_pool2d pad", lambda t: F.avg_pool2d(t, 3, 2, 1, count_include_pad=False)),
         ("avg_pool2d divisor", lambda t: F.avg_pool2d(t, 2, divisor_override=3)),
         ("adaptive_avg_pool2d", lambda t: F.adaptive_avg_pool2d(t, (3, 4))),
         ("adaptive_max_pool2d", lambda t: F.adaptive_max_pool2d(t, (3, 4))),
         ("lp_pool2d", lambda t: F.lp_pool2d(t, 2, 2)),
         ("area", lambda t: F.interpolate(t, size=(3, 5), mode="area"))]
for shape in [(2, 3, 7, 7), (1, 1, 6, 5), (2, 16, 5, 6)]:
    x = torch.randn(*shape).contiguous(memory_format=cl).requires_grad_()
    for name, f in pools:
        y = f(x)
        g, = torch.autograd.grad(y, x, torch.randn(y.shape), retain_graph=True)
        g2, = torch.autograd.grad(y, x, torch.randn(y.shape).contiguous(memory_format=cl))
        print(shape, name, y.stride(), y.tolist())
        print("  grads", g.stride(), g2.stride(), g.tolist(), g2.tolist())
    out, idx = F.max_pool2d(x, 3, 2, 1, return_indices=True)
    print("indices", out.stride(), idx.stride(), idx.tolist())
    out, idx = F.adaptive_max_pool2d(x, 2, return_indices=True)
    print("adaptive indices", out.stride(), idx.stride(), idx.tolist())
module = torch.nn.Sequential(torch.nn.MaxPool2d(2), torch.nn.AvgPool2d(2), torch.nn.AdaptiveAvgPool2d(2))
print(module(torch.randn(1, 4, 9, 9).contiguous(memory_format=cl)).stride())


def backend(x, w, stride, dilation, transposed, groups):
    n = x.dim() - 2
    return str(torch._C._select_conv_backend(x, w, None, [stride] * n, [0] * n, [dilation] * n, transposed,
                                             [0] * n, groups))


convs = [  # name, input, weight, options, function, print values
    ("Slow2d", (1, 3, 6, 6), (4, 3, 3, 3), {}, F.conv2d, False),
    ("Slow2d 1x1", (1, 2, 5, 5), (3, 2, 1, 1), {}, F.conv2d, True),
    ("Mkldnn", (2, 3, 6, 6), (4, 3, 3, 3), {}, F.conv2d, True),
    ("Mkldnn grouped", (4, 8, 9, 9), (8, 4, 3, 3), {"groups": 2}, F.conv2d, False),
    ("SlowDilated2d", (1, 3, 7, 7), (4, 3, 3, 3), {"dilation": 2}, F.conv2d, False),
    ("Slow2d float64", (1, 3, 6, 6), (4, 3, 3, 3), {"dtype": torch.float64}, F.conv2d, False),
    ("SlowTranspose2d", (1, 3, 6, 6), (3, 4, 3, 3), {"transposed": True}, F.conv_transpose2d, True),
    ("Slow3d", (1, 3, 4, 4, 4), (2, 3, 1, 1, 1), {}, F.conv3d, True),
    ("Mkldnn 3d", (2, 3, 4, 4, 4), (2, 3, 2, 2, 2), {}, F.conv3d, True),
]
for name, xs, ws, options, fn, show_values in convs:
    options = dict(options)
    dtype = options.pop("dtype", torch.float32)
    transposed = options.pop("transposed", False)
    fmt = cl if len(xs) == 4 else cl3
    for which in ("input", "weight", "both"):
        x = torch.randn(*xs, dtype=dtype)
        w = torch.randn(*ws, dtype=dtype)
        if which != "weight":
            x = x.contiguous(memory_format=fmt)
        if which != "input":
            w = w.contiguous(memory_format=fmt)
        x.requires_grad_()
        w.requires_grad_()
        y = fn(x, w, **options)
        gx, gw = torch.autograd.grad(y, (x, w), torch.randn(y.shape, dtype=dtype))
        print(name, which, backend(x, w, options.get("stride", 1), options.get("dilation", 1), transposed,
                                   options.get("groups", 1)), y.stride(), gx.stride(), gw.stride())
        if show_values and which == "input":
            print("  values", y.tolist(), gx.tolist())
one = torch.randn(2, 1, 5, 5)
print("one channel", F.conv2d(one, torch.randn(3, 1, 3, 3)).stride())
conv = torch.nn.Conv2d(3, 8, 3).to(memory_format=cl)
print("module", conv.weight.stride(), conv(torch.randn(2, 3, 6, 6)).stride())

# The 3-d pools answer contiguously, even for channels_last_3d inputs.
x5 = torch.randn(2, 3, 5, 6, 7).contiguous(memory_format=cl3).requires_grad_()
for name, f in [("max_pool3d", lambda t: F.max_pool3d(t, 2)), ("avg_pool3d", lambda t: F.avg_pool3d(t, 2)),
                ("adaptive_avg_pool3d", lambda t: F.adaptive_avg_pool3d(t, 3)),
                ("adaptive_max_pool3d", lambda t: F.adaptive_max_pool3d(t, 3))]:
    y = f(x5)
    g, = torch.autograd.grad(y, x5, torch.randn(y.shape))
    print(name, y.stride(), g.stride(), y.flatten().tolist(), g.flatten().tolist())

# relu's gradient (threshold_backward) is laid out as its input is.
x = torch.randn(2, 3, 4, 5).contiguous(memory_format=cl).requires_grad_()
g, = torch.autograd.grad(F.relu(x), x, torch.randn(2, 3, 4, 5))
print("relu", g.stride(), g.tolist())
