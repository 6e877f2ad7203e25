# F.pad's reflect / replicate / circular modes as 1.13 computes them: reflection_pad and
# replication_pad of the last 1, 2 or 3 dimensions (with or without a batch dimension)
# record ReflectionPad2DBackward0 and friends, whose backward sums the gradients of every
# copy of an element (and is differentiable again: ...BackwardBackward0), while circular is
# a composite of slices copied into an empty tensor (CopySlices). Values, gradients to the
# last bit, saved padding, negative (cropping) padding, the nn modules and their reprs, and
# Conv's padding_mode.
import math, struct, torch
import torch.nn as nn
import torch.nn.functional as F

def values(n, seed, scale):
    state, out = seed * 7919 + 1, []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        out.append(scale * (state / 1073741824.0 - 1.0))
    return out

def digest(t):
    vals = t.flatten().tolist()
    bits = sum(struct.unpack('<Q', struct.pack('<d', float(v)))[0] for v in vals) % (2 ** 61 - 1)
    return "%s %d %r %s" % (tuple(t.shape), len(vals), math.fsum(vals), bits)

def chain(node, depth=4):
    if node is None or depth == 0:
        return str(node and node.name())
    nexts = [chain(n, depth - 1) for n, _ in node.next_functions]
    return node.name() + ("(" + ", ".join(nexts) + ")" if nexts else "")

x = torch.arange(1., 7.).reshape(1, 2, 3)
for mode in ("reflect", "replicate", "circular"):
    print(mode, F.pad(x, (2, 1), mode=mode))
    print(mode, F.pad(x, (-1, 2), mode=mode))
x = torch.arange(1., 13.).reshape(1, 1, 3, 4)
for mode in ("reflect", "replicate", "circular"):
    print(mode, F.pad(x, (1, 2, 2, 0), mode=mode))
    print(mode, F.pad(x, (-1, 0, 1, -1), mode=mode))
x = torch.arange(1., 9.).reshape(1, 1, 2, 2, 2)
for mode in ("reflect", "replicate", "circular"):
    print(mode, F.pad(x, (1, 0, 0, 1, 1, 1), mode=mode))
print(F.pad(torch.arange(6).reshape(1, 2, 3), (1, 2), mode="circular"))
print(F.pad(torch.tensor([[[True, False]]]), (1, 1), mode="circular"))
print(F.pad(torch.zeros(0, 2, 3), (1, 1), mode="reflect").shape, F.pad(torch.zeros(0, 2, 3), (1, 1), mode="replicate").shape)

# Gradients: every copy of an element adds into its gradient, in the output's order.
for dtype in (torch.float32, torch.float64):
    for shape, pad in (((2, 7), (3, 2)), ((2, 3, 9), (4, 4)), ((3, 5, 6), (2, 1, 3, 4)), ((2, 2, 4, 5), (-1, 3, 2, -2)),
                       ((2, 3, 3, 4), (1, 1, 2, 2, 1, 0)), ((1, 2, 3, 4, 5), (2, 2, -1, 1, 2, 1))):
        n = math.prod(shape)
        for mode in ("reflect", "replicate", "circular"):
            if mode == "circular" and len(shape) == len(pad) // 2 + 1:
                continue
            x = torch.tensor(values(n, n, 3.0), dtype=dtype).reshape(shape).requires_grad_()
            y = F.pad(x, pad, mode=mode)
            g = torch.tensor(values(y.numel(), n + 1, 1.0), dtype=dtype).reshape(y.shape)
            gx, = torch.autograd.grad(y, x, g)
            print(dtype, shape, pad, mode, y.grad_fn.name(), digest(y), digest(gx))

# The nodes: saved self and padding; circular's chain of CopySlices.
x = torch.randn(1, 2, 3, 4, requires_grad=True)
for mode in ("reflect", "replicate"):
    y = F.pad(x, (1, 2, 0, 1), mode=mode)
    print(y.grad_fn.name(), y.grad_fn._saved_padding, y.grad_fn._saved_self is x, chain(y.grad_fn))
    y = F.pad(x[0], (1, 1), mode=mode)
    print(y.grad_fn.name(), y.grad_fn._saved_padding, chain(y.grad_fn))
    y = F.pad(x.unsqueeze(0), (1, 1, 1, 1, 1, 1), mode=mode)
    print(y.grad_fn.name(), y.grad_fn._saved_padding, chain(y.grad_fn))
