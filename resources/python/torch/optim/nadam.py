"""torch.optim.NAdam: Adam with Nesterov momentum and a decaying momentum schedule."""

import torch
from torch.optim.optimizer import (Optimizer, _add, _add_, _addcdiv_, _addcmul_, _check_adam_args, _evaluate_closure,
                                   _refuse_foreach, _tensor_state_entries)


class NAdam(Optimizer):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, momentum_decay=4e-3,
                 foreach=None):
        _check_adam_args(lr, eps, betas, weight_decay)
        if not 0.0 <= momentum_decay:
            raise ValueError('Invalid momentum_decay value: ' + str(momentum_decay))
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, momentum_decay=momentum_decay,
                        foreach=foreach)
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault('foreach', None)
        _tensor_state_entries(self, 'step', lambda step: torch.tensor(float(step)))
        _tensor_state_entries(self, 'mu_product', torch.tensor)

    def step(self, closure=None):
        loss = _evaluate_closure(closure)
        with torch.no_grad():
            for group in self.param_groups:
                _refuse_foreach(self, group)
                beta1, beta2 = group['betas']
                lr, momentum_decay = group['lr'], group['momentum_decay']
                for p in group['params']:
                    if p.grad is None:
                        continue
                    state = self.state[p]
                    if len(state) == 0:
                        # Both float32 0-dim tensors, as in PyTorch (load_state_dict casts
                        # mu_product to the parameter's dtype, not step).
                        state['step'] = torch.tensor(0.)
                        state['mu_product'] = torch.tensor(1.)
                        state['exp_avg'] = torch.zeros_like(p)
                        state['exp_avg_sq'] = torch.zeros_like(p)
                    grad = p.grad
                    exp_avg, exp_avg_sq, mu_product = state['exp_avg'], state['exp_avg_sq'], state['mu_product']
                    state['step'] += 1
                    step = state['step'].item()
                    bias_correction2 = 1 - beta2 ** step
                    if group['weight_decay'] != 0:
                        grad = _add(grad, p, group['weight_decay'])
                    # The momentum coefficients of this step and the next one.
                    mu = beta1 * (1. - 0.5 * (0.96 ** (step * momentum_decay)))
                    mu_next = beta1 * (1. - 0.5 * (0.96 ** ((step + 1) * momentum_decay)))
                    # The running product stays a tensor, rounded to its dtype at each step.
                    mu_product *= mu
                    mu_product_next = mu_product * mu * mu_next
                    _add_(exp_avg.mul_(beta1), grad, 1 - beta1)
                    _addcmul_(exp_avg_sq.mul_(beta2), grad, grad, 1 - beta2)
                    denom = exp_avg_sq.div(bias_correction2).sqrt().add_(group['eps'])
                    _addcdiv_(p, grad, denom, -lr * (1. - mu) / (1. - mu_product.item()))
                    _addcdiv_(p, exp_avg, denom, -lr * mu_next / (1. - mu_product_next.item()))
        return loss
