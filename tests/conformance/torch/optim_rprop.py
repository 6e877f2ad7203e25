# torch.optim.Rprop: 1.13's defaults and repr, 20 steps of a small model in float32 and
# float64 (step sizes grown by etaplus while the gradient keeps its sign, shrunk by
# etaminus and the element held still when it flips, clamped to step_sizes; maximize), its
# state dict (an int step), load_state_dict continuing the same trajectory, and its
# constructor errors.
import torch
from torch import nn


def train(make, dtype, steps=20):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2)).to(dtype)
    x = torch.randn(16, 4, dtype=dtype)
    y = torch.randn(16, 2, dtype=dtype)
    opt = make(model.parameters())
    losses = []
    for _ in range(steps):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return model, opt, losses


print(torch.optim.Rprop([torch.zeros(1, requires_grad=True)]))
for dtype in (torch.float32, torch.float64):
    for kwargs in (dict(), dict(lr=0.05, etas=(0.3, 1.7), step_sizes=(1e-3, 0.1)),
                   dict(lr=0.01, maximize=True), dict(lr=0.2, etas=(0.1, 1.1), step_sizes=(0.01, 0.3), foreach=False)):
        model, opt, losses = train(lambda p: torch.optim.Rprop(p, **kwargs), dtype)
        print(dtype, kwargs, losses[-1])
        print([p.tolist() for p in model.parameters()])
        state = opt.state[model[2].bias]
        print(state['step'], state['prev'].tolist(), state['step_size'].tolist())

model, opt, _ = train(lambda p: torch.optim.Rprop(p, lr=0.03), torch.float32, steps=3)
print(opt)
print(opt.state_dict())
print(opt.defaults)

# Saving and loading the state dict continues the same trajectory.
torch.manual_seed(1)
w = torch.randn(5, dtype=torch.float64, requires_grad=True)
opt = torch.optim.Rprop([w], lr=0.1)
for _ in range(3):
    opt.zero_grad()
    (w * w * w - w).sum().backward()
    opt.step()
w2 = w.detach().clone().requires_grad_()
opt2 = torch.optim.Rprop([w2])
opt2.load_state_dict(opt.state_dict())
for o, p in ((opt, w), (opt2, w2)):
    for _ in range(4):
        o.zero_grad()
        (p * p * p - p).sum().backward()
        o.step()
    print(p.tolist(), o.state[p]['step'], o.state[p]['step_size'].tolist(), o.param_groups[0]['lr'])

# A zero gradient keeps the step size; parameters without a gradient get no state.
a = torch.tensor([1.0, -2.0, 0.0], requires_grad=True)
b = torch.tensor([0.5], requires_grad=True)
opt = torch.optim.Rprop([{'params': [a]}, {'params': [b], 'lr': 0.5}], lr=0.1)
for _ in range(3):
    opt.zero_grad()
    (a * a * torch.tensor([1.0, -1.0, 1.0])).sum().backward()
    opt.step()
print(a, b, len(opt.state), opt.state[a], opt.state_dict()['param_groups'])

for kwargs in (dict(lr=-1), dict(etas=(0.0, 1.2)), dict(etas=(0.5, 1.0)), dict(etas=(1.5, 2.0)),
               dict(step_sizes=(-1, -2))):
    try:
        print(torch.optim.Rprop([a], **kwargs).defaults)
    except ValueError as e:
        print(type(e).__name__, e)
