# The in-place view methods t_, transpose_, squeeze_ and unsqueeze_: new geometry, same
# values, a bumped version, and the op's node as the tensor's grad_fn (on a view too,
# whose base keeps its history).
import torch
import torch.autograd.forward_ad as fwAD

x = torch.arange(6., dtype=torch.float64).reshape(2, 3).requires_grad_()
y = x * 2
print(y.t_() is y, y.shape, y.stride(), y.is_contiguous(), y._version, y.grad_fn)
y.transpose_(0, 1)
print(y.shape, y.grad_fn, y.grad_fn._saved_dim0, y.grad_fn._saved_dim1)
y.unsqueeze_(1)
print(y.shape, y.stride(), y.grad_fn, y.grad_fn._saved_dim)
y.squeeze_(1)
print(y.shape, y.grad_fn, y.grad_fn._saved_dim, y.grad_fn._saved_self_sizes)
z = y.unsqueeze(0).unsqueeze(2) * 1
z.squeeze_()
print(z.shape, z.grad_fn, z.grad_fn._saved_self_sizes)
(y * torch.arange(1., 7., dtype=torch.float64).reshape(2, 3)).sum().backward()
print(x.grad)

# On a view: the view's grad_fn is the op's node, its base keeps its own history.
base = x * 3
row = base[1]
row.unsqueeze_(0)
print(row.grad_fn, row.grad_fn.next_functions[0][0], base.grad_fn, base._version, row._base is base)
x.grad = None
row.sum().backward()
print(x.grad)

# retain_grad follows the tensor to its new node.
w = x * 1
w.retain_grad()
w.t_()
w.sum().backward(retain_graph=True)
print(w.grad.shape)

# Errors PyTorch raises.
for bad in (lambda: x.t_(), lambda: x[0].unsqueeze_(0), lambda: torch.ones(2, 3, 4).t_(),
            lambda: torch.ones(1, 2).squeeze_(5), lambda: torch.ones(2).unsqueeze_(-3),
            lambda: (x * 1).transpose_(0, 2), lambda: (x * 1).split(1)[0].t_()):
    try:
        bad()
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__, e)
with torch.inference_mode():
    frozen = torch.ones(2, 3)
try:
    frozen.t_()
except RuntimeError as e:
    print(e)
with torch.no_grad():
    x.t_()
print(x.shape, x.is_leaf, x._version)

with fwAD.dual_level():
    d = fwAD.make_dual(torch.ones(2, 3), torch.arange(6.).reshape(2, 3))
    d.t_()
    print(fwAD.unpack_dual(d).tangent)
    d.unsqueeze_(1)
    print(fwAD.unpack_dual(d).tangent.shape)
    d.squeeze_()
    print(fwAD.unpack_dual(d).tangent.shape)
