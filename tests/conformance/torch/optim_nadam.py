# torch.optim.NAdam: 1.13's defaults and repr, 20 steps of a small model in float32 and
# float64 (the momentum schedule, its running product mu_product kept as a float32 tensor,
# weight decay), its state dict, load_state_dict (which casts mu_product to the parameter's
# dtype, but not step; plain numbers from older state dicts become tensors), and its
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


print(torch.optim.NAdam([torch.zeros(1, requires_grad=True)]))
for dtype in (torch.float32, torch.float64):
    for kwargs in (dict(), dict(lr=0.05, betas=(0.8, 0.95), eps=1e-3, weight_decay=0.1, momentum_decay=0.01),
                   dict(lr=0.01, momentum_decay=0), dict(lr=0.2, foreach=False)):
        model, opt, losses = train(lambda p: torch.optim.NAdam(p, **kwargs), dtype)
        print(dtype, kwargs, losses[-1])
        print([p.tolist() for p in model.parameters()])
        state = opt.state[model[2].bias]
        print(state['step'], state['mu_product'], state['mu_product'].item(), state['exp_avg'].tolist(),
              state['exp_avg_sq'].tolist())

model, opt, _ = train(lambda p: torch.optim.NAdam(p, lr=0.03), torch.float32, steps=3)
print(opt)
print(opt.state_dict())
print(opt.defaults)

# Saving and loading the state dict continues the same trajectory, except that the loaded
# mu_product is float64 like the parameter.
torch.manual_seed(1)
w = torch.randn(5, dtype=torch.float64, requires_grad=True)
opt = torch.optim.NAdam([w], lr=0.1)
for _ in range(3):
    opt.zero_grad()
    (w * w * w).sum().backward()
    opt.step()
w2 = w.detach().clone().requires_grad_()
opt2 = torch.optim.NAdam([w2])
opt2.load_state_dict(opt.state_dict())
print(opt2.state[w2]['mu_product'], opt2.state[w2]['step'])
w3 = w.detach().clone().requires_grad_()
opt3 = torch.optim.NAdam([w3])
# state_dict() shares the live per-parameter dicts: copy before editing.
old = opt.state_dict()
old['state'] = {0: dict(old['state'][0], step=3, mu_product=opt.state[w]['mu_product'].item())}
opt3.load_state_dict(old)
print(opt3.state[w3]['mu_product'], opt3.state[w3]['step'])
for o, p in ((opt, w), (opt2, w2), (opt3, w3)):
    for _ in range(4):
        o.zero_grad()
        (p * p * p).sum().backward()
        o.step()
    print(p.tolist(), o.state[p]['step'], o.state[p]['mu_product'].tolist())

# Parameters without a gradient are skipped and get no state; two parameter groups.
a = torch.tensor([1.0, -2.0], requires_grad=True)
b = torch.tensor([0.5], requires_grad=True)
opt = torch.optim.NAdam([{'params': [a]}, {'params': [b], 'lr': 0.5}], lr=0.1)
(a * a).sum().backward()
opt.step()
print(a, b, len(opt.state), opt.state_dict()['param_groups'])

for kwargs in (dict(lr=-1), dict(eps=-1e-8), dict(betas=(1.0, 0.9)), dict(betas=(0.9, -0.1)),
               dict(weight_decay=-0.5), dict(momentum_decay=-1e-3)):
    try:
        torch.optim.NAdam([a], **kwargs)
    except ValueError as e:
        print(type(e).__name__, e)
try:
    torch.optim.NAdam([a], maximize=True)
except TypeError as e:
    print(type(e).__name__, e)
