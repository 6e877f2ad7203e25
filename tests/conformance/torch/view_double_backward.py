# Double backward through slices and through in-place writes into views (CopySlices), as
# F.pad's circular mode and index assignments need: SliceBackward0's backward is
# differentiable (SliceBackwardBackward0 slices the incoming gradient), and CopySlices under
# create_graph keeps its gradients functions of the incoming one. Values, requires_grad,
# the first-order grad_fn where PyTorch's graph and ours agree, and gradgradcheck.
import torch

x = torch.arange(1., 6., dtype=torch.float64, requires_grad=True)
go = torch.tensor([0.5, -1.], dtype=torch.float64, requires_grad=True)
g, = torch.autograd.grad(x[1:4:2], x, go, create_graph=True)
n = g.grad_fn
print(g, n.name(), n._saved_dim, n._saved_start, n._saved_end, n._saved_step)
print(torch.autograd.grad(g, go, torch.arange(5., dtype=torch.float64)))

def write_slice(t):
    z = torch.zeros(5, dtype=t.dtype)
    z[1:3] = t[:2] * t[3:]
    return z

def write_select(t):
    z = t.reshape(1, 5).repeat(3, 1)
    z[:, 1] *= t[2]
    z[2] = t.flip(0) ** 2
    return z

def write_diagonal(t):
    z = torch.zeros(5, 5, dtype=t.dtype)
    z.diagonal().copy_(t.exp())
    z.t()[0] += t
    return z

for f in (write_slice, write_select, write_diagonal):
    y = f(x)
    gy = torch.linspace(-1, 1, y.numel(), dtype=torch.float64).reshape(y.shape).requires_grad_()
    gx, = torch.autograd.grad(y, x, gy, create_graph=True)
    print(f.__name__, y.grad_fn.name(), gx, gx.requires_grad)
    ggx, ggy = torch.autograd.grad(gx.pow(2).sum(), (x, gy), allow_unused=True)
    print("  ", ggx, ggy)
    print("  ", torch.autograd.gradgradcheck(f, (x,)))
