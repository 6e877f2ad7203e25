"""torch.optim.Adadelta."""

import torch
from torch.optim.optimizer import Optimizer, _add, _add_, _addcmul_, _evaluate_closure


class Adadelta(Optimizer):
    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0, foreach=None, *, maximize=False):
        if not 0.0 <= lr:
            raise ValueError('Invalid learning rate: ' + str(lr))
        if not 0.0 <= rho <= 1.0:
            raise ValueError('Invalid rho value: ' + str(rho))
        if not 0.0 <= eps:
            raise ValueError('Invalid epsilon value: ' + str(eps))
        if not 0.0 <= weight_decay:
            raise ValueError('Invalid weight_decay value: ' + str(weight_decay))
        defaults = dict(lr=lr, rho=rho, eps=eps, weight_decay=weight_decay, maximize=maximize, foreach=foreach)
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault('foreach', None)
            group.setdefault('maximize', False)

    def step(self, closure=None):
        loss = _evaluate_closure(closure)
        with torch.no_grad():
            for group in self.param_groups:
                rho, eps = group['rho'], group['eps']
                for p in group['params']:
                    if p.grad is None:
                        continue
                    state = self.state[p]
                    if len(state) == 0:
                        # A plain int counter, as in PyTorch 1.13's Adadelta.
                        state['step'] = 0
                        state['square_avg'] = torch.zeros_like(p)
                        state['acc_delta'] = torch.zeros_like(p)
                    state['step'] += 1
                    grad = p.grad if not group['maximize'] else -p.grad
                    if group['weight_decay'] != 0:
                        grad = _add(grad, p, group['weight_decay'])
                    square_avg = state['square_avg']
                    acc_delta = state['acc_delta']
                    # PyTorch's order: the running averages are updated in place, each
                    # step rounded as its in-place kernel rounds it.
                    _addcmul_(square_avg.mul_(rho), grad, grad, 1 - rho)
                    std = square_avg.add(eps).sqrt()
                    delta = acc_delta.add(eps).sqrt().div_(std).mul_(grad)
                    _addcmul_(acc_delta.mul_(rho), delta, delta, 1 - rho)
                    _add_(p, delta, -group['lr'])
        return loss
