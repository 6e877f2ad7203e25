"""torch.optim.Adagrad."""

import torch
from torch.optim.optimizer import Optimizer, _add, _addcdiv_, _addcmul_, _evaluate_closure


class Adagrad(Optimizer):
    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10,
                 foreach=None, *, maximize=False):
        for name, value in (('learning rate', lr), ('lr_decay value', lr_decay), ('weight_decay value', weight_decay),
                            ('initial_accumulator_value value', initial_accumulator_value),
                            ('epsilon value', eps)):
            if not 0.0 <= value:
                raise ValueError('Invalid ' + name + ': ' + str(value))
        defaults = dict(lr=lr, lr_decay=lr_decay, eps=eps, weight_decay=weight_decay,
                        initial_accumulator_value=initial_accumulator_value, foreach=foreach, maximize=maximize)
        super().__init__(params, defaults)
        # Adagrad's state exists from the start, for every parameter.
        for group in self.param_groups:
            for p in group['params']:
                state = self.state[p]
                state['step'] = torch.tensor(0.0)
                state['sum'] = torch.full_like(p, initial_accumulator_value)

    def step(self, closure=None):
        loss = _evaluate_closure(closure)
        with torch.no_grad():
            for group in self.param_groups:
                for p in group['params']:
                    if p.grad is None:
                        continue
                    state = self.state[p]
                    state['step'] += 1
                    step = state['step'].item()
                    grad = p.grad if not group['maximize'] else -p.grad
                    if group['weight_decay'] != 0:
                        grad = _add(grad, p, group['weight_decay'])
                    clr = group['lr'] / (1 + (step - 1) * group['lr_decay'])
                    _addcmul_(state['sum'], grad, grad, 1)
                    std = state['sum'].sqrt().add_(group['eps'])
                    _addcdiv_(p, grad, std, -clr)
        return loss
