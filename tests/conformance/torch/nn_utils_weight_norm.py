# torch.nn.utils.weight_norm / remove_weight_norm: weight_g and weight_v, the fused kernel
# for the first and the last dim (WeightNormInterfaceBackward0, its own order of additions),
# the composite path for other dims and dim=None, the gradients, state_dict keys, training
# steps, removal, and the errors.
import torch
import torch.autograd.forward_ad as fwAD
from torch import nn


def walk(fn, depth=0):
    if fn is None:
        return
    print('  ' * depth + type(fn).__name__)
    for next_fn, _ in fn.next_functions:
        walk(next_fn, depth + 1)


torch.manual_seed(0)
for make, dim in ((lambda: nn.Linear(5, 3), 0), (lambda: nn.Linear(11, 4), 1), (lambda: nn.Linear(4, 3), None),
                  (lambda: nn.Conv1d(2, 3, 3), 1), (lambda: nn.Conv2d(2, 4, 3), 0),
                  (lambda: nn.Conv2d(3, 2, (1, 3)), -1), (lambda: nn.Linear(37, 2).double(), 0),
                  (lambda: nn.Linear(3, 21).double(), 1)):
    m = nn.utils.weight_norm(make(), dim=dim)
    print(m, dim)
    print([name for name, _ in m.named_parameters()], list(m.state_dict().keys()))
    print(m.weight_g.shape, m.weight_g.tolist())
    print(m.weight_v.shape, m.weight.requires_grad, isinstance(m.weight, nn.Parameter))
    print(m.weight.tolist())
    print(m.weight.grad_fn)
    # The norm over every dim (dim=None, dim=-1) is at::norm(v, 2), whose node
    # (NormBackward0) the engine lacks.
    if dim not in (None, -1):
        walk(m.weight.grad_fn)
    in_shape = {nn.Linear: lambda: (3, m.in_features), nn.Conv1d: lambda: (2, m.in_channels, 6),
                nn.Conv2d: lambda: (2, m.in_channels, 5, 5)}[type(m)]()
    x = torch.randn(*in_shape, dtype=m.weight.dtype)
    out = m(x)
    out.pow(2).sum().backward()
    print(out.sum().item(), m.weight_g.grad.tolist())
    print(m.weight_v.grad.flatten()[:12].tolist())
    print(m.bias.grad.tolist())

# Training: the hook recomputes the weight before every forward.
torch.manual_seed(1)
m = nn.utils.weight_norm(nn.Linear(9, 3))
opt = torch.optim.SGD(m.parameters(), lr=0.1)
x, y = torch.randn(8, 9), torch.randn(8, 3)
for step in range(3):
    opt.zero_grad()
    loss = nn.functional.mse_loss(m(x), y)
    loss.backward()
    opt.step()
    print(step, loss.item(), m.weight.flatten()[:4].tolist(), m.weight_g.flatten().tolist())
print(m(x).sum().item())

# Removal folds the two back into one parameter.
w_before = m.weight.detach().clone()
print(nn.utils.remove_weight_norm(m) is m, m)
print([name for name, _ in m.named_parameters()], torch.equal(m.weight, w_before), type(m.weight).__name__,
      m._forward_pre_hooks)

# The functions under it.
v = torch.randn(3, 10, requires_grad=True)
g = torch.randn(3, 1, requires_grad=True)
w = torch._weight_norm(v, g, 0)
print(w.grad_fn.name(), w.tolist())
w.backward(torch.randn(3, 10))
print(v.grad.tolist(), g.grad.tolist())
print(torch.norm_except_dim(v, 2, 0).tolist(), torch.norm_except_dim(v, 2, -1).item())
print(torch.norm_except_dim(v, 3, 1).tolist())
walk(torch.norm_except_dim(torch.randn(2, 3, 4, requires_grad=True), 2, 1).grad_fn)
w, norm = torch._weight_norm_interface(v, g, 0)
print(w.grad_fn.name(), norm.tolist(), norm.requires_grad)
w, norm = torch._weight_norm_interface(v.detach(), g.detach(), 1 - 1)
print(w.requires_grad, w.grad_fn)

# A second derivative goes through the differentiable formula.
v = torch.randn(4, 6, dtype=torch.float64, requires_grad=True)
g = torch.randn(4, 1, dtype=torch.float64, requires_grad=True)
w = torch._weight_norm(v, g, 0)
(gv, gg) = torch.autograd.grad(w.pow(3).sum(), (v, g), create_graph=True)
print(gv.grad_fn is not None, gg.tolist())
print(torch.autograd.grad(gv.sum() + gg.sum(), (v, g)))

# The errors.
m = nn.utils.weight_norm(nn.Linear(2, 2))
try:
    nn.utils.weight_norm(m)
except RuntimeError as e:
    print(type(e).__name__, e)
print(nn.utils.weight_norm(m, name='bias', dim=None).bias_g)
try:
    nn.utils.remove_weight_norm(nn.Linear(2, 2))
except ValueError as e:
    print(type(e).__name__, e)
try:
    nn.utils.remove_weight_norm(m, 'other')
except ValueError as e:
    print(type(e).__name__, e)
try:
    nn.utils.weight_norm(nn.Linear(2, 2), name='missing')
except AttributeError as e:
    print(type(e).__name__, e)
try:
    nn.utils.weight_norm(nn.LazyLinear(3))
except ValueError as e:
    print(type(e).__name__, e)
t = torch.randn(2, 3)
for call in (lambda: torch.norm_except_dim(None), lambda: torch.norm_except_dim(t, 'a'),
             lambda: torch.norm_except_dim(t, 2.5), lambda: torch.norm_except_dim(t, 2, 1.0),
             lambda: torch.norm_except_dim(t, True), lambda: torch.norm_except_dim(t, 2, 5),
             lambda: torch.norm_except_dim(t, 2, -3), lambda: torch._weight_norm(t, None),
             lambda: torch._weight_norm(t, torch.ones(2, 1), 'x'), lambda: torch._weight_norm(t, torch.ones(2, 1), 5),
             lambda: torch._weight_norm_interface(t, None),
             lambda: torch._weight_norm_interface(t.half(), torch.ones(2, 1).half(), 0),
             lambda: nn.utils.weight_norm(nn.Linear(2, 2, bias=False), name='bias')):
    try:
        call()
    except (TypeError, IndexError, RuntimeError) as e:
        print(type(e).__name__, e)

# The fused op has no forward-mode derivative in 1.13.
with fwAD.dual_level():
    dual = fwAD.make_dual(torch.randn(3, 4), torch.ones(3, 4))
    try:
        torch._weight_norm(dual, torch.ones(3, 1), 0)
    except NotImplementedError as e:
        print(type(e).__name__, e)
