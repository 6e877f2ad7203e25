# F.pixel_shuffle / F.pixel_unshuffle (torch.*) and nn.PixelShuffle / PixelUnshuffle:
# values, shapes, output layouts (channels_last kept), the nodes and what they save,
# gradients (each is the other's), double backward, forward AD, errors, reprs.
import torch
import torch.autograd.forward_ad as fwAD
import torch.nn as nn
import torch.nn.functional as F

x = torch.arange(2 * 8 * 2 * 3, dtype=torch.float64).reshape(2, 8, 2, 3).requires_grad_()
y = F.pixel_shuffle(x, 2)
print(y.shape, y.stride(), y.grad_fn.name(), y.grad_fn._saved_upscale_factor)
print(y[0].tolist())
z = F.pixel_unshuffle(y, 2)
print(z.shape, z.stride(), z.grad_fn.name(), z.grad_fn._saved_downscale_factor, torch.equal(z, x))
w = torch.linspace(-1, 1, y.numel(), dtype=torch.float64).reshape(y.shape)
(y * w).sum().backward()
print(x.grad[1].tolist())

print(torch.pixel_shuffle(torch.arange(16).reshape(4, 2, 2), 2))
print(torch.pixel_unshuffle(torch.arange(16).reshape(1, 4, 4), 2))
print(F.pixel_shuffle(torch.randn(5, 1, 4, 4, 4), 2).shape, F.pixel_unshuffle(torch.randn(2, 3, 1, 6, 4), 2).shape)
print(F.pixel_shuffle(torch.randn(0, 4, 1, 1), 2).shape, F.pixel_shuffle(torch.randn(4, 1, 1), 1).grad_fn)
print(torch.pixel_shuffle(input=torch.ones(4, 1, 1), upscale_factor=2).shape)

# Layouts: a transposed input gives a contiguous output, a channels_last one channels_last.
torch.manual_seed(0)
a = torch.randn(3, 4, 8, 2)
channels_last = a.permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2)
for t in [a.transpose(2, 3), channels_last, a.permute(0, 2, 3, 1), channels_last[:, :, :4]]:
    s = F.pixel_shuffle(t, 2)
    u = F.pixel_unshuffle(t, 2)
    print(s.shape, s.stride(), u.shape, u.stride(), s.sum().item(), u.reshape(-1)[:5].tolist())

# Gradients through a graph, and second order: the backward of PixelShuffleBackward0 is a
# PixelUnshuffle, and so on.
b = torch.randn(2, 9, 3, 3, dtype=torch.float64, requires_grad=True)
out = F.pixel_unshuffle(F.pixel_shuffle(b * b, 3).sin(), 3)
g, = torch.autograd.grad(out.sum(), b, create_graph=True)
print(g.grad_fn.name(), g.grad_fn.next_functions[0][0].name())
h, = torch.autograd.grad((g * g).sum(), b)
print(h.reshape(-1)[:6].tolist(), h.sum().item())

with fwAD.dual_level():
    d = fwAD.make_dual(torch.randn(1, 4, 1, 2), torch.arange(8.0).reshape(1, 4, 1, 2))
    print(fwAD.unpack_dual(F.pixel_shuffle(d, 2)).tangent.tolist())
    print(fwAD.unpack_dual(F.pixel_unshuffle(F.pixel_shuffle(d, 2), 2)).tangent.tolist())

m = nn.PixelShuffle(3)
n = nn.PixelUnshuffle(2)
print(m, m.upscale_factor, n, n.downscale_factor, nn.Sequential(n, m))
print(m(torch.randn(1, 18, 2, 2)).shape, n(torch.randn(1, 2, 4, 6)).shape)

for f in [lambda: F.pixel_shuffle(torch.randn(3, 4), 2), lambda: F.pixel_shuffle(torch.randn(3, 4), 0),
          lambda: F.pixel_shuffle(torch.randn(1, 3, 4, 4), 2), lambda: F.pixel_shuffle(torch.randn(1, 4, 4, 4), 0),
          lambda: F.pixel_shuffle(torch.randn(1, 4, 4, 4), -2), lambda: F.pixel_shuffle(torch.randn(1, 4, 4, 4), 2.0),
          lambda: F.pixel_shuffle(torch.randn(4, 1, 1)), lambda: F.pixel_unshuffle(torch.randn(4, 4), 2),
          lambda: F.pixel_unshuffle(torch.randn(1, 3, 4, 4), 0), lambda: F.pixel_unshuffle(torch.randn(1, 3, 5, 5), 2),
          lambda: F.pixel_unshuffle(torch.randn(1, 3, 4, 5), 2)]:
    try:
        f()
        print('no error')
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)
