"""Window functions: torch.hann_window, hamming_window, bartlett_window, blackman_window.

ATen builds each from an arange in the window's dtype with in-place arithmetic on it
(aten/src/ATen/native/TensorFactories.cpp, 1.13); the same ops in the same order here
round the same way in float32 and float64. A periodic window is the symmetric window of
length + 1 without its last element (a narrow, so a view). None records a graph;
requires_grad=True makes the result a leaf that requires grad.

kaiser_window is left out: ATen computes it in one kernel with its own Bessel i0
(calc_i0), which no op here reproduces."""

import math

import _agv_torch as _C

__all__ = ["hann_window", "hamming_window", "bartlett_window", "blackman_window"]

# How TensorOptions prints a dtype in ATen's messages (caffe2::TypeMeta names).
_TYPE_META_NAMES = {_C.float32: "float", _C.float64: "double", _C.float16: "c10::Half",
                    _C.bfloat16: "c10::BFloat16", _C.int64: "long int", _C.int32: "int", _C.int16: "short int",
                    _C.int8: "signed char", _C.uint8: "unsigned char", _C.bool: "bool"}
_FLOATING = (_C.float32, _C.float64, _C.float16, _C.bfloat16)


def _options(name, window_length, dtype, device):
    dtype = _C.get_default_dtype() if dtype is None else dtype
    device = _C.device("cpu") if device is None else _C.device(device)
    if dtype not in _FLOATING:
        raise RuntimeError(f"{name} expects floating point dtypes, got: TensorOptions(dtype={_TYPE_META_NAMES[dtype]}, "
                           f"device={device}, layout=Strided (default), requires_grad=false (default), "
                           f"pinned_memory=false, memory_format=(nullopt))")
    if window_length < 0:
        raise RuntimeError(f"{name} requires non-negative window_length, got window_length={window_length}")
    return dtype, device


def _trivial(window_length, dtype, device):
    """The windows of length 0 and 1, which ATen returns before any arithmetic."""
    if window_length == 0:
        return _C.empty(0, dtype=dtype, device=device)
    return _C.ones(1, dtype=dtype, device=device)


def _finish(window, periodic, requires_grad):
    if periodic:
        window = window.narrow(0, 0, window.size(0) - 1)
    return window.requires_grad_() if requires_grad else window


def _hamming(name, window_length, periodic, alpha, beta, dtype, device, requires_grad):
    dtype, device = _options(name, window_length, dtype, device)
    if window_length <= 1:
        return _finish(_trivial(window_length, dtype, device), False, requires_grad)
    if periodic:
        window_length += 1
    window = _C.arange(window_length, dtype=dtype, device=device)
    window.mul_(math.pi * 2. / (window_length - 1)).cos_().mul_(-beta).add_(alpha)
    return _finish(window, periodic, requires_grad)


def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None, layout=None, device=None,
                   pin_memory=False, requires_grad=False):
    return _hamming("hamming_window", window_length, periodic, alpha, beta, dtype, device, requires_grad)


def hann_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, pin_memory=False,
                requires_grad=False):
    return _hamming("hann_window", window_length, periodic, 0.5, 0.5, dtype, device, requires_grad)


def bartlett_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, pin_memory=False,
                    requires_grad=False):
    dtype, device = _options("bartlett_window", window_length, dtype, device)
    if window_length <= 1:
        return _finish(_trivial(window_length, dtype, device), False, requires_grad)
    if periodic:
        window_length += 1
    window = _C.arange(window_length, dtype=dtype, device=device).mul_(2. / (window_length - 1))
    first_half_size = ((window_length - 1) >> 1) + 1
    window.narrow(0, first_half_size, window_length - first_half_size).mul_(-1).add_(2)
    return _finish(window, periodic, requires_grad)


def blackman_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, pin_memory=False,
                    requires_grad=False):
    dtype, device = _options("blackman_window", window_length, dtype, device)
    if window_length <= 1:
        return _finish(_trivial(window_length, dtype, device), False, requires_grad)
    if periodic:
        window_length += 1
    window = _C.arange(window_length, dtype=dtype, device=device).mul_(math.pi / (window_length - 1))
    window = window.mul(4).cos_().mul_(0.08) - window.mul(2).cos_().mul_(0.5) + 0.42
    return _finish(window, periodic, requires_grad)
