"""torch.optim.SGD."""

import torch
from torch.optim.optimizer import Optimizer, _add, _add_, required, _evaluate_closure


class SGD(Optimizer):
    def __init__(self, params, lr=required, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
                 maximize=False, foreach=None, differentiable=False):
        if lr is not required and lr < 0.0:
            raise ValueError('Invalid learning rate: ' + str(lr))
        if momentum < 0.0:
            raise ValueError('Invalid momentum value: ' + str(momentum))
        if weight_decay < 0.0:
            raise ValueError('Invalid weight_decay value: ' + str(weight_decay))
        defaults = dict(lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay, nesterov=nesterov,
                        maximize=maximize, foreach=foreach, differentiable=differentiable)
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError('Nesterov momentum requires a momentum and zero dampening')
        super().__init__(params, defaults)

    def step(self, closure=None):
        loss = _evaluate_closure(closure)
        with torch.no_grad():
            for group in self.param_groups:
                for p in group['params']:
                    if p.grad is None:
                        continue
                    state = self.state[p]
                    d_p = p.grad if not group['maximize'] else -p.grad
                    if group['weight_decay'] != 0:
                        d_p = _add(d_p, p, group['weight_decay'])
                    # PyTorch stores a momentum_buffer entry (None without momentum) for every
                    # parameter that had a gradient.
                    buf = state.get('momentum_buffer')
                    if group['momentum'] != 0:
                        if buf is None:
                            buf = torch.clone(d_p).detach()
                        else:
                            _add_(buf.mul_(group['momentum']), d_p, 1 - group['dampening'])
                        if group['nesterov']:
                            d_p = _add(d_p, buf, group['momentum'])
                        else:
                            d_p = buf
                    state['momentum_buffer'] = buf
                    _add_(p, d_p, -group['lr'])
        return loss
