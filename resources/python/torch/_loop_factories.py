"""Factories that ATen fills element by element in a loop of its own (1.13):
torch.logspace (RangeFactories.cpp) and torch.tril_indices / triu_indices
(TensorFactories.cpp). The elements are computed here with the same arithmetic in
Python doubles and stored with the conversions ATen's stores make; none of them records
a graph.

logspace: start and end are first converted to the result's dtype; the step is
(end - start) in that dtype, then in double, over steps - 1; the first half counts up from
start, the second half down from end, each element std::pow(base, ...) in double (math.pow
is the same libm pow) stored into the dtype (truncated for integers, whose base is
first rounded to float)."""

import math
import struct

import _agv_torch as _C

__all__ = ["logspace", "tril_indices", "triu_indices"]

_INTEGRAL = (_C.uint8, _C.int8, _C.int16, _C.int32, _C.int64)
_SHORT_NAMES = {_C.float32: "Float", _C.float64: "Double", _C.float16: "Half", _C.bfloat16: "BFloat16",
                _C.int64: "Long", _C.int32: "Int", _C.int16: "Short", _C.int8: "Char", _C.uint8: "Byte",
                _C.bool: "Bool"}


def _to_float32(value):
    return struct.unpack("f", struct.pack("f", value))[0]


def _in_dtype(value, dtype):
    """A Python number as Scalar::to<scalar_t>() gives it, read back as a Python number."""
    return _C.tensor(value, dtype=dtype).item()


def logspace(start, end, steps=None, base=10.0, *, out=None, dtype=None, layout=None, device=None,
             pin_memory=False, requires_grad=False):
    if steps is None:
        raise TypeError('logspace() missing 1 required positional arguments: "steps"')
    if out is not None:
        raise NotImplementedError("autogradviz: torch.logspace() does not support out= yet")
    dtype = _C.get_default_dtype() if dtype is None else dtype
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    integral = dtype in _INTEGRAL
    if steps == 1:
        values = [math.pow(base, float(start))]
    elif steps > 1:
        if dtype == _C.float16:
            raise RuntimeError('"logspace_cpu" not implemented for \'Half\'')
        scalar_base = _to_float32(base) if integral else float(base)
        scalar_start, scalar_end = _in_dtype(start, dtype), _in_dtype(end, dtype)
        difference = _C.tensor(scalar_end, dtype=dtype) - _C.tensor(scalar_start, dtype=dtype)
        step = float(difference.item()) / (steps - 1)
        halfway = steps // 2
        values = [math.pow(scalar_base, scalar_start + step * i) if i < halfway
                  else math.pow(scalar_base, scalar_end - step * (steps - i - 1)) for i in range(steps)]
    else:
        values = []
    if integral:
        values = [int(v) for v in values]
    elif dtype in (_C.float16, _C.bfloat16):
        # The double is stored through a float, as c10::Half and c10::BFloat16 take one.
        values = [_to_float32(v) for v in values]
    return _C.tensor(values, dtype=dtype, device=device, requires_grad=requires_grad)


def _tril_size(row, col, offset):
    """get_tril_size of ATen's TensorFactories.h: the element count in closed form."""
    if row == 0 or col == 0:
        return 0
    m_first_row = min(col, 1 + offset) if offset > 0 else int(row + offset > 0)
    m_last_row = max(0, min(col, row + offset))
    n_row_all = max(0, min(row, row + offset))
    n_row_trapezoid = m_last_row - m_first_row + 1
    size = (m_first_row + m_last_row) * n_row_trapezoid >> 1
    if n_row_all - n_row_trapezoid > 0:
        size += (n_row_all - n_row_trapezoid) * col
    return size


def _indices(name, row, col, offset, dtype, device, requires_grad, keep):
    dtype = _C.int64 if dtype is None else dtype
    if row < 0:
        raise RuntimeError(f"row must be non-negative, got{row}")
    if col < 0:
        raise RuntimeError(f"col must be non-negative, got{col}")
    if dtype not in _INTEGRAL:
        raise RuntimeError(f'"{name}" not implemented for \'{_SHORT_NAMES[dtype]}\'')
    # ATen allocates its (2, size) result first: a size past memory fails there, in its
    # words and with its byte count, before any index is computed.
    size = _tril_size(row, col, offset) if name == "tril_indices" else row * col - _tril_size(row, col, offset - 1)
    _C.empty((2, size), dtype=dtype)
    rows, cols = [], []
    for r in range(row):
        for c in range(col):
            if keep(r, c):
                rows.append(r)
                cols.append(c)
    return _C.tensor([rows, cols], dtype=dtype, device=device, requires_grad=requires_grad)


def tril_indices(row, col, offset=0, *, dtype=None, layout=None, device=None, pin_memory=False, requires_grad=False):
    """The (row, column) indices of the lower triangle, on and below diagonal `offset`, row by row."""
    return _indices("tril_indices", row, col, offset, dtype, device, requires_grad, lambda r, c: c - r <= offset)


def triu_indices(row, col, offset=0, *, dtype=None, layout=None, device=None, pin_memory=False, requires_grad=False):
    """The (row, column) indices of the upper triangle, on and above diagonal `offset`, row by row."""
    return _indices("triu_indices", row, col, offset, dtype, device, requires_grad, lambda r, c: c - r >= offset)
