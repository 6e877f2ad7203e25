"""torch.optim.Adamax: Adam with the infinity norm in place of the second moment."""

import torch
from torch.optim.optimizer import (Optimizer, _add, _add_, _addcdiv_, _check_adam_args, _evaluate_closure,
                                   _refuse_foreach, _tensor_state_entries)


class Adamax(Optimizer):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, foreach=None, *,
                 maximize=False):
        _check_adam_args(lr, eps, betas, weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, foreach=foreach, maximize=maximize)
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault('foreach', None)
            group.setdefault('maximize', False)
        _tensor_state_entries(self, 'step', lambda step: torch.tensor(float(step)))

    def step(self, closure=None):
        loss = _evaluate_closure(closure)
        with torch.no_grad():
            for group in self.param_groups:
                _refuse_foreach(self, group)
                beta1, beta2 = group['betas']
                for p in group['params']:
                    if p.grad is None:
                        continue
                    state = self.state[p]
                    if len(state) == 0:
                        # A float32 step counter, as in PyTorch.
                        state['step'] = torch.tensor(0.)
                        state['exp_avg'] = torch.zeros_like(p)
                        state['exp_inf'] = torch.zeros_like(p)
                    grad = p.grad if not group['maximize'] else -p.grad
                    exp_avg, exp_inf = state['exp_avg'], state['exp_inf']
                    state['step'] += 1
                    step = state['step'].item()
                    if group['weight_decay'] != 0:
                        grad = _add(grad, p, group['weight_decay'])
                    _add_(exp_avg.mul_(beta1), grad, 1 - beta1)
                    # u_t = max(beta2 * u_{t-1}, |g_t| + eps): PyTorch takes the amax of the
                    # two stacked, then writes it back into exp_inf.
                    norm_buf = torch.cat([exp_inf.mul_(beta2).unsqueeze(0),
                                          grad.abs().add_(group['eps']).unsqueeze_(0)], 0)
                    exp_inf.copy_(torch.amax(norm_buf, 0, keepdim=False))
                    clr = group['lr'] / (1 - beta1 ** step)
                    _addcdiv_(p, exp_avg, exp_inf, -clr)
        return loss
