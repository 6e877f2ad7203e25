"""torch.optim.ASGD: averaged stochastic gradient descent."""

import math

import torch
from torch.optim.optimizer import Optimizer, _add, _add_, _evaluate_closure, _refuse_foreach, _tensor_state_entries


class ASGD(Optimizer):
    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0, foreach=None,
                 maximize=False):
        if not 0.0 <= lr:
            raise ValueError('Invalid learning rate: ' + str(lr))
        if not 0.0 <= weight_decay:
            raise ValueError('Invalid weight_decay value: ' + str(weight_decay))
        defaults = dict(lr=lr, lambd=lambd, alpha=alpha, t0=t0, weight_decay=weight_decay, foreach=foreach,
                        maximize=maximize)
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault('foreach', None)
            group.setdefault('maximize', False)
        _tensor_state_entries(self, 'step', lambda step: torch.tensor(float(step)))
        _tensor_state_entries(self, 'eta', torch.tensor)
        _tensor_state_entries(self, 'mu', lambda mu: torch.tensor(float(mu)))

    def step(self, closure=None):
        loss = _evaluate_closure(closure)
        with torch.no_grad():
            for group in self.param_groups:
                _refuse_foreach(self, group)
                lr, lambd, alpha, t0 = group['lr'], group['lambd'], group['alpha'], group['t0']
                for p in group['params']:
                    if p.grad is None:
                        continue
                    state = self.state[p]
                    if len(state) == 0:
                        # step, eta (the current learning rate) and mu (the averaging
                        # coefficient) are float32 0-dim tensors, as in PyTorch.
                        state['step'] = torch.tensor(0.)
                        state['eta'] = torch.tensor(lr)
                        state['mu'] = torch.tensor(1.)
                        state['ax'] = torch.zeros_like(p)
                    grad = p.grad if not group['maximize'] else -p.grad
                    eta, mu, ax = state['eta'], state['mu'], state['ax']
                    state['step'] += 1
                    step = state['step'].item()
                    if group['weight_decay'] != 0:
                        grad = _add(grad, p, group['weight_decay'])
                    p.mul_(1 - lambd * eta.item())
                    _add_(p, grad, -eta.item())
                    # ax averages the parameters once step passes t0; until then it copies them.
                    if mu.item() != 1:
                        ax.add_(p.sub(ax).mul(mu))
                    else:
                        ax.copy_(p)
                    eta.copy_(torch.tensor(lr / math.pow((1 + lambd * lr * step), alpha)))
                    mu.copy_(torch.tensor(1 / max(1, step - t0)))
        return loss
