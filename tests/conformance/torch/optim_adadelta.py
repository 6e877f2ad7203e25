# torch.optim.Adadelta: 1.13's defaults, update order (running averages in place), weight decay,
# maximize, its state dict (an int step counter) and load_state_dict; with StepLR; its errors.
import torch
from torch import nn

w = torch.tensor([[0.5, -1.0, 2.0], [0.25, 0.125, -3.0]], requires_grad=True)
b = torch.tensor([0.5, -0.5], requires_grad=True)
x = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 0.25], [0.0, -2.0, 1.5]])
target = torch.tensor([[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]])

opt = torch.optim.Adadelta([w, b])
print(opt)
scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.7)
for epoch in range(5):
    opt.zero_grad()
    loss = ((x @ w.t() + b - target) ** 2).mean()
    loss.backward()
    opt.step()
    scheduler.step()
    print(epoch, loss.item(), scheduler.get_last_lr())
print(w)
print(b)
print(opt.state_dict())

for kwargs in [dict(lr=0.5, rho=0.8, eps=1e-4, weight_decay=0.1), dict(maximize=True), dict(lr=2.0, foreach=False)]:
    p = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
    o = torch.optim.Adadelta([p], **kwargs)
    for _ in range(3):
        o.zero_grad()
        (p * p * torch.tensor([1.0, 0.5, 2.0])).sum().backward()
        o.step()
    print(kwargs, p, o.state[p]['step'], o.state[p]['square_avg'], o.state[p]['acc_delta'])

# Saving and loading its state dict continues the same trajectory.
torch.manual_seed(0)
model = nn.Linear(3, 2)
opt = torch.optim.Adadelta(model.parameters(), lr=0.9)
model(x).sum().backward()
opt.step()
opt2 = torch.optim.Adadelta(model.parameters())
opt2.load_state_dict(opt.state_dict())
print(opt2.state_dict()['param_groups'])
print(opt2.state_dict()['state'][0]['step'], type(opt2.state_dict()['state'][0]['step']).__name__)

for kwargs in [dict(lr=-1), dict(rho=1.5), dict(eps=-1e-6), dict(weight_decay=-0.1)]:
    try:
        torch.optim.Adadelta([w], **kwargs)
    except ValueError as e:
        print(type(e).__name__, e)
