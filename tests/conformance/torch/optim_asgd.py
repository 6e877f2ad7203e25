# torch.optim.ASGD: 1.13's defaults and repr, 20 steps of a small model in float32 and
# float64 (eta and mu as float32 tensors, the average ax copying the parameters until t0
# and averaging after, weight decay, maximize), its state dict, load_state_dict (which casts
# eta and mu to the parameter's dtype, not step; plain numbers from older state dicts become
# tensors), and its constructor errors.
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


print(torch.optim.ASGD([torch.zeros(1, requires_grad=True)]))
for dtype in (torch.float32, torch.float64):
    for kwargs in (dict(), dict(lr=0.05, lambd=0.01, alpha=0.5, t0=5, weight_decay=0.1),
                   dict(lr=0.03, t0=0, maximize=True), dict(lr=0.2, t0=12.5, foreach=False)):
        model, opt, losses = train(lambda p: torch.optim.ASGD(p, **kwargs), dtype)
        print(dtype, kwargs, losses[-1])
        print([p.tolist() for p in model.parameters()])
        state = opt.state[model[2].bias]
        print(state['step'], state['eta'], state['eta'].item(), state['mu'], state['mu'].item(), state['ax'].tolist())

model, opt, _ = train(lambda p: torch.optim.ASGD(p, lr=0.03, t0=1), torch.float32, steps=3)
print(opt)
print(opt.state_dict())
print(opt.defaults)

# Saving and loading the state dict continues the same trajectory, except that the loaded
# eta and mu are float64 like the parameter.
torch.manual_seed(1)
w = torch.randn(5, dtype=torch.float64, requires_grad=True)
opt = torch.optim.ASGD([w], lr=0.1, t0=2, lambd=0.1)
for _ in range(4):
    opt.zero_grad()
    (w * w * w).sum().backward()
    opt.step()
w2 = w.detach().clone().requires_grad_()
opt2 = torch.optim.ASGD([w2])
opt2.load_state_dict(opt.state_dict())
print(opt2.state[w2]['eta'], opt2.state[w2]['mu'], opt2.state[w2]['step'])
w3 = w.detach().clone().requires_grad_()
opt3 = torch.optim.ASGD([w3])
old = opt.state_dict()
old['state'] = {0: dict(old['state'][0], step=4, eta=opt.state[w]['eta'].item(), mu=0.5)}
opt3.load_state_dict(old)
print(opt3.state[w3]['eta'], opt3.state[w3]['mu'], opt3.state[w3]['step'])
for o, p in ((opt, w), (opt2, w2), (opt3, w3)):
    for _ in range(4):
        o.zero_grad()
        (p * p * p).sum().backward()
        o.step()
    print(p.tolist(), o.state[p]['ax'].tolist(), o.state[p]['step'], o.state[p]['eta'].tolist(),
          o.state[p]['mu'].tolist())

# Parameters without a gradient are skipped and get no state; two parameter groups.
a = torch.tensor([1.0, -2.0], requires_grad=True)
b = torch.tensor([0.5], requires_grad=True)
opt = torch.optim.ASGD([{'params': [a]}, {'params': [b], 'lr': 0.5}], lr=0.1)
(a * a).sum().backward()
opt.step()
print(a, b, len(opt.state), opt.state_dict()['param_groups'])

for kwargs in (dict(lr=-1), dict(weight_decay=-0.5), dict(lambd=-1, alpha=-2, t0=-3)):
    try:
        print(torch.optim.ASGD([a], **kwargs).defaults)
    except ValueError as e:
        print(type(e).__name__, e)
# foreach and maximize are positional in 1.13's ASGD.
print(torch.optim.ASGD([a], 0.1, 1e-4, 0.75, 1e6, 0, False, True).defaults)
