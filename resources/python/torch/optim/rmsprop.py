"""torch.optim.RMSprop."""

import torch
from torch.optim.optimizer import Optimizer, _add, _add_, _addcdiv_, _addcmul_, _evaluate_closure


class RMSprop(Optimizer):
    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0, centered=False,
                 foreach=None, maximize=False, differentiable=False):
        for name, value in (('learning rate', lr), ('epsilon value', eps), ('momentum value', momentum),
                            ('weight_decay value', weight_decay), ('alpha value', alpha)):
            if not 0.0 <= value:
                raise ValueError('Invalid ' + name + ': ' + str(value))
        defaults = dict(lr=lr, momentum=momentum, alpha=alpha, eps=eps, centered=centered, weight_decay=weight_decay,
                        foreach=foreach, maximize=maximize, differentiable=differentiable)
        super().__init__(params, defaults)

    def step(self, closure=None):
        loss = _evaluate_closure(closure)
        with torch.no_grad():
            for group in self.param_groups:
                alpha = group['alpha']
                for p in group['params']:
                    if p.grad is None:
                        continue
                    state = self.state[p]
                    if len(state) == 0:
                        # Unlike Adam's, this step counter is a plain int.
                        state['step'] = 0
                        state['square_avg'] = torch.zeros_like(p)
                        if group['momentum'] > 0:
                            state['momentum_buffer'] = torch.zeros_like(p)
                        if group['centered']:
                            state['grad_avg'] = torch.zeros_like(p)
                    state['step'] += 1
                    grad = p.grad if not group['maximize'] else -p.grad
                    if group['weight_decay'] != 0:
                        grad = _add(grad, p, group['weight_decay'])
                    square_avg = state['square_avg']
                    _addcmul_(square_avg.mul_(alpha), grad, grad, 1 - alpha)
                    if group['centered']:
                        grad_avg = state['grad_avg']
                        _add_(grad_avg.mul_(alpha), grad, 1 - alpha)
                        avg = _addcmul_(square_avg.clone(), grad_avg, grad_avg, -1).sqrt()
                    else:
                        avg = square_avg.sqrt()
                    avg = avg.add_(group['eps'])
                    if group['momentum'] > 0:
                        buf = state['momentum_buffer']
                        _addcdiv_(buf.mul_(group['momentum']), grad, avg)
                        _add_(p, buf, -group['lr'])
                    else:
                        _addcdiv_(p, grad, avg, -group['lr'])
        return loss
