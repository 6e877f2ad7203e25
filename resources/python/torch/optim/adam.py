"""torch.optim.Adam."""

import math

import torch
from torch.optim.optimizer import Optimizer


def _addcmul_(t, t1, t2, value):
    # PyTorch's addcmul_ rounds value * t1 to t's dtype, then does one fused multiply-add
    # with t2 and t; in float64 the product of two float32 numbers is exact, so the sum
    # rounds once, as the fused operation does.
    if t.dtype == torch.float32:
        t.copy_((t.double() + t1.mul(value).double() * t2.double()).float())
    else:
        t.add_(t1.mul(value).mul(t2))
    return t


class Adam(Optimizer):
    def __init__(self, params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0, amsgrad=False, maximize=False):
        if lr < 0.0:
            raise ValueError('Invalid learning rate: ' + str(lr))
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad, maximize=maximize))
        self._states = []

    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        with torch.no_grad():
            for group in self.param_groups:
                beta1, beta2 = group['betas']
                for p in group['params']:
                    if p.grad is None:
                        continue
                    grad = p.grad if not group['maximize'] else -p.grad
                    state = None
                    for owner, s in self._states:
                        if owner is p:
                            state = s
                    if state is None:
                        state = {'step': 0, 'exp_avg': torch.zeros_like(p),
                                 'exp_avg_sq': torch.zeros_like(p)}
                        self._states.append((p, state))
                    state['step'] += 1
                    step = state['step']
                    if group['weight_decay'] != 0:
                        grad = grad.add(p, alpha=group['weight_decay'])
                    exp_avg = state['exp_avg']
                    exp_avg_sq = state['exp_avg_sq']
                    exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
                    exp_avg_sq.mul_(beta2)
                    _addcmul_(exp_avg_sq, grad, grad, 1 - beta2)
                    bias_correction1 = 1 - beta1 ** step
                    bias_correction2 = 1 - beta2 ** step
                    step_size = group['lr'] / bias_correction1
                    denom = (exp_avg_sq.sqrt() / (bias_correction2 ** 0.5)).add_(group['eps'])
                    # addcdiv_(exp_avg, denom, value=-step_size): (value * exp_avg) / denom, then added.
                    p.add_(exp_avg.mul(-step_size).div(denom))
        return loss
