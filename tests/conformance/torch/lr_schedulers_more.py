# lr_scheduler: MultiplicativeLR, ConstantLR, LinearLR, PolynomialLR, SequentialLR,
# ChainedScheduler, ReduceLROnPlateau, CyclicLR, CosineAnnealingWarmRestarts and OneCycleLR:
# lrs (and momentums) per step printed in full, state_dict, get_last_lr, verbose output,
# the step-order and deprecation warnings, and PyTorch's errors.
import warnings

import torch
from torch import nn
from torch.optim import lr_scheduler


def make_opt(groups=1, kind='sgd'):
    params = [{'params': [nn.Parameter(torch.ones(1))], 'lr': 0.1 * (g + 1)} for g in range(groups)]
    if kind == 'adam':
        return torch.optim.Adam(params, lr=0.1)
    return torch.optim.SGD(params, lr=0.1, momentum=0.9)


def trace(make, epochs=12, groups=1, kind='sgd', show=None):
    opt = make_opt(groups, kind)
    sched = make(opt)
    lrs, extra = [], []
    for epoch in range(epochs):
        for group in opt.param_groups:
            group['params'][0].grad = torch.tensor([0.5])
        opt.step()
        lrs.append(sched.get_last_lr())
        if show:
            extra.append([group[show] for group in opt.param_groups])
        sched.step()
    print(type(sched).__name__, lrs)
    if show:
        print(' ', show, extra)
    print(' ', opt.param_groups[0]['lr'], getattr(sched, 'last_epoch', None))
    return sched, opt


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    s, _ = trace(lambda o: lr_scheduler.MultiplicativeLR(o, lambda e: 0.9))
    print(sorted(s.state_dict().keys()), s.state_dict()['lr_lambdas'])
    trace(lambda o: lr_scheduler.MultiplicativeLR(o, [lambda e: 0.9, lambda e: 1 - e / 20]), groups=2)
    s, _ = trace(lambda o: lr_scheduler.ConstantLR(o, factor=0.5, total_iters=4))
    print(s.state_dict())
    trace(lambda o: lr_scheduler.ConstantLR(o), groups=2)
    trace(lambda o: lr_scheduler.ConstantLR(o, factor=0.3, total_iters=0))
    s, _ = trace(lambda o: lr_scheduler.LinearLR(o, start_factor=0.5, total_iters=4))
    print(s.state_dict())
    trace(lambda o: lr_scheduler.LinearLR(o), groups=2)
    trace(lambda o: lr_scheduler.LinearLR(o, start_factor=1.0, end_factor=0.1, total_iters=7))
    trace(lambda o: lr_scheduler.PolynomialLR(o, total_iters=6))
    trace(lambda o: lr_scheduler.PolynomialLR(o, total_iters=8, power=2.5), groups=2)
    s, _ = trace(lambda o: lr_scheduler.SequentialLR(
        o, [lr_scheduler.ConstantLR(o, factor=0.1, total_iters=2),
            lr_scheduler.ExponentialLR(o, gamma=0.9)], milestones=[3]))
    print(s.state_dict())
    trace(lambda o: lr_scheduler.SequentialLR(
        o, [lr_scheduler.LinearLR(o, start_factor=0.25, total_iters=3), lr_scheduler.StepLR(o, 2, 0.5),
            lr_scheduler.CosineAnnealingLR(o, T_max=4)], milestones=[4, 8]), epochs=14, groups=2)
    s, _ = trace(lambda o: lr_scheduler.ChainedScheduler(
        [lr_scheduler.ConstantLR(o, factor=0.1, total_iters=2), lr_scheduler.ExponentialLR(o, gamma=0.9)]))
    print(s.state_dict())
    trace(lambda o: lr_scheduler.ChainedScheduler(
        [lr_scheduler.LinearLR(o, total_iters=4), lr_scheduler.MultiStepLR(o, [3, 6], 0.5)]), groups=2)
    s, _ = trace(lambda o: lr_scheduler.CosineAnnealingWarmRestarts(o, T_0=3), epochs=14)
    print(s.state_dict())
    trace(lambda o: lr_scheduler.CosineAnnealingWarmRestarts(o, T_0=2, T_mult=2, eta_min=0.001), epochs=16,
          groups=2)
    s, _ = trace(lambda o: lr_scheduler.CyclicLR(o, base_lr=0.01, max_lr=0.1, step_size_up=3), epochs=14,
                 show='momentum')
    print(sorted(s.state_dict().keys()))
    trace(lambda o: lr_scheduler.CyclicLR(o, 0.001, [0.1, 0.2], step_size_up=2, step_size_down=3,
                                          mode='triangular2'), epochs=16, groups=2, show='momentum')
    trace(lambda o: lr_scheduler.CyclicLR(o, 0.001, 0.1, step_size_up=2, mode='exp_range', gamma=0.9,
                                          cycle_momentum=False), epochs=12)
    trace(lambda o: lr_scheduler.CyclicLR(o, 0.01, 0.1, step_size_up=2, scale_fn=lambda x: 0.5 ** x,
                                          scale_mode='iterations'), epochs=10, show='momentum')
    s, _ = trace(lambda o: lr_scheduler.OneCycleLR(o, max_lr=1.0, total_steps=12), epochs=12, show='momentum')
    print(sorted(s.state_dict().keys()), s._schedule_phases)
    trace(lambda o: lr_scheduler.OneCycleLR(o, max_lr=[0.5, 1.0], epochs=3, steps_per_epoch=5,
                                            anneal_strategy='linear', three_phase=True), epochs=15, groups=2,
          show='momentum')
    trace(lambda o: lr_scheduler.OneCycleLR(o, max_lr=0.01, total_steps=10, pct_start=0.25), epochs=10,
          kind='adam', show='betas')
    print(opt_keys := sorted(make_opt().param_groups[0].keys()))
