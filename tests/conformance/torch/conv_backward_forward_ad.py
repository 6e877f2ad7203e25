# Forward-over-reverse through convolution: under a dual level, the gradients computed by
# ConvolutionBackward0 (convolution_backward) carry tangents, from 1.13's forward formulas
# of convolution_backward (two backward passes per gradient; grad_output's tangent summed
# for the bias). Tangents on the input, on the weight, and a Hessian-vector product.
import math, struct, torch
import torch.nn.functional as F
import torch.autograd.forward_ad as fwAD

def digest(t):
    if t is None:
        return "None"
    vals = t.flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', v))[0] for v in vals) % (2 ** 61 - 1)
    return "%s %r %s" % (tuple(t.shape), math.fsum(vals), bits)

torch.manual_seed(0)
for label, f, transposed, opts in (("conv2d", F.conv2d, False, dict(stride=2, padding=1)),
                                   ("conv1d", F.conv1d, False, dict(dilation=2)),
                                   ("conv_transpose2d", F.conv_transpose2d, True, dict(stride=2, output_padding=1)),
                                   ("conv2d groups", F.conv2d, False, dict(groups=2, padding=1))):
    # (1.13 cannot give a float32 conv1d's weight a tangent: its oneDNN path sees the 2-d view)
    for dtype in (torch.float64,) if label == "conv1d" else (torch.float64, torch.float32):
        dims = 1 if label == "conv1d" else 2
        cin, cout = (4, 2) if "groups" in label else (2, 3)
        groups = opts.get("groups", 1)
        x0 = torch.randn((2, cin) + (5,) * dims, dtype=dtype)
        wshape = (cin, cout // groups) if transposed else (cout, cin // groups)
        w0 = torch.randn(wshape + (3,) * dims, dtype=dtype)
        b = torch.randn(cout, dtype=dtype, requires_grad=True)
        for tangent_on in ("input", "weight"):
            with fwAD.dual_level():
                if tangent_on == "input":
                    x = fwAD.make_dual(x0, torch.randn_like(x0))
                    w = w0.clone().requires_grad_()
                    leaves = (w, b)
                else:
                    x = x0.clone().requires_grad_()
                    w = fwAD.make_dual(w0.clone().requires_grad_(), torch.randn_like(w0))
                    leaves = (x, b)
                y = f(x, w, b, **opts)
                grads = torch.autograd.grad((y * y).sum(), leaves)
                print(label, dtype, "tangent on", tangent_on)
                for g in grads:
                    print("  ", digest(g), digest(fwAD.unpack_dual(g).tangent))
# Hessian-vector product forward-over-reverse: the tangent of the gradient w.r.t. the weight.
w = torch.randn(3, 2, 3, 3, dtype=torch.float64)
x = torch.randn(2, 2, 6, 6, dtype=torch.float64)
v = torch.randn_like(w)
with fwAD.dual_level():
    wd = fwAD.make_dual(w.clone().requires_grad_(), v)
    g, = torch.autograd.grad(F.conv2d(x, wd).pow(2).sum(), wd)
    print("hvp", digest(fwAD.unpack_dual(g).tangent))
