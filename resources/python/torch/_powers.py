"""Powers that ATen writes over pow and matmul (aten/src/ATen/native/Pow.cpp,
LinearAlgebra.cpp in 1.13):

- float_power: both sides converted to double (ToCopyBackward0 where one is not double
  already), then pow (PowBackward0 / 1 / 2); float_power_ needs a double base and pow_s
  into it.
- matrix_power: a clone with eye copied in for n = 0 (CopyBackwards), a clone for n = 1,
  a @ a and (a @ a) @ a for 2 and 3, else squarings and products over the bits of n
  from the least significant, each a matmul (MmBackward0 for single matrices)."""

import _agv_torch as _C

from torch._memory_format import contiguous_format

__all__ = ["float_power", "matrix_power"]


def _is_tensor(value):
    return isinstance(value, _C._TensorBase)


def float_power(input, exponent, *, out=None):
    if out is not None:
        raise NotImplementedError("autogradviz: torch.float_power() does not support out= yet")
    if not _is_tensor(input):
        return _C.pow(float(input), exponent.to(_C.float64))
    if _is_tensor(exponent):
        return _C.pow(input.to(_C.float64), exponent.to(_C.float64))
    return _C.pow(input.to(_C.float64), float(exponent))


def _float_power_(self, exponent):
    if self.dtype != _C.float64:
        from torch._composites import _SCALAR_TYPE_NAMES
        raise RuntimeError(f"the base given to float_power_ has dtype {_SCALAR_TYPE_NAMES[self.dtype]} but the "
                           f"operation's result requires dtype Double")
    return self.pow_(exponent.to(_C.float64) if _is_tensor(exponent) else float(exponent))


def matrix_power(input, n, *, out=None):
    if out is not None:
        raise NotImplementedError("autogradviz: torch.matrix_power() does not support out= yet")
    if input.dim() < 2:
        raise RuntimeError("linalg.matrix_power: The input tensor A must have at least 2 dimensions.")
    if input.size(-1) != input.size(-2):
        raise RuntimeError(f"linalg.matrix_power: A must be batches of square matrices, but they are "
                           f"{input.size(-2)} by {input.size(-1)} matrices")
    if n == 0:
        # The clone puts the result in the graph, as ATen does.
        return input.clone(memory_format=contiguous_format).copy_(
            _C.eye(input.size(-2), dtype=input.dtype, device=input.device))
    if n == 1:
        return input.clone(memory_format=contiguous_format)
    if n == -1:
        return _C._linalg_inv(input)
    # A negative power is a power of the inverse.
    if n < 0:
        input, n = _C._linalg_inv(input), -n
    if n == 2:
        return _C.matmul(input, input)
    if n == 3:
        return _C.matmul(_C.matmul(input, input), input)
    square, result = None, None
    while n > 0:
        bit, n = n % 2, n // 2
        square = input if square is None else _C.matmul(square, square)
        if bit:
            result = square if result is None else _C.matmul(result, square)
    return result


def install_methods(tensor_class):
    """Tensor.float_power, float_power_ and matrix_power."""
    def float_power_method(self, exponent):
        return float_power(self, exponent)

    def matrix_power_method(self, n):
        return matrix_power(self, n)

    for name, method in (("float_power", float_power_method), ("float_power_", _float_power_),
                         ("matrix_power", matrix_power_method)):
        method.__name__ = method.__qualname__ = name
        setattr(tensor_class, name, method)
