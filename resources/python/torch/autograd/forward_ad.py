"""torch.autograd.forward_ad: forward-mode automatic differentiation with dual tensors.

Laid out as PyTorch 1.13's torch/autograd/forward_ad.py. A dual tensor is a primal
carrying a tangent at a dual level; every op then computes its output's tangent
(the Jacobian-vector product) alongside its value. The engine does the work
(core/autograd/forward_ad.h); this module keeps the current level, as PyTorch's does.
PyTorch 1.13 supports one level at a time.
"""

from collections import namedtuple

import torch
from torch.autograd.grad_mode import _DecoratorContextManager

_C = torch._C

__all__ = ["UnpackedDualTensor", "enter_dual_level", "exit_dual_level", "make_dual", "unpack_dual", "dual_level"]

# The level that make_dual and unpack_dual use by default; -1 while none is entered.
_current_level = -1


def enter_dual_level():
    """Enters a new forward AD level and makes it the default one; returns its index."""
    global _current_level
    new_level = _C._enter_dual_level()
    if new_level != _current_level + 1:
        raise RuntimeError("Entering a new forward AD level but the current level "
                           "is not valid. Make sure you did not modified it directly.")
    _current_level = new_level
    return new_level


def exit_dual_level(*, level=None):
    """Exits the latest forward AD level: every tangent of that level is dropped."""
    global _current_level
    if level is None:
        level = _current_level
    if level != _current_level:
        raise RuntimeError("Trying to exit a forward AD level that was not the last one "
                           "that was created. This is not supported.")
    _C._exit_dual_level(level=level)
    _current_level = level - 1


def make_dual(tensor, tangent, *, level=None):
    """A new tensor aliasing ``tensor`` whose tangent is ``tangent`` (kept as it is when
    its layout matches the primal's, copied into the primal's layout otherwise)."""
    if level is None:
        level = _current_level
    if level < 0:
        raise RuntimeError("Trying to create a dual Tensor for forward AD but no level "
                           "exists, make sure to enter_dual_level() first.")
    if not (tensor.is_floating_point() or tensor.is_complex()):
        raise ValueError(f"Expected primal to be floating point or complex, but got: {tensor.dtype}")
    if not (tangent.is_floating_point() or tangent.is_complex()):
        raise ValueError(f"Expected tangent to be floating point or complex, but got: {tangent.dtype}")
    return _C._make_dual(tensor, tangent, level=level)


_UnpackedDualTensor = namedtuple('_UnpackedDualTensor', ['primal', 'tangent'])


class UnpackedDualTensor(_UnpackedDualTensor):
    """What unpack_dual returns: ``primal`` (a view of the tensor without its tangent)
    and ``tangent`` (the tangent itself, or None)."""
    pass


def unpack_dual(tensor, *, level=None):
    """Splits a dual tensor into its primal and its tangent (None when it has none)."""
    if level is None:
        level = _current_level
    if level < 0:
        return UnpackedDualTensor(tensor, None)
    primal, dual = _C._unpack_dual(tensor, level=level)
    return UnpackedDualTensor(primal, dual)


class dual_level(_DecoratorContextManager):
    """Context manager (and decorator) that enters a dual level and exits it at the end."""

    def __init__(self):
        super().__init__()

    def __enter__(self):
        return enter_dual_level()

    def __exit__(self, exc_type, exc_value, traceback):
        exit_dual_level()
