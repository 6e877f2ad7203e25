"""torch.optim.Adam."""

import math

import torch
from torch.optim.optimizer import (Optimizer, _add, _add_, _addcdiv_, _addcmul_, _check_adam_args,
                                   _evaluate_closure)


def _adam_step(optimizer, decoupled_weight_decay):
    """One step of Adam (weight decay added to the gradient) or AdamW (weight decay
    applied to the parameter first), in PyTorch 1.13's single-tensor order."""
    for group in optimizer.param_groups:
        beta1, beta2 = group['betas']
        lr = group['lr']
        for p in group['params']:
            if p.grad is None:
                continue
            grad = p.grad if not group['maximize'] else -p.grad
            state = optimizer.state[p]
            if len(state) == 0:
                state['step'] = torch.tensor(0.)
                state['exp_avg'] = torch.zeros_like(p)
                state['exp_avg_sq'] = torch.zeros_like(p)
                if group['amsgrad']:
                    state['max_exp_avg_sq'] = torch.zeros_like(p)
            exp_avg = state['exp_avg']
            exp_avg_sq = state['exp_avg_sq']
            # The step counter is a float32 tensor, as in PyTorch.
            state['step'] += 1
            if decoupled_weight_decay:
                p.mul_(1 - lr * group['weight_decay'])
            elif group['weight_decay'] != 0:
                grad = _add(grad, p, group['weight_decay'])
            _add_(exp_avg.mul_(beta1), grad, 1 - beta1)
            _addcmul_(exp_avg_sq.mul_(beta2), grad, grad, 1 - beta2)
            step = state['step'].item()
            bias_correction1 = 1 - beta1 ** step
            bias_correction2 = 1 - beta2 ** step
            step_size = lr / bias_correction1
            bias_correction2_sqrt = math.sqrt(bias_correction2)
            if group['amsgrad']:
                max_exp_avg_sq = state['max_exp_avg_sq']
                max_exp_avg_sq.copy_(torch.where(max_exp_avg_sq > exp_avg_sq, max_exp_avg_sq, exp_avg_sq))
                denom = (max_exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(group['eps'])
            else:
                denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(group['eps'])
            _addcdiv_(p, exp_avg, denom, -step_size)


class Adam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False, *,
                 foreach=None, maximize=False, capturable=False, differentiable=False, fused=False):
        _check_adam_args(lr, eps, betas, weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad, maximize=maximize,
                        foreach=foreach, capturable=capturable, differentiable=differentiable, fused=fused)
        super().__init__(params, defaults)

    def step(self, closure=None):
        loss = _evaluate_closure(closure)
        with torch.no_grad():
            _adam_step(self, decoupled_weight_decay=False)
        return loss
