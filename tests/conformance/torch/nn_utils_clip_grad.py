# torch.nn.utils.clip_grad_norm_ / clip_grad_value_: the total norm (a norm of the
# per-gradient norms), the clip coefficient (reciprocal times max_norm, clamped to 1, always
# applied), every norm type including inf, float32 and float64, and their errors.
import math
import torch
from torch import nn


def model_with_grads(dtype):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(7, 37), nn.Tanh(), nn.Linear(37, 3)).to(dtype)
    x = torch.randn(11, 7, dtype=dtype)
    model(x).pow(2).sum().backward()
    return model


for dtype in (torch.float32, torch.float64):
    for norm_type in (2, 2.0, 1, 3, 0.5, 0, math.inf, 'inf', -math.inf):
        for max_norm in (1e9, 0.5, 3):
            model = model_with_grads(dtype)
            total = nn.utils.clip_grad_norm_(model.parameters(), max_norm, norm_type=norm_type)
            print(dtype, norm_type, max_norm, total, total.dtype, total.tolist())
            print([p.grad.double().sum().tolist() for p in model.parameters()])
    model = model_with_grads(dtype)
    nn.utils.clip_grad_norm_(model.parameters(), 0.25)
    print(model[0].bias.grad.tolist())
    print(model[2].weight.grad)

# One tensor instead of an iterable; a generator; parameters without gradients.
w = torch.tensor([3.0, -4.0], requires_grad=True)
w.grad = torch.tensor([3.0, -4.0])
print(nn.utils.clip_grad_norm_(w, 1.0), w.grad.tolist())
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([5.0], requires_grad=True)
b.grad = torch.tensor([12.0])
print(nn.utils.clip_grad_norm_((p for p in [a, b]), 6.5), a.grad, b.grad.tolist())
print(nn.utils.clip_grad_norm_([a], 1.0))
print(nn.utils.clip_grad_norm_([], 1.0))
print(nn.utils.clip_grad_norm_([torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)], 1.0))

# Non-finite norms: scaled anyway by default, an error when asked for.
for bad in (math.inf, math.nan):
    for norm_type in (2.0, math.inf):
        c = torch.tensor([1.0, 2.0], requires_grad=True)
        c.grad = torch.tensor([bad, 1.0])
        print(bad, norm_type, nn.utils.clip_grad_norm_([c], 1.0, norm_type), c.grad)
        try:
            nn.utils.clip_grad_norm_([c], 1.0, norm_type, error_if_nonfinite=True)
        except RuntimeError as e:
            print(type(e).__name__, e)

# The deprecated name warns (stderr) and does the same.
d = torch.tensor([6.0, 8.0], requires_grad=True)
d.grad = torch.tensor([6.0, 8.0])
print(nn.utils.clip_grad_norm(d, 5))
print(d.grad.tolist())

for kwargs in (dict(max_norm=None), dict(max_norm='big'), dict(max_norm=1.0, norm_type='fro'),
               dict(max_norm=1.0, norm_type=None)):
    try:
        nn.utils.clip_grad_norm_([d], **kwargs)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

# clip_grad_value_: clamps in place, returns None; an int, a bool, min above max.
for dtype in (torch.float32, torch.float64):
    model = model_with_grads(dtype)
    print(nn.utils.clip_grad_value_(model.parameters(), 0.1))
    print(model[0].weight.grad[:2].tolist(), model[2].bias.grad)
    nn.utils.clip_grad_value_(model[2].bias, 1)
    print(model[2].bias.grad)
e = torch.tensor([-3.0, 0.5, 2.0], requires_grad=True)
e.grad = torch.tensor([-3.0, 0.5, 2.0])
nn.utils.clip_grad_value_([e, torch.zeros(2, requires_grad=True)], -1)
print(e.grad)
e.grad = torch.tensor([-3.0, 0.5, 2.0])
nn.utils.clip_grad_value_(e, True)
print(e.grad)
for value in (None, 'x', [1.0]):
    try:
        nn.utils.clip_grad_value_(e, value)
    except (TypeError, ValueError) as err:
        print(type(err).__name__, err)