for c in caught:
    print(c.category.__name__, str(c.message)[:90])

# ReduceLROnPlateau: a metric per step.
for kwargs in [dict(), dict(mode='max', factor=0.5, patience=1, cooldown=2),
               dict(patience=0, threshold=0.1, threshold_mode='abs', min_lr=[0.02, 0.01]),
               dict(mode='max', threshold_mode='abs', patience=2, eps=0.05, factor=0.2)]:
    opt = make_opt(2)
    sched = lr_scheduler.ReduceLROnPlateau(opt, **kwargs)
    history = []
    for metric in [1.0, 0.9, 0.95, 0.95, 0.89, 0.9, 0.9, 0.9, 1.2, 0.5, 0.5, 0.5, 0.5, torch.tensor(0.4)]:
        opt.step()
        sched.step(metric)
        history.append((sched.best, sched.num_bad_epochs, sched.cooldown_counter,
                        [g['lr'] for g in opt.param_groups]))
    print(history)
    print(sched._last_lr, sched.last_epoch, sched.in_cooldown)
state = sched.state_dict()
print(sorted(state.keys()))
sched2 = lr_scheduler.ReduceLROnPlateau(make_opt(2))
sched2.load_state_dict(state)
print(sched2.best, sched2.mode, sched2.mode_worse, sched2.patience)
print(hasattr(sched2, 'get_last_lr'), isinstance(sched2, lr_scheduler._LRScheduler))

opt = make_opt()
sched = lr_scheduler.ReduceLROnPlateau(opt, patience=0, verbose=True)
for metric in [1.0, 2.0, 3.0]:
    sched.step(metric)
opt = make_opt()
sched = lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=2, verbose=True)
for _ in range(3):
    opt.step()
    sched.step()
opt = make_opt()
sched = lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=2, verbose=True)
for e in [0.5, 1.0, 2.5, 7]:
    sched.step(e)
    print(sched.T_cur, sched.T_i, sched.last_epoch, sched.get_last_lr())