y = F.pad(x, (1, 2, 0, 1), mode="circular")
print(chain(y.grad_fn, 5))
y = F.pad(x[0], (1, 0), mode="circular")
print(chain(y.grad_fn, 5))

# Double backward: the backward pads the incoming gradient again; self gets zeros.
for mode in ("reflect", "replicate"):
    for shape, pad in (((2, 5), (2, 3)), ((1, 4, 5), (1, 2, 3, 1)), ((2, 3, 3, 4), (1, 1, 2, 2, 1, 0))):
        x = torch.tensor(values(math.prod(shape), 3, 2.0), dtype=torch.float64).reshape(shape).requires_grad_()
        y = F.pad(x, pad, mode=mode)
        g = torch.tensor(values(y.numel(), 4, 1.0), dtype=torch.float64).reshape(y.shape).requires_grad_()
        gx, = torch.autograd.grad(y, x, g, create_graph=True)
        node = gx.grad_fn
        print(mode, shape, node.name(), node._saved_padding, [n and n.name() for n, _ in node.next_functions])
        gg = torch.tensor(values(x.numel(), 5, 1.0), dtype=torch.float64).reshape(x.shape)
        ggx, ggy = torch.autograd.grad(gx, (x, g), gg)
        print("  ", digest(gx), digest(ggx), digest(ggy), ggy.grad_fn)
    x = torch.randn(2, 3, 5, dtype=torch.float64, requires_grad=True)
    print(mode, torch.autograd.gradcheck(lambda t: F.pad(t, (2, 3), mode=mode), (x,)),
          torch.autograd.gradgradcheck(lambda t: F.pad(t, (2, -1), mode=mode), (x,)))
x = torch.randn(2, 3, 5, dtype=torch.float64, requires_grad=True)
print("circular", torch.autograd.gradcheck(lambda t: F.pad(t, (2, 3), mode="circular"), (x,)),
      torch.autograd.gradgradcheck(lambda t: F.pad(t, (2, -1), mode="circular"), (x,)))

# A non-contiguous input, and the gradient of a non-contiguous output.
x = torch.tensor(values(60, 9, 2.0)).reshape(3, 4, 5).requires_grad_()
y = F.pad(x.transpose(1, 2), (2, 1, 1, 2), mode="reflect")
y.t().sum(0).pow(2).sum().backward() if y.dim() == 2 else (y.transpose(0, 2) ** 2).sum().backward()
print(digest(y), digest(x.grad))

# Forward-mode: the tangent is padded alike.
import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    p = torch.arange(6.).reshape(1, 2, 3)
    dual = fwAD.make_dual(p, torch.ones(1, 2, 3) * torch.tensor([1., 2., 3.]))
    for mode in ("reflect", "replicate"):
        print(mode, fwAD.unpack_dual(F.pad(dual, (2, 1), mode=mode)).tangent)

# The modules.
for m in (nn.ReflectionPad1d(2), nn.ReflectionPad1d((3, 1)), nn.ReflectionPad2d(1), nn.ReflectionPad2d((1, 0, 2, 1)),
          nn.ReflectionPad3d(1), nn.ReplicationPad1d((0, 2)), nn.ReplicationPad2d(2), nn.ReplicationPad3d((1, 2, 0, 1, 1, 0)),
          nn.ConstantPad2d(1, 0.5), nn.ZeroPad2d((1, 2, 0, 0))):
    print(m, m.padding)
x = torch.arange(9.).reshape(1, 1, 3, 3)
print(nn.ReflectionPad2d(2)(x))
print(nn.ReplicationPad2d((1, 0, 2, 1))(x))
print(nn.Sequential(nn.ReflectionPad1d(1), nn.ReplicationPad1d(1))(torch.arange(4.).reshape(1, 1, 4)))

# Conv's padding_mode pads with F.pad before a zero-padding convolution.
torch.manual_seed(0)
for mode in ("reflect", "replicate", "circular"):
    conv = nn.Conv2d(2, 3, 3, padding=1, padding_mode=mode)
    print(conv)
    x = torch.randn(1, 2, 4, 5, requires_grad=True)
    out = conv(x)
    out.sum().backward()
    print(mode, out.grad_fn.name(), out.grad_fn.next_functions[0][0].name(), digest(out), digest(x.grad))
conv = nn.Conv1d(2, 2, 3, padding=2, padding_mode="circular")
x = torch.randn(1, 2, 6, requires_grad=True)
print(conv, digest(conv(x)))
