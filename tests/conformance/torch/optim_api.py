# Optimizer API: reprs, param_groups and their defaults, add_param_group, state and state_dict/load_state_dict, argument errors.
import torch
from torch import nn

w = nn.Parameter(torch.tensor([[0.5, -1.0], [2.0, 0.25]]))
b = nn.Parameter(torch.tensor([0.1, -0.3]))


def set_grads(k):
    with torch.no_grad():
        w.grad = w * 0.5 - 0.25 * k
        b.grad = b - 1.0


for opt in (torch.optim.SGD([w, b], lr=0.1), torch.optim.SGD([w, b], lr=0.1, momentum=0.9),
            torch.optim.Adam([w, b]), torch.optim.AdamW([w, b]), torch.optim.RMSprop([w, b], momentum=0.5),
            torch.optim.Adagrad([w, b])):
    print(opt)
    print(opt.param_groups[0].keys())
    print(opt.state_dict())
    set_grads(1)
    opt.step()
    print(opt.state_dict())
    print(len(opt.state), [sorted(opt.state[p].keys()) for p in (w, b)])

opt = torch.optim.SGD([{'params': [w]}, {'params': b, 'lr': 0.5}], lr=0.01, momentum=0.9)
print(opt)
print(opt.state_dict()['param_groups'])
opt.add_param_group({'params': [nn.Parameter(torch.ones(1))], 'weight_decay': 0.1})
print(len(opt.param_groups), opt.param_groups[2]['lr'], opt.param_groups[2]['weight_decay'])

# state_dict round trip: a fresh optimizer continues exactly where the first one was.
opt1 = torch.optim.Adam([w, b], lr=0.1)
for k in range(3):
    set_grads(k)
    opt1.step()
saved = opt1.state_dict()
opt2 = torch.optim.Adam([w, b], lr=0.5)
opt2.load_state_dict(saved)
print(opt2.param_groups[0]['lr'], opt2.state[w]['step'], opt2.state[b]['exp_avg'])
print(opt2.state[w]['exp_avg'] is saved['state'][0]['exp_avg'])
set_grads(3)
opt2.step()
print(w, b)

opt.zero_grad()
print(w.grad, b.grad)
set_grads(0)
opt.zero_grad(set_to_none=True)
print(w.grad, b.grad)

for make in (lambda: torch.optim.SGD([w]), lambda: torch.optim.SGD([w], lr=-1),
             lambda: torch.optim.SGD([w], lr=0.1, momentum=-1), lambda: torch.optim.SGD([w], lr=0.1, nesterov=True),
             lambda: torch.optim.Adam([w], betas=(1.0, 0.9)), lambda: torch.optim.Adam([w], eps=-1),
             lambda: torch.optim.AdamW([w], weight_decay=-0.1), lambda: torch.optim.RMSprop([w], alpha=-1),
             lambda: torch.optim.Adagrad([w], lr_decay=-1), lambda: torch.optim.SGD([], lr=0.1),
             lambda: torch.optim.SGD(w, lr=0.1), lambda: torch.optim.SGD({w}, lr=0.1),
             lambda: torch.optim.SGD([w, 3], lr=0.1), lambda: torch.optim.SGD([w * 2], lr=0.1),
             lambda: torch.optim.SGD([{'params': [w]}, {'params': [w]}], lr=0.1)):
    try:
        make()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    torch.optim.Adam([w]).load_state_dict(torch.optim.Adam([w, b]).state_dict())
except ValueError as e:
    print(e)
