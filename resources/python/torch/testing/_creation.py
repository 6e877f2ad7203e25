"""make_tensor: a tensor of a given shape and dtype filled uniformly from [low, high)."""

import collections.abc
import math

import torch


def _dtypes(*names):
    return [getattr(torch, name) for name in names if hasattr(torch, name)]


_INTEGRAL = _dtypes('uint8', 'int8', 'int16', 'int32', 'int64')
_FLOATING = _dtypes('float16', 'bfloat16', 'float32', 'float64')


def _bounds(low, high, lowest, highest, default_low, default_high, integral):
    low = default_low if low is None else low
    high = default_high if high is None else high
    if low != low or high != high:
        raise ValueError('make_tensor: one of low or high was NaN!')
    if low > high:
        raise ValueError('make_tensor: low must be weakly less than high!')
    low = min(max(low, lowest), highest)
    high = min(max(high, lowest), highest)
    if integral:
        return math.floor(low), math.ceil(high)
    return low, high


def make_tensor(*shape, dtype, device, low=None, high=None, requires_grad=False, noncontiguous=False,
                exclude_zero=False):
    """A tensor of `shape` on `device` with values drawn uniformly from [low, high); the
    default range depends on the dtype (bool [0, 2), uint8 [0, 10), other integers [-9, 10),
    floating [-9, 9))."""
    if len(shape) == 1 and isinstance(shape[0], collections.abc.Sequence):
        shape = shape[0]
    shape = tuple(shape)

    if requires_grad and dtype not in _FLOATING:
        raise ValueError('make_tensor: requires_grad must be False for integral dtype')
    if dtype is torch.bool:
        result = torch.randint(0, 2, shape, device=device, dtype=dtype)
    elif dtype in _INTEGRAL:
        info = torch.iinfo(dtype)
        default_low = 0 if dtype is torch.uint8 else -9
        low, high = _bounds(low, high, info.min, info.max, default_low, 10, integral=True)
        result = torch.randint(low, high, shape, device=device, dtype=dtype)
    elif dtype in _FLOATING:
        info = torch.finfo(dtype)
        low, high = _bounds(low, high, info.min, info.max, -9, 9, integral=False)
        fraction = torch.rand(shape, device=device, dtype=dtype)
        result = high * fraction + low * (1 - fraction)
    else:
        raise TypeError(f"The requested dtype '{dtype}' is not supported by torch.testing.make_tensor()."
                        ' To request support, file an issue at: https://github.com/pytorch/pytorch/issues')

    if noncontiguous and result.numel() > 1:
        # Every other element of a doubled last dimension: same values, strides of 2.
        result = torch.repeat_interleave(result, 2, dim=-1)[..., ::2]
    if exclude_zero:
        smallest = 1 if dtype is torch.bool or dtype in _INTEGRAL else torch.finfo(dtype).tiny
        result[result == 0] = torch.tensor(smallest, device=device, dtype=dtype)
    if dtype in _FLOATING:
        result.requires_grad = requires_grad
    return result
