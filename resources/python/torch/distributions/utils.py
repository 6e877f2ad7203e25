"""Helpers shared by the distributions: broadcasting parameters, standard normal noise,
converting between probabilities and logits, and parameters computed on first read."""

from functools import update_wrapper
from numbers import Number

import torch
import torch.nn.functional as F

euler_constant = 0.57721566490153286060  # the Euler-Mascheroni constant


def _is_tensor_like(value):
    return isinstance(value, torch.Tensor) or hasattr(type(value), '__torch_function__')


def broadcast_all(*values):
    """The values broadcast to one shape. Python numbers become tensors of the first
    tensor's dtype and device (of the default dtype when all are numbers)."""
    if not all(_is_tensor_like(v) or isinstance(v, Number) for v in values):
        raise ValueError('Input arguments must all be instances of numbers.Number, '
                         'torch.Tensor or objects implementing __torch_function__.')
    if all(_is_tensor_like(v) for v in values):
        return torch.broadcast_tensors(*values)
    first_tensor = next((v for v in values if isinstance(v, torch.Tensor)), None)
    if first_tensor is None:
        options = dict(dtype=torch.get_default_dtype())
    else:
        options = dict(dtype=first_tensor.dtype, device=first_tensor.device)
    return torch.broadcast_tensors(*[v if _is_tensor_like(v) else torch.tensor(v, **options) for v in values])


def _standard_normal(shape, dtype, device):
    # Tensor.normal_ on a fresh tensor: the same draws from the generator as PyTorch's.
    return torch.empty(shape, dtype=dtype, device=device).normal_()


def _sum_rightmost(value, dim):
    """`value` with its `dim` rightmost dimensions summed away."""
    if dim == 0:
        return value
    return value.reshape(value.shape[:-dim] + (-1,)).sum(-1)


def logits_to_probs(logits, is_binary=False):
    """Probabilities from logits: the sigmoid of log-odds when `is_binary`, otherwise the
    softmax of (unnormalised) log-probabilities over the last dimension."""
    if is_binary:
        return torch.sigmoid(logits)
    return F.softmax(logits, dim=-1)


def clamp_probs(probs):
    """`probs` kept eps (of its dtype) away from 0 and 1, so that their logs are finite."""
    eps = torch.finfo(probs.dtype).eps
    return probs.clamp(min=eps, max=1 - eps)


def probs_to_logits(probs, is_binary=False):
    """Logits from probabilities: log-odds when `is_binary`, otherwise log-probabilities."""
    clamped = clamp_probs(probs)
    if is_binary:
        return torch.log(clamped) - torch.log1p(-clamped)
    return torch.log(clamped)


class lazy_property:
    """A parameter computed from another on first read (Bernoulli's logits from its probs),
    with grad mode on so that it keeps its graph, then stored on the instance so that
    later reads (and Distribution.__repr__) see a plain attribute."""

    def __init__(self, wrapped):
        self.wrapped = wrapped
        update_wrapper(self, wrapped)

    def __get__(self, instance, obj_type=None):
        if instance is None:
            return _lazy_property_and_property(self.wrapped)
        with torch.enable_grad():
            value = self.wrapped(instance)
        setattr(instance, self.wrapped.__name__, value)
        return value


class _lazy_property_and_property(lazy_property, property):
    """What the class attribute reads as: a property (for documentation tools) that is
    also a lazy_property, which tells argument validation to skip a parameter that was
    not given."""

    def __init__(self, wrapped):
        property.__init__(self, wrapped)
