# Source: pytorch/pytorch/torch/utils/checkpoint.py (docstrings of checkpoint and checkpoint_sequential; https://pytorch.org/docs/1.13/checkpoint.html)
# Changed: the docstring stub `model = nn.Sequential(...); input_var = checkpoint_sequential(model, chunks, input_var)` is filled in with a small nn.Sequential of fixed-weight layers and a fixed input; a plain checkpoint(function, *args) call (use_reentrant True and False, as described in the docstring) is added; results are compared with the non-checkpointed run and printed.
import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint, checkpoint_sequential

# Deterministic stand-in for torch.randn/torch.rand (added for the yardstick).
def fixed(*shape, seed=0, scale=1.0):
    n = 1
    for s in shape:
        n *= s
    state = seed * 7919 + 1
    vals = []
    for _ in range(n):
        state = (state * 1103515245 + 12345) % 2147483648
        vals.append(scale * (state / 1073741824.0 - 1.0))
    return torch.tensor(vals).reshape(shape)


# Deterministic stand-in for the random default init of nn layers (added).
def init_fixed(module, seed=0):
    with torch.no_grad():
        for k, p in enumerate(module.parameters()):
            fan_in = 1
            for s in p.shape[1:]:
                fan_in *= s
            if p.dim() == 1:
                fan_in = p.shape[0]
            p.copy_(fixed(*p.shape, seed=seed + k, scale=1.0 / fan_in ** 0.5).to(p.dtype))

model = nn.Sequential(
    nn.Linear(6, 8), nn.Tanh(),
    nn.Linear(8, 8), nn.Tanh(),
    nn.Linear(8, 4), nn.Tanh(),
    nn.Linear(4, 1),
)
init_fixed(model, seed=1)
chunks = 2
input_var = fixed(3, 6, seed=2).requires_grad_()

# reference, without checkpointing
ref = model(input_var)
ref.sum().backward()
ref_in = input_var.grad.clone()
ref_w = model[0].weight.grad.clone()
input_var.grad = None
model.zero_grad()

input_var_out = checkpoint_sequential(model, chunks, input_var)
print(input_var_out)
input_var_out.sum().backward()
print(torch.allclose(input_var.grad, ref_in), torch.allclose(model[0].weight.grad, ref_w))
print(input_var.grad)

# checkpoint(function, *args)
def function(x, y):
    return (x * y).tanh() * y

x = torch.tensor([0.5, -1.0, 1.5], requires_grad=True)
y = torch.tensor([2.0, 0.25, -0.5], requires_grad=True)
for use_reentrant in (True, False):
    x.grad = None
    y.grad = None
    out = checkpoint(function, x, y, use_reentrant=use_reentrant)
    print(out)
    out.sum().backward()
    print(use_reentrant, x.grad, y.grad)
