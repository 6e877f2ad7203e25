"""torch.nn.init: in-place initialisers, run without recording gradients."""

import math

import torch


def uniform_(tensor, a=0.0, b=1.0):
    with torch.no_grad():
        return tensor.copy_(torch.rand(tensor.shape, dtype=tensor.dtype) * (b - a) + a)


def normal_(tensor, mean=0.0, std=1.0):
    with torch.no_grad():
        return tensor.copy_(torch.randn(tensor.shape, dtype=tensor.dtype) * std + mean)


def constant_(tensor, val):
    with torch.no_grad():
        return tensor.fill_(val)


def zeros_(tensor):
    with torch.no_grad():
        return tensor.zero_()


def ones_(tensor):
    with torch.no_grad():
        return tensor.fill_(1.0)


def xavier_uniform_(tensor, gain=1.0):
    fan_out = tensor.shape[0]
    fan_in = tensor.shape[1] if tensor.dim() > 1 else 1
    bound = gain * (6.0 / (fan_in + fan_out)) ** 0.5
    return uniform_(tensor, -bound, bound)
