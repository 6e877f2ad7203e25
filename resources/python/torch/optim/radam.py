"""torch.optim.RAdam: Adam whose adaptive learning rate is rectified by its variance."""

import math

import torch
from torch.optim.optimizer import (Optimizer, _add, _add_, _addcmul_, _check_adam_args, _evaluate_closure,
                                   _refuse_foreach, _tensor_state_entries)


class RAdam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, foreach=None):
        _check_adam_args(lr, eps, betas, weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, foreach=foreach)
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault('foreach', None)
        _tensor_state_entries(self, 'step', lambda step: torch.tensor(float(step)))

    def step(self, closure=None):
        loss = _evaluate_closure(closure)
        with torch.no_grad():
            for group in self.param_groups:
                _refuse_foreach(self, group)
                beta1, beta2 = group['betas']
                lr = group['lr']
                for p in group['params']:
                    if p.grad is None:
                        continue
                    state = self.state[p]
                    if len(state) == 0:
                        state['step'] = torch.tensor(0.)
                        state['exp_avg'] = torch.zeros_like(p)
                        state['exp_avg_sq'] = torch.zeros_like(p)
                    grad = p.grad
                    exp_avg, exp_avg_sq = state['exp_avg'], state['exp_avg_sq']
                    state['step'] += 1
                    step = state['step'].item()
                    bias_correction1 = 1 - beta1 ** step
                    bias_correction2 = 1 - beta2 ** step
                    if group['weight_decay'] != 0:
                        grad = _add(grad, p, group['weight_decay'])
                    _add_(exp_avg.mul_(beta1), grad, 1 - beta1)
                    _addcmul_(exp_avg_sq.mul_(beta2), grad, grad, 1 - beta2)
                    bias_corrected_exp_avg = exp_avg / bias_correction1
                    # rho_inf: the longest the approximated simple moving average can be;
                    # rho_t: its length at this step. Below 5 the variance is not tractable
                    # and the step is plain momentum SGD.
                    rho_inf = 2 / (1 - beta2) - 1
                    rho_t = rho_inf - 2 * step * (beta2 ** step) / bias_correction2
                    if rho_t > 5.:
                        rect = math.sqrt((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t))
                        # A number over a tensor: the tensor's reciprocal times the number.
                        adaptive_lr = math.sqrt(bias_correction2) / exp_avg_sq.sqrt().add_(group['eps'])
                        _add_(p, bias_corrected_exp_avg * lr * adaptive_lr * rect, -1.0)
                    else:
                        _add_(p, bias_corrected_exp_avg * lr, -1.0)
        return loss
