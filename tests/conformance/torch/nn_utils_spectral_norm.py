# torch.nn.utils.spectral_norm / remove_spectral_norm: weight_orig and the buffers weight_u
# and weight_v (two normal draws at registration, u's first), the power iteration in train
# mode only, dim 1 for transposed convolutions, the state_dict's version metadata, loading,
# a few training steps, removal, and the errors.
import torch
from torch import nn


def walk(fn, depth=0):
    if fn is None:
        return
    print('  ' * depth + type(fn).__name__)
    for next_fn, _ in fn.next_functions:
        walk(next_fn, depth + 1)


torch.manual_seed(0)
for make, kwargs in ((lambda: nn.Linear(5, 3), {}), (lambda: nn.Conv2d(2, 4, 3), {'n_power_iterations': 3}),
                     (lambda: nn.ConvTranspose2d(3, 2, 2), {}), (lambda: nn.Linear(4, 6).double(), {'dim': 1}),
                     (lambda: nn.Conv1d(2, 3, 2), {'eps': 1e-3})):
    m = nn.utils.spectral_norm(make(), **kwargs)
    print(m)
    print([name for name, _ in m.named_parameters()], [name for name, _ in m.named_buffers()])
    print(list(m.state_dict().keys()), m.state_dict()._metadata)
    print(m.weight_u.tolist(), m.weight_v.tolist())
    print(type(m.weight).__name__, m.weight.requires_grad, torch.equal(m.weight, m.weight_orig))
    hook = list(m._forward_pre_hooks.values())[0]
    print(type(hook).__name__, hook.name, hook.dim, hook.n_power_iterations, hook.eps)
    in_shape = {nn.Linear: lambda: (3, m.in_features), nn.Conv1d: lambda: (2, m.in_channels, 5),
                nn.Conv2d: lambda: (2, m.in_channels, 5, 5),
                nn.ConvTranspose2d: lambda: (2, m.in_channels, 3, 3)}[type(m)]()
    x = torch.randn(*in_shape, dtype=m.weight.dtype)
    out = m(x)
    print(m.weight.grad_fn)
    walk(m.weight.grad_fn)
    print(m.weight.flatten()[:6].tolist(), m.weight_u.tolist())
    out.pow(2).sum().backward()
    print(m.weight_orig.grad.flatten()[:8].tolist(), m.bias.grad.tolist())

# Eval mode reuses u and v; train mode steps them (in place: the same buffer objects).
torch.manual_seed(2)
m = nn.utils.spectral_norm(nn.Linear(6, 4))
u = m.weight_u
x = torch.randn(5, 6)
m.eval()
print(m(x).sum().item(), m.weight_u.tolist(), m.weight_u._version)
m.train()
print(m(x).sum().item(), m.weight_u.tolist(), m.weight_u is u, m.weight_u._version)

# Two forwards, one backward (the GAN pattern): the vectors are cloned before use.
loss = m(x).sum() - m(x * 2).sum()
loss.backward()
print(loss.item(), m.weight_orig.grad.flatten()[:5].tolist())

# Training steps.
torch.manual_seed(3)
m = nn.utils.spectral_norm(nn.Linear(7, 3))
opt = torch.optim.SGD(m.parameters(), lr=0.1)
x, y = torch.randn(10, 7), torch.randn(10, 3)
for step in range(3):
    opt.zero_grad()
    loss = nn.functional.mse_loss(m(x), y)
    loss.backward()
    opt.step()
    print(step, loss.item(), m.weight_u.tolist())

# state_dict and load_state_dict into a module with its own spectral norm.
sd = m.state_dict()
print(list(sd.keys()), sd._metadata)
other = nn.utils.spectral_norm(nn.Linear(7, 3))
print(other.load_state_dict(sd), torch.equal(other.weight_v, m.weight_v))
other.eval()
m.eval()
print(torch.equal(other(x), m(x)))
plain = nn.Sequential(nn.utils.spectral_norm(nn.Linear(3, 2)))
print(list(plain.state_dict().keys()), plain.state_dict()._metadata)

# Removal leaves the last normalised weight as a parameter.
w = m.weight.detach().clone()
print(nn.utils.remove_spectral_norm(m) is m, m)
print([name for name, _ in m.named_parameters()], [name for name, _ in m.named_buffers()], torch.equal(m.weight, w))
print(len(m._forward_pre_hooks), len(m._state_dict_hooks), m.state_dict()._metadata)
# 1.13 wraps load_state_dict pre-hooks, so removal misses that one: it stays, and asks for
# the keys of a spectral-normed module.
print(len(m._load_state_dict_pre_hooks))
try:
    m.load_state_dict(nn.Linear(7, 3).state_dict())
except RuntimeError as e:
    print(type(e).__name__, e)

# The errors.
m = nn.utils.spectral_norm(nn.Linear(2, 2))
for call in (lambda: nn.utils.spectral_norm(m), lambda: nn.utils.spectral_norm(nn.Linear(2, 2), n_power_iterations=0),
             lambda: nn.utils.remove_spectral_norm(nn.Linear(2, 2)), lambda: nn.utils.remove_spectral_norm(m, 'bias'),
             lambda: nn.utils.spectral_norm(nn.Linear(2, 2, bias=False), name='bias'),
             lambda: nn.utils.spectral_norm(nn.Linear(2, 2), name='other')):
    try:
        call()
    except (RuntimeError, ValueError, KeyError) as e:
        print(type(e).__name__, e)
