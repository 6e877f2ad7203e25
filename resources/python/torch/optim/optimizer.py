"""torch.optim.Optimizer."""

import torch
from torch.nn.modules.module import _zero_grad


class Optimizer:
    def __init__(self, params, defaults):
        self.defaults = defaults
        self.state = {}
        params = list(params)
        if len(params) == 0:
            raise ValueError('optimizer got an empty parameter list')
        if not isinstance(params[0], dict):
            params = [{'params': params}]
        self.param_groups = []
        for group in params:
            g = dict(defaults)
            g.update(group)
            g['params'] = list(g['params'])
            self.param_groups.append(g)

    def zero_grad(self, set_to_none=False):
        for group in self.param_groups:
            _zero_grad(group['params'], set_to_none)

    def _state_for(self, p):
        for key, value in self.state.items():
            if key is p:
                return value
        return None
