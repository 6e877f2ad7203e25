"""torch.optim.AdamW: Adam with decoupled weight decay."""

import torch
from torch.optim.adam import _adam_step
from torch.optim.optimizer import Optimizer, _check_adam_args, _evaluate_closure


class AdamW(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False, foreach=None, capturable=False):
        _check_adam_args(lr, eps, betas, weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad, foreach=foreach,
                        maximize=maximize, capturable=capturable)
        super().__init__(params, defaults)

    def step(self, closure=None):
        loss = _evaluate_closure(closure)
        with torch.no_grad():
            _adam_step(self, decoupled_weight_decay=True)
        return loss
