# hstack / vstack / concatenate / concat, atleast_1d/2d/3d, broadcast_to /
# broadcast_tensors, swapaxes / swapdims, fliplr / flipud, diff (n, prepend, append,
# bool), repeat_interleave: shapes, values and grad_fn names, and gradients.
import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = torch.tensor([4.0, 5.0, 6.0], requires_grad=True)
m = torch.arange(6.0).reshape(2, 3).requires_grad_()

def show(name, t):
    if isinstance(t, tuple):
        print(name, [(tuple(x.shape), type(x.grad_fn).__name__ if x.grad_fn else None) for x in t])
    else:
        print(name, t, tuple(t.shape), type(t.grad_fn).__name__ if t.grad_fn else None)

show("hstack", torch.hstack([a, b]))
show("hstack2", torch.hstack((m, m)))
show("vstack", torch.vstack([a, b]))
show("vstack2", torch.vstack([m, a]))
show("concatenate", torch.concatenate([a, b]))
show("concat", torch.concat([m, m], dim=1))
show("atleast_1d", torch.atleast_1d(torch.tensor(2.0)))
show("atleast_1d_same", torch.atleast_1d(a))
show("atleast_2d", torch.atleast_2d(a))
show("atleast_3d", torch.atleast_3d(m))
show("atleast_3d_1", torch.atleast_3d(a))
show("atleast_3d_0", torch.atleast_3d(torch.tensor(1.0)))
show("atleast_2d_many", torch.atleast_2d(a, m, torch.tensor(1.0)))
show("atleast_1d_list", torch.atleast_1d([a, torch.tensor(1.0)]))
show("broadcast_to", torch.broadcast_to(a, (2, 3)))
show("broadcast_to_m", a.broadcast_to(4, 3))
show("broadcast_tensors", torch.broadcast_tensors(a, m, torch.tensor(1.0)))
show("swapaxes", torch.swapaxes(m, 0, 1))
show("swapdims", m.swapdims(1, 0))
show("fliplr", torch.fliplr(m))
show("flipud", m.flipud())
show("diff", torch.diff(a))
show("diff2", torch.diff(m, dim=0))
show("diff_n", torch.diff(torch.tensor([1.0, 4.0, 9.0, 16.0, 25.0]), n=2))
show("diff_pre", torch.diff(a, prepend=torch.tensor([0.0]), append=b))
show("diff_bool", torch.diff(torch.tensor([True, False, False, True])))
show("diff_int", torch.tensor([3, 8, 2]).diff())
show("repeat_interleave", a.repeat_interleave(2))
show("repeat_interleave_dim", torch.repeat_interleave(m, 2, dim=0))
show("repeat_interleave_t", torch.repeat_interleave(m, torch.tensor([1, 2]), dim=0))
print(torch.broadcast_shapes((2, 1), (3,)), torch.as_tensor([1, 2]), torch.as_tensor(a) is a, torch.as_tensor(a, dtype=torch.float64))

(torch.hstack([a, b]) * torch.arange(6.0)).sum().backward()
print(a.grad, b.grad)
(torch.vstack([m, a]).sum(0) * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
print(m.grad, a.grad)
(torch.diff(a, n=2).sum() + a.repeat_interleave(3).pow(2).sum() + torch.fliplr(m).select(1, 0).sum()).backward()
print(a.grad, m.grad)

for fn in (lambda: torch.fliplr(a), lambda: torch.flipud(torch.tensor(1.0)), lambda: torch.diff(torch.tensor(1.0)),
           lambda: torch.broadcast_to(a, (2, 4))):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__, e)
