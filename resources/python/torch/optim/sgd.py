"""torch.optim.SGD."""

import torch
from torch.optim.optimizer import Optimizer


class SGD(Optimizer):
    def __init__(self, params, lr=0.001, momentum=0, dampening=0, weight_decay=0, nesterov=False, maximize=False):
        if lr < 0.0:
            raise ValueError('Invalid learning rate: ' + str(lr))
        if momentum < 0.0:
            raise ValueError('Invalid momentum value: ' + str(momentum))
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError('Nesterov momentum requires a momentum and zero dampening')
        super().__init__(params, dict(lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay, nesterov=nesterov, maximize=maximize))
        self._buffers = []

    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        with torch.no_grad():
            for group in self.param_groups:
                for i, p in enumerate(group['params']):
                    if p.grad is None:
                        continue
                    d_p = p.grad if not group['maximize'] else -p.grad
                    if group['weight_decay'] != 0:
                        d_p = d_p.add(p, alpha=group['weight_decay'])
                    if group['momentum'] != 0:
                        buf = None
                        for owner, b in self._buffers:
                            if owner is p:
                                buf = b
                        if buf is None:
                            buf = d_p.clone().detach()
                            self._buffers.append((p, buf))
                        else:
                            buf.mul_(group['momentum']).add_(d_p, alpha=1 - group['dampening'])
                        if group['nesterov']:
                            d_p = d_p.add(buf, alpha=group['momentum'])
                        else:
                            d_p = buf
                    p.add_(d_p, alpha=-group['lr'])
        return loss
