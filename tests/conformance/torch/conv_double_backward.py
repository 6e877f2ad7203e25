# Double backward through convolution (create_graph=True). In 1.13 ConvolutionBackward0's
# gradients come from one recorded op, convolution_backward, whose node is
# ConvolutionBackwardBackward0 (grad_output, input and weight; _convolution_double_backward,
# a composite of convolutions, transposes, narrows and sums). The first-order gradients'
# grad_fn chain and saved attributes, then second-order gradients to the last bit for
# conv1d/2d/3d, transposed, grouped, strided, dilated and padded convolutions, with and
# without bias, in float64 and float32, and one third-order gradient.
import math, struct, torch
import torch.nn.functional as F

def digest(t):
    if t is None:
        return "None"
    vals = t.flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%s %d %r %s" % (tuple(t.shape), len(vals), math.fsum(vals), bits)

def name(fn):
    return type(fn).__name__ if fn is not None else None

def saved(node):
    out = {}
    for a in sorted(dir(node)):
        if a.startswith('_saved_'):
            v = getattr(node, a)
            out[a[len('_saved_'):]] = tuple(v.shape) if isinstance(v, torch.Tensor) else v
    return out

# (label, dims, transposed, in channels, out channels, kernel, options)
CASES = [
    ("conv1d", 1, False, 3, 4, 3, dict()),
    ("conv1d stride pad", 1, False, 2, 3, 3, dict(stride=2, padding=1)),
    ("conv2d", 2, False, 3, 4, 3, dict(padding=1)),
    ("conv2d stride", 2, False, 2, 3, 3, dict(stride=2)),
    ("conv2d dilation", 2, False, 2, 3, 3, dict(dilation=2, padding=2)),
    ("conv2d groups", 2, False, 4, 6, 3, dict(groups=2, padding=1)),
    ("conv2d depthwise", 2, False, 3, 3, 3, dict(groups=3, stride=2, padding=1)),
    ("conv2d mixed", 2, False, 2, 4, (2, 3), dict(stride=(2, 1), padding=(1, 0), dilation=(1, 2))),
    ("conv3d", 3, False, 2, 3, 2, dict(padding=1)),
    ("conv3d groups stride", 3, False, 4, 2, 2, dict(groups=2, stride=2)),
    ("conv_transpose1d", 1, True, 3, 2, 3, dict(stride=2)),
    ("conv_transpose2d", 2, True, 3, 2, 3, dict(stride=2, padding=1, output_padding=1)),
    ("conv_transpose2d groups", 2, True, 4, 2, 3, dict(groups=2, dilation=2)),
    ("conv_transpose3d", 3, True, 2, 3, 2, dict(stride=2, padding=1)),
]
SIZES = {1: (7,), 2: (6, 5), 3: (4, 4, 3)}
FUNCS = {(1, False): F.conv1d, (2, False): F.conv2d, (3, False): F.conv3d,
         (1, True): F.conv_transpose1d, (2, True): F.conv_transpose2d, (3, True): F.conv_transpose3d}

torch.manual_seed(0)
for label, dims, transposed, cin, cout, k, opts in CASES:
    for dtype in (torch.float64, torch.float32):
        for with_bias in (True, False):
            groups = opts.get("groups", 1)
            ks = k if isinstance(k, tuple) else (k,) * dims
            wshape = (cin, cout // groups) + ks if transposed else (cout, cin // groups) + ks
            x = torch.randn((2, cin) + SIZES[dims], dtype=dtype, requires_grad=True)
            w = torch.randn(wshape, dtype=dtype, requires_grad=True)
            b = torch.randn(cout, dtype=dtype, requires_grad=True) if with_bias else None
            leaves = [x, w] + ([b] if with_bias else [])
            y = FUNCS[(dims, transposed)](x, w, b, **opts)
            grads = torch.autograd.grad((y * y.tanh()).sum(), leaves, create_graph=True)
            print(label, dtype, "bias" if with_bias else "no bias")
            if dtype == torch.float64 and with_bias:
                fn = grads[0].grad_fn
                print("  first:", [name(g.grad_fn) for g in grads], [g.output_nr for g in grads],
                      all(g.grad_fn is fn for g in grads))
                print("  next:", [(name(f), i) for f, i in fn.next_functions])
                print("  saved:", saved(fn))
            for g in grads:
                print("  grad:", digest(g))
            penalty = sum(((g * g).sum() for g in grads), torch.zeros((), dtype=dtype))
            second = torch.autograd.grad(penalty, leaves, create_graph=True)
            print("  second grad_fn:", [name(s.grad_fn) for s in second])
            for s in second:
                print("  second:", digest(s))
            if dims == 2 and not transposed and dtype == torch.float64 and with_bias:
                third = torch.autograd.grad(second[0].pow(2).sum() + second[1].sum(), leaves)
                for t in third:
                    print("  third:", digest(t))

# Only the input requires grad (a gradient penalty w.r.t. the data): the node's edges to
# input and weight, and second order reaching only x.
x = torch.randn(3, 2, 5, 5, dtype=torch.float64, requires_grad=True)
w = torch.randn(3, 2, 3, 3, dtype=torch.float64)
gx, = torch.autograd.grad(F.conv2d(x, w, padding=1).pow(2).sum(), x, create_graph=True)
print("input only:", name(gx.grad_fn), [(name(f), i) for f, i in gx.grad_fn.next_functions])
print("  ", digest(torch.autograd.grad(gx.pow(2).sum(), x)[0]))
# Only the weight requires grad, first order through a linear function of it.
w.requires_grad_()
xd = x.detach()
gw, = torch.autograd.grad(F.conv2d(xd, w).sum(), w, create_graph=True)
print("weight only:", name(gw.grad_fn), gw.requires_grad)
gw, = torch.autograd.grad(F.conv2d(xd, w).pow(2).sum(), w, create_graph=True)
print("  ", name(gw.grad_fn), [(name(f), i) for f, i in gw.grad_fn.next_functions])
print("  ", digest(torch.autograd.grad((gw * gw).sum(), w)[0]))

# A Hessian-vector product through a small conv net.
torch.manual_seed(1)
net = torch.nn.Sequential(torch.nn.Conv2d(2, 3, 3, padding=1), torch.nn.Tanh(), torch.nn.Conv2d(3, 1, 3, stride=2),
                          torch.nn.Flatten(), torch.nn.Linear(4, 1))
params = list(net.parameters())
inp = torch.randn(2, 2, 6, 6)
loss = net(inp).pow(2).mean()
g = torch.autograd.grad(loss, params, create_graph=True)
v = [torch.randn_like(p) for p in params]
hv = torch.autograd.grad(sum((gi * vi).sum() for gi, vi in zip(g, v)), params)
for p, h in zip(params, hv):
    print("hvp", tuple(p.shape), digest(h))
print("gradgradcheck", torch.autograd.gradgradcheck(
    lambda a, b: F.conv2d(a, b, stride=2, padding=1),
    (torch.randn(1, 2, 5, 5, dtype=torch.float64, requires_grad=True),
     torch.randn(2, 2, 3, 3, dtype=torch.float64, requires_grad=True))))
