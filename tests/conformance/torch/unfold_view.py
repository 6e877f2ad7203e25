# Tensor.unfold(dimension, size, step): a view of the windows (strides, storage offset, _base),
# UnfoldBackward0's saved attributes, unfold_backward's sums over overlapping windows (window
# by window), UnfoldBackwardBackward0 under create_graph, in-place writes through the view
# (CopySlices), forward AD and 1.13's errors.
import torch

torch.manual_seed(0)

def attempt(f):
    try:
        r = f()
        print(r if not isinstance(r, torch.Tensor) else (r, r.grad_fn.name() if r.grad_fn else None))
    except (TypeError, RuntimeError, IndexError) as e:
        print(type(e).__name__, e)

x = torch.arange(10.)
u = x.unfold(0, 4, 3)
print(u, u.stride(), u.storage_offset(), u._base is x, u.is_contiguous())
g = torch.arange(24.).view(2, 3, 4)
for args in ((1, 2, 1), (2, 3, 1), (-1, 2, 2), (0, 1, 5), (2, 4, 4), (1, 3, 2), (0, 0, 1)):
    v = g.unfold(*args)
    print(args, v.shape, v.stride(), v.tolist())
print(g.t().unfold(0, 2, 1).stride() if g.dim() == 2 else g.transpose(0, 2).unfold(1, 2, 1).stride(), g[:, 1:].unfold(2, 2, 1).storage_offset())
print(torch.tensor(3.).unfold(0, 1, 1), torch.tensor(3.).unfold(-1, 1, 5), torch.tensor(3.).unfold(0, 0, 2).shape)
print(x.unfold(0, 2, 3).unfold(1, 1, 1).shape)

a = torch.randn(11, dtype=torch.float64, requires_grad=True)
r = a.unfold(0, 5, 2)
fn = r.grad_fn
print(fn.name(), fn._saved_dimension, fn._saved_size, fn._saved_step, fn._saved_self_sizes, r._base is a)
print(a.unfold(-1, 2, 2).grad_fn._saved_dimension)
w = torch.randn(r.shape, dtype=torch.float64)
r.backward(w)
print(a.grad.tolist())
b = torch.randn(4, 13, 3, requires_grad=True)
for args in ((1, 6, 1), (1, 3, 5), (1, 13, 1), (0, 2, 1), (2, 1, 1), (-2, 4, 3)):
    b.grad = None
    o = b.unfold(*args)
    o.backward(torch.randn(o.shape))
    print(args, b.grad.sum().item(), b.grad.flatten().tolist()[:20])
s = torch.tensor(2., requires_grad=True)
s.unfold(0, 1, 1).backward(torch.tensor([5.]))
print(s.grad)
c = torch.randn(10, requires_grad=True)
gg, = torch.autograd.grad(c.unfold(0, 4, 1), c, torch.ones(7, 4, requires_grad=True), create_graph=True)
print(gg, gg.grad_fn.name(), gg.grad_fn._saved_dim, gg.grad_fn._saved_size, gg.grad_fn._saved_step)
gg.sum().backward()
print(c.grad)

y = torch.arange(10.).requires_grad_()
z = y * 1
v = z.unfold(0, 3, 2)
v.mul_(2)
print(z, z.grad_fn.name(), v.grad_fn.name(), v._version, z._version)
z.sum().backward()
print(y.grad)

import torch.autograd.forward_ad as fwAD
with fwAD.dual_level():
    d = fwAD.make_dual(torch.zeros(6), torch.arange(6.))
    print(fwAD.unpack_dual(d.unfold(0, 3, 2)).tangent)

leaf = torch.ones(5, requires_grad=True)
for call in (lambda: x.unfold(0, 11, 1), lambda: x.unfold(0, 2, 0), lambda: x.unfold(0, 2, -1), lambda: x.unfold(1, 2, 1),
             lambda: torch.tensor(3.).unfold(0, 2, 1), lambda: x.unfold(0, 2), lambda: x.unfold(dimension=0, size=2, step=1.5),
             lambda: x.unfold(0, 2, 1, 1), lambda: leaf.unfold(0, 2, 1).mul_(2)):
    attempt(call)
