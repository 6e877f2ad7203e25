"""torch.nn.utils.weight_norm: a weight re-expressed as a magnitude `<name>_g` times a
direction `<name>_v` (Salimans & Kingma, https://arxiv.org/abs/1602.07868), recomputed by a
forward pre-hook before every call of the module."""

import torch
from torch.nn.parameter import Parameter, UninitializedParameter

__all__ = ['WeightNorm', 'weight_norm', 'remove_weight_norm']


class WeightNorm:
    """The forward pre-hook that rebuilds `module.<name>` from `<name>_g` and `<name>_v`."""

    def __init__(self, name, dim):
        # dim=None (one norm over the whole tensor) is dim -1 to the kernel.
        self.name = name
        self.dim = -1 if dim is None else dim

    def compute_weight(self, module):
        g = getattr(module, self.name + '_g')
        v = getattr(module, self.name + '_v')
        return torch._weight_norm(v, g, self.dim)

    @staticmethod
    def apply(module, name, dim):
        for hook in module._forward_pre_hooks.values():
            if isinstance(hook, WeightNorm) and hook.name == name:
                raise RuntimeError("Cannot register two weight_norm hooks on the same parameter {}".format(name))
        fn = WeightNorm(name, dim)
        weight = getattr(module, name)
        if isinstance(weight, UninitializedParameter):
            raise ValueError(
                "The module passed to `WeightNorm` can't have uninitialized parameters. "
                "Make sure to run the dummy forward before applying weight normalization")
        del module._parameters[name]
        module.register_parameter(name + '_g', Parameter(torch.norm_except_dim(weight, 2, fn.dim).data))
        module.register_parameter(name + '_v', Parameter(weight.data))
        # A plain attribute until the first forward replaces it.
        setattr(module, name, fn.compute_weight(module))
        module.register_forward_pre_hook(fn)
        return fn

    def remove(self, module):
        weight = self.compute_weight(module)
        delattr(module, self.name)
        del module._parameters[self.name + '_g']
        del module._parameters[self.name + '_v']
        setattr(module, self.name, Parameter(weight.data))

    def __call__(self, module, inputs):
        setattr(module, self.name, self.compute_weight(module))


def weight_norm(module, name='weight', dim=0):
    """Replaces `module.<name>` by `<name>_g * <name>_v / ||<name>_v||`, the norm taken over
    every dim but `dim` (over all of them for dim=None); returns the module."""
    WeightNorm.apply(module, name, dim)
    return module


def remove_weight_norm(module, name='weight'):
    """Folds `<name>_g` and `<name>_v` back into one parameter `<name>`; returns the module."""
    for key, hook in module._forward_pre_hooks.items():
        if isinstance(hook, WeightNorm) and hook.name == name:
            hook.remove(module)
            del module._forward_pre_hooks[key]
            return module
    raise ValueError("weight_norm of '{}' not found in {}".format(name, module))