opt = make_opt()
sched = lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=2, T_mult=3)
for e in [0.5, 3, 9.5, 30]:
    sched.step(e)
    print(sched.T_cur, sched.T_i, sched.last_epoch, sched.get_last_lr())

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    opt = make_opt()
    sched = lr_scheduler.LinearLR(opt)
    sched.step()  # before any optimizer.step()
    print(sched.get_lr(), sched.get_last_lr())
    sched.step(3)
    print(sched.get_last_lr(), sched.last_epoch)
    opt = make_opt()
    sched = lr_scheduler.PolynomialLR(opt, total_iters=4, power=2.0)
    opt.step()
    sched.step(2)
    print(sched.get_last_lr())
    opt = make_opt()
    sched = lr_scheduler.OneCycleLR(opt, max_lr=0.1, total_steps=3)
    for _ in range(4):
        opt.step()
        try:
            sched.step()
        except ValueError as e:
            print('ValueError', e)
    sched = lr_scheduler.ReduceLROnPlateau(opt)
    sched.step(1.0, epoch=4)
    print(sched.last_epoch)
for c in caught:
    print(c.category.__name__, str(c.message)[:90])

opt = make_opt()
other = make_opt()
bad_calls = [
    lambda: lr_scheduler.ConstantLR(opt, factor=1.5),
    lambda: lr_scheduler.LinearLR(opt, start_factor=0),
    lambda: lr_scheduler.LinearLR(opt, start_factor=-0.1),
    lambda: lr_scheduler.LinearLR(opt, end_factor=2),
    lambda: lr_scheduler.MultiplicativeLR(opt, [lambda e: 1, lambda e: 2]),
    lambda: lr_scheduler.SequentialLR(opt, [lr_scheduler.StepLR(opt, 2)], milestones=[3]),
    lambda: lr_scheduler.SequentialLR(opt, [lr_scheduler.StepLR(other, 2)], milestones=[]),
    lambda: lr_scheduler.ChainedScheduler([lr_scheduler.StepLR(opt, 2), lr_scheduler.StepLR(other, 2)]),
    lambda: lr_scheduler.ReduceLROnPlateau(opt, factor=1.0),
    lambda: lr_scheduler.ReduceLROnPlateau(opt, mode='middle'),
    lambda: lr_scheduler.ReduceLROnPlateau(opt, threshold_mode='pct'),
    lambda: lr_scheduler.ReduceLROnPlateau(opt, min_lr=[0.1, 0.2]),
    lambda: lr_scheduler.ReduceLROnPlateau(nn.Linear(1, 1)),
    lambda: lr_scheduler.ReduceLROnPlateau(opt).get_last_lr(),
    lambda: lr_scheduler.CyclicLR(opt, 0.1, 1.0, mode='sine'),
    lambda: lr_scheduler.CyclicLR(torch.optim.Adam([nn.Parameter(torch.ones(1))]), 0.1, 1.0),
    lambda: lr_scheduler.CyclicLR(opt, [0.1, 0.2], 1.0),
    lambda: lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=0),
    lambda: lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=2.0),
    lambda: lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=2, T_mult=0),
    lambda: lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=2).step(-1),
    lambda: lr_scheduler.OneCycleLR(opt, 0.1),
    lambda: lr_scheduler.OneCycleLR(opt, 0.1, total_steps=0),
    lambda: lr_scheduler.OneCycleLR(opt, 0.1, epochs=2.5, steps_per_epoch=3),
    lambda: lr_scheduler.OneCycleLR(opt, 0.1, epochs=2, steps_per_epoch=0),
    lambda: lr_scheduler.OneCycleLR(opt, 0.1, total_steps=10, pct_start=1),
    lambda: lr_scheduler.OneCycleLR(opt, 0.1, total_steps=10, anneal_strategy='exp'),
    lambda: lr_scheduler.OneCycleLR(torch.optim.Adagrad([nn.Parameter(torch.ones(1))]), 0.1, total_steps=10),
    lambda: lr_scheduler.OneCycleLR(opt, [0.1, 0.2], total_steps=10),
]
for call in bad_calls:
    try:
        call()
        print('no error')
    except Exception as e:
        print(type(e).__name__, str(e))
