"""ATen's _dropout_impl (aten/src/ATen/native/Dropout.cpp) where the engine has no op for
it: in-place dropout (torch.dropout_, F.dropout(inplace=True)) and alpha dropout
(F.alpha_dropout, F.feature_alpha_dropout, torch.alpha_dropout(_),
torch.feature_alpha_dropout(_)), the dropout that keeps SELU's zero mean and unit variance.

PyTorch 1.13 writes these over other ops: a noise tensor (the input's shape, or
(N, C, 1, ...) for the feature variants) filled with bernoulli_(1 - p); for plain dropout
divided by 1 - p, for alpha dropout the shift b = (noise - 1) * alpha * a + alpha * a * p
and the scale noise * a, with a = 1 / sqrt((alpha^2 p + 1)(1 - p)); then input * noise
(MulBackward0, in place for the _ variants) and, for alpha, + b in place (AddBackward0).
The noise is drawn with Tensor.bernoulli_, so the masks are the ones PyTorch draws for
the same seed."""

import math

import torch
from torch._untraced import untraced

# SELU's alpha * scale: the value a dropped SELU activation saturates to, negated.
_ALPHA = 1.7580993408473766


def dropout_impl(input, p, train, feature, alpha, inplace):
    """ATen's _dropout_impl<feature, alpha, inplace>."""
    if not 0 <= p <= 1:
        raise RuntimeError(f"dropout probability has to be between 0 and 1, but got {p:g}")  # as C++ streams it
    if p == 0 or not train or input.numel() == 0:
        return input
    if p == 1:
        zero = torch.zeros((), dtype=input.dtype, device=input.device)
        return input.mul_(zero) if inplace else input.mul(zero)
    with untraced():
        if feature:
            if input.dim() < 2:
                raise RuntimeError("Feature dropout requires at least 2 dimensions in the input")
            sizes = [input.shape[0], input.shape[1]] + [1] * (input.dim() - 2)
            noise = torch.empty(sizes, dtype=input.dtype, device=input.device)
        else:
            noise = torch.empty(input.shape, dtype=input.dtype, device=input.device)
        noise.bernoulli_(1 - p)
        if alpha:
            a = 1. / math.sqrt((_ALPHA * _ALPHA * p + 1) * (1 - p))
            shift = noise.add(-1).mul_(_ALPHA * a).add_(_ALPHA * a * p)
            noise.mul_(a)
        else:
            noise.div_(1 - p)
    scaled = input.mul_(noise) if inplace else input.mul(noise)
    return scaled.add_(shift) if alpha else scaled


def _check_p(p):
    if p < 0.0 or p > 1.0:
        raise ValueError("dropout probability has to be between 0 and 1, " "but got {}".format(p))


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    _check_p(p)
    return dropout_impl(input, p, training, False, True, inplace)


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    _check_p(p)
    return dropout_impl(input, p, training, True, True, inplace)
