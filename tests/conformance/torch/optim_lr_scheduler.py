# lr_scheduler: StepLR, MultiStepLR, ExponentialLR, CosineAnnealingLR, LambdaLR: lrs per epoch (printed in full), state_dict, verbose, warnings.
import warnings

import torch
from torch import nn
from torch.optim import lr_scheduler

p = nn.Parameter(torch.tensor([1.0, -2.0]))


def trace(make, epochs=12, groups=1):
    params = [{'params': [nn.Parameter(torch.ones(1))], 'lr': 0.1 * (g + 1)} for g in range(groups)]
    opt = torch.optim.SGD(params, lr=0.1, momentum=0.9)
    sched = make(opt)
    lrs = []
    for epoch in range(epochs):
        for group in opt.param_groups:
            group['params'][0].grad = torch.tensor([0.5])
        opt.step()
        lrs.append(sched.get_last_lr())
        sched.step()
    print(type(sched).__name__, lrs)
    print(opt.param_groups[0]['lr'], opt.param_groups[0]['initial_lr'], sched.last_epoch, sched.base_lrs)
    return sched, opt


s, _ = trace(lambda o: lr_scheduler.StepLR(o, step_size=3, gamma=0.5))
print(s.state_dict())
trace(lambda o: lr_scheduler.MultiStepLR(o, milestones=[2, 5, 5, 9], gamma=0.1), groups=2)
trace(lambda o: lr_scheduler.ExponentialLR(o, gamma=0.9))
trace(lambda o: lr_scheduler.CosineAnnealingLR(o, T_max=4), epochs=14)
trace(lambda o: lr_scheduler.CosineAnnealingLR(o, T_max=5, eta_min=0.01), epochs=14, groups=2)
s, _ = trace(lambda o: lr_scheduler.LambdaLR(o, lambda epoch: 0.95 ** epoch))
print(sorted(s.state_dict().keys()), s.state_dict()['lr_lambdas'])
trace(lambda o: lr_scheduler.LambdaLR(o, [lambda e: 1 / (e + 1), lambda e: e]), groups=2)

opt = torch.optim.SGD([p], lr=1.0)
sched = lr_scheduler.StepLR(opt, step_size=2, gamma=0.1, verbose=True)
for _ in range(3):
    opt.step()
    sched.step()

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    opt = torch.optim.SGD([p], lr=1.0)
    sched = lr_scheduler.ExponentialLR(opt, gamma=0.5)
    sched.step()  # before any optimizer.step()
    print(sched.get_lr(), sched.get_last_lr())
    sched.step(5)
    print(sched.get_last_lr(), sched.last_epoch)
for c in caught:
    print(c.category.__name__, str(c.message)[:80])

try:
    lr_scheduler.StepLR(p, 1)
except TypeError as e:
    print(e)
try:
    lr_scheduler.StepLR(torch.optim.SGD([p], lr=0.1), 1, last_epoch=3)
except KeyError as e:
    print(e)
try:
    lr_scheduler.LambdaLR(torch.optim.SGD([p], lr=0.1), [lambda e: 1, lambda e: 2])
except ValueError as e:
    print(e)
