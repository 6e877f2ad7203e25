# F.unfold / F.fold (torch._C._nn.im2col / col2im) and nn.Unfold / nn.Fold: values with
# padding, dilation and stride, unbatched inputs, the nodes and what they save, gradients
# (each is the other's), double backward, forward AD, dtypes, errors, reprs, and a tiny
# training step through Unfold -> Linear -> Fold.
import torch
import torch.autograd.forward_ad as fwAD
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 3, 5, 4, dtype=torch.float64, requires_grad=True)
cols = F.unfold(x, (2, 3), dilation=(1, 2), padding=1, stride=(2, 1))
print(cols.shape, cols.stride(), cols.grad_fn.name())
print(cols.grad_fn._saved_kernel_size, cols.grad_fn._saved_dilation, cols.grad_fn._saved_padding,
      cols.grad_fn._saved_stride, cols.grad_fn._saved_self is x)
print(cols[1, :4].tolist())
w = torch.linspace(-1, 1, cols.numel(), dtype=torch.float64).reshape(cols.shape)
(cols * w).sum().backward()
print(x.grad[0].tolist())

img = F.fold(cols, (5, 4), (2, 3), dilation=(1, 2), padding=1, stride=(2, 1))
print(img.shape, img.stride(), img.grad_fn.name(), img.grad_fn._saved_kernel_size, img.grad_fn._saved_stride)
print(img[0, 1].tolist())

# Overlapping blocks summed in float32: col2im's order of additions.
c = torch.randn(1, 2 * 9, 16)
f = F.fold(c, (6, 6), 3, padding=0, stride=1)
print(f.reshape(-1)[:12].tolist(), f.sum().item())
print(F.unfold(torch.arange(16.).reshape(1, 1, 4, 4), 2, stride=2))
print(F.fold(torch.ones(1, 4, 9), 4, 2) )
print(F.unfold(torch.randn(3, 4, 4), 3).shape, F.fold(torch.randn(12, 4), (3, 3), 2).shape)
print(F.unfold(torch.randn(0, 2, 4, 4), 2).shape, F.fold(torch.randn(0, 8, 9), (4, 4), 2).shape)
print(F.unfold(torch.randn(1, 1, 3, 3), [2, 2], 1, [0, 0], 1).shape)
print(F.unfold(torch.arange(9.).reshape(1, 1, 3, 3).transpose(2, 3), 2).tolist())
for dt in [torch.float16, torch.bfloat16]:
    t = torch.randn(1, 8, 9).to(dt)
    print(F.fold(t, (4, 4), 2).reshape(-1).tolist(), F.unfold(t.reshape(1, 2, 6, 6), 2).dtype)

# Second order: Col2ImBackward0 takes an im2col, Im2ColBackward0 a col2im.
b = torch.randn(1, 2, 4, 4, dtype=torch.float64, requires_grad=True)
out = F.fold(F.unfold(b * b, 2).sin(), (4, 4), 2)
g, = torch.autograd.grad(out.sum(), b, create_graph=True)
print(g.grad_fn.name())
h, = torch.autograd.grad((g * g).sum(), b)
print(h.reshape(-1)[:6].tolist(), h.sum().item())

with fwAD.dual_level():
    d = fwAD.make_dual(torch.randn(1, 1, 3, 3), torch.arange(9.0).reshape(1, 1, 3, 3))
    u = F.unfold(d, 2)
    print(fwAD.unpack_dual(u).tangent.tolist())
    print(fwAD.unpack_dual(F.fold(u, 3, 2)).tangent.tolist())

unf = nn.Unfold(kernel_size=(2, 2), padding=1)
fld = nn.Fold(output_size=(4, 4), kernel_size=2, stride=2)
print(unf, fld)
torch.manual_seed(1)
lin = nn.Linear(4, 4)
opt = torch.optim.SGD(lin.parameters(), lr=0.1)
inp = torch.randn(2, 1, 4, 4)
target = torch.randn(2, 1, 4, 4)
for step in range(2):
    opt.zero_grad()
    blocks = nn.Unfold(2, stride=2)(inp)
    recon = fld(lin(blocks.transpose(1, 2)).transpose(1, 2))
    loss = F.mse_loss(recon, target)
    loss.backward()
    opt.step()
    print(step, loss.item(), recon.grad_fn.name(), lin.weight.grad.reshape(-1)[:4].tolist())

errors = [
    lambda: F.unfold(torch.randn(4, 4), 2),
    lambda: F.unfold(torch.randn(4), 2),
    lambda: F.unfold(torch.tensor(1.), 2),
    lambda: F.unfold(torch.randn(1, 1, 1, 4, 4), 2),
    lambda: F.unfold(torch.randn(1, 0, 4, 4), 2),
    lambda: F.unfold(torch.randn(0, 4, 4), 2),
    lambda: F.unfold(torch.randn(1, 1, 4, 4), 5),
    lambda: F.unfold(torch.randn(1, 1, 4, 6), (5, 2)),
    lambda: F.unfold(torch.randn(1, 1, 4, 4), 0),
    lambda: F.unfold(torch.randn(1, 1, 4, 4), 2, dilation=0),
    lambda: F.unfold(torch.randn(1, 1, 4, 4), 2, padding=-1),
    lambda: F.unfold(torch.randn(1, 1, 4, 4), 2, stride=0),
    lambda: F.unfold(torch.randn(1, 1, 4, 4), (2, 2, 2)),
    lambda: F.unfold(torch.randn(1, 1, 4, 4), 2, padding=(1,)),
    lambda: F.unfold(torch.randn(1, 1, 4, 4), 2.0),
    lambda: F.unfold(torch.randn(1, 1, 4, 4), 'a'),
    lambda: F.unfold([1.0], 2),
    lambda: F.unfold(torch.ones(1, 1, 4, 4, dtype=torch.int64), 2),
    lambda: F.fold(torch.randn(4), (4, 4), 2),
    lambda: F.fold(torch.randn(1, 1, 4, 9), (4, 4), 2),
    lambda: F.fold(torch.randn(1, 0, 9), (4, 4), 2),
    lambda: F.fold(torch.randn(1, 5, 9), (4, 4), 2),
    lambda: F.fold(torch.randn(1, 4, 5), (4, 4), 2),
    lambda: F.fold(torch.randn(1, 4, 9), (4, 4, 4), 2),
    lambda: F.fold(torch.randn(1, 4, 9), (4, 4), 2, stride=0),
    lambda: F.fold(torch.randn(1, 4, 9), (4, 4), 0, stride=0),
    lambda: F.fold(torch.randn(1, 4, 9), (4, 4), 2, dilation=-1, padding=-1),
    lambda: F.fold(torch.randn(1, 4, 1), (1, 1), 2),
    lambda: F.fold(torch.randn(1, 4, 1), (0, 2), 2, padding=1),
    lambda: F.fold(torch.ones(1, 4, 9, dtype=torch.bool), (4, 4), 2),
]
for fn in errors:
    try:
        fn()
        print('no error')
    except (RuntimeError, TypeError, IndexError) as e:
        print(type(e).__name__, e)
