"""torch.optim.Rprop: resilient backpropagation, per-element step sizes driven by the
sign of the gradient."""

import torch
from torch.optim.optimizer import Optimizer, _addcmul_, _evaluate_closure, _refuse_foreach


class Rprop(Optimizer):
    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), foreach=None, maximize=False):
        if not 0.0 <= lr:
            raise ValueError('Invalid learning rate: ' + str(lr))
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError('Invalid eta values: ' + str(etas[0]) + ', ' + str(etas[1]))
        defaults = dict(lr=lr, etas=etas, step_sizes=step_sizes, foreach=foreach, maximize=maximize)
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
                _refuse_foreach(self, group)
                etaminus, etaplus = group['etas']
                step_size_min, step_size_max = group['step_sizes']
                for p in group['params']:
                    if p.grad is None:
                        continue
                    state = self.state[p]
                    if len(state) == 0:
                        # Unlike Adam's, this step counter is a plain int.
                        state['step'] = 0
                        state['prev'] = torch.zeros_like(p)
                        state['step_size'] = torch.full(p.grad.shape, group['lr'], dtype=p.grad.dtype,
                                                        device=p.grad.device)
                    state['step'] += 1
                    grad = p.grad if not group['maximize'] else -p.grad
                    prev, step_size = state['prev'], state['step_size']
                    # Where the gradient kept its sign the step grows by etaplus, where it
                    # flipped it shrinks by etaminus, elsewhere it stays.
                    sign = grad.mul(prev).sign()
                    sign[sign.gt(0)] = etaplus
                    sign[sign.lt(0)] = etaminus
                    sign[sign.eq(0)] = 1
                    step_size.mul_(sign).clamp_(step_size_min, step_size_max)
                    # After a sign flip the element does not move, and the next step
                    # treats it as if its previous gradient were zero.
                    grad = grad.clone()
                    grad[sign.eq(etaminus)] = 0
                    _addcmul_(p, grad.sign(), step_size, -1)
                    prev.copy_(grad)
        return loss
