"""torch.conv1d, torch.max_pool2d, torch.constant_pad_nd, torch.alpha_dropout, ...: the ATen
ops behind torch.nn.functional, which PyTorch also puts in the torch namespace. Each is
the op F calls, so it records the same graph; the differences are the signatures
(stride=[] for "the kernel size", reduction as an int, no return_indices), ATen's own
argument checks in place of F's (RuntimeError where F raises ValueError), and no size
check between input and target in binary_cross_entropy_with_logits."""

from torch.nn import functional as _F
from torch.nn import _feature_dropout
from torch.nn._dropout_impl import dropout_impl as _dropout_impl

__all__ = ["conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d", "max_pool1d", "max_pool1d_with_indices",
           "max_pool2d", "max_pool3d", "avg_pool1d", "adaptive_avg_pool1d", "adaptive_max_pool1d", "constant_pad_nd",
           "binary_cross_entropy_with_logits",
           "dropout", "dropout_", "feature_dropout", "feature_dropout_", "alpha_dropout", "alpha_dropout_",
           "feature_alpha_dropout", "feature_alpha_dropout_"]

conv1d = _F.conv1d
conv2d = _F.conv2d
conv3d = _F.conv3d
conv_transpose1d = _F.conv_transpose1d
conv_transpose2d = _F.conv_transpose2d
conv_transpose3d = _F.conv_transpose3d


def _stride(stride):
    # ATen's empty stride means "the kernel size", which F spells None.
    return None if stride is None or (not isinstance(stride, int) and len(stride) == 0) else stride


def max_pool1d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _F.max_pool1d(input, kernel_size, _stride(stride), padding, dilation, ceil_mode)


def max_pool1d_with_indices(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _F.max_pool1d(input, kernel_size, _stride(stride), padding, dilation, ceil_mode, return_indices=True)


def max_pool2d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _F.max_pool2d(input, kernel_size, _stride(stride), padding, dilation, ceil_mode)


def max_pool3d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _F.max_pool3d(input, kernel_size, _stride(stride), padding, dilation, ceil_mode)


def adaptive_max_pool1d(input, output_size):
    return _F.adaptive_max_pool1d_with_indices(input, output_size)


def avg_pool1d(input, kernel_size, stride=(), padding=0, ceil_mode=False, count_include_pad=True):
    return _F.avg_pool1d(input, kernel_size, _stride(stride), padding, ceil_mode, count_include_pad)


def adaptive_avg_pool1d(input, output_size):
    return _F.adaptive_avg_pool1d(input, output_size)


def constant_pad_nd(input, pad, value=0):
    """at::constant_pad_nd, with its own texts for a bad pad length (F.pad words them
    differently before reaching it)."""
    pad = list(pad)
    if len(pad) % 2 != 0:
        raise RuntimeError(f"Length of pad must be even but instead it equals {len(pad)}")
    if input.dim() < len(pad) // 2:
        raise RuntimeError(f"Length of pad should be no more than twice the number of dimensions of the input. "
                           f"Pad length is {len(pad)}while the input has {input.dim()}dimensions.")
    return _F.pad(input, pad, "constant", value)


def binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None, reduction=0):
    """The loss with ATen's int reduction: 1 the mean, 2 the sum, anything else none.
    PyTorch 1.13's argument parser reads the schema's default ("Mean") as 0, so a call
    without reduction gives the unreduced loss."""
    from _agv_torch import _nn
    if not isinstance(reduction, int):
        raise TypeError(f"binary_cross_entropy_with_logits(): argument 'reduction' must be int, not "
                        f"{type(reduction).__name__}")
    name = {1: "mean", 2: "sum"}.get(reduction, "none")
    return _nn.binary_cross_entropy_with_logits(input, target, weight, pos_weight, name)


def _check_p(p):
    if not 0 <= p <= 1:
        raise RuntimeError(f"dropout probability has to be between 0 and 1, but got {p:g}")  # as C++ streams it


def dropout(input, p, train):
    _check_p(p)
    return _F.dropout(input, p, train)


def dropout_(input, p, train):
    return _dropout_impl(input, p, train, False, False, True)


def feature_dropout(input, p, train):
    _check_p(p)
    return _feature_dropout._feature_dropout(input, p, train, False)


def feature_dropout_(input, p, train):
    _check_p(p)
    return _feature_dropout._feature_dropout(input, p, train, True)


def alpha_dropout(input, p, train):
    return _dropout_impl(input, p, train, False, True, False)


def alpha_dropout_(input, p, train):
    return _dropout_impl(input, p, train, False, True, True)


def feature_alpha_dropout(input, p, train):
    return _dropout_impl(input, p, train, True, True, False)


def feature_alpha_dropout_(input, p, train):
    return _dropout_impl(input, p, train, True, True, True)
