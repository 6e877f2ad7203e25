"""torch.nn.functional: the engine's kernels (_agv_torch._nn) under PyTorch's names."""

import warnings

import torch
from _agv_torch._nn import (cross_entropy, dropout, gelu, leaky_relu, linear, log_softmax, mse_loss, nll_loss, relu,
                            softmax)


def sigmoid(input):
    warnings.warn("nn.functional.sigmoid is deprecated. Use torch.sigmoid instead.")
    return input.sigmoid()


def tanh(input):
    warnings.warn("nn.functional.tanh is deprecated. Use torch.tanh instead.")
    return input.tanh()
