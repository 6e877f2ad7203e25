"""The complex-number functions on real tensors, the only tensors the engine has.

For a real tensor PyTorch 1.13 answers without any op: conj, conj_physical, resolve_conj,
resolve_neg and real return the tensor itself (`t.real is t`), is_conj and is_neg are
False, isreal is all True (ones_like of dtype bool), and imag is an error. Setting
`t.real = v` copies v into t (CopyBackwards), as PyTorch's setter copies into real(t).

conj_physical_ is left out: on a real tensor it still records ConjPhysicalBackward1."""

import _agv_torch as _C

from torch._inplace_mirrors import _check_tensor

__all__ = ["conj", "conj_physical", "resolve_conj", "resolve_neg", "is_conj", "is_neg", "isreal", "real", "imag"]

_NO_IMAG = "imag is not implemented for tensors with non-complex dtypes."


def _identity(name):
    def function(input):
        _check_tensor(name, "input", 1, input)
        return input
    function.__name__ = function.__qualname__ = name
    return function


conj = _identity("conj")
conj_physical = _identity("conj_physical")
resolve_conj = _identity("resolve_conj")
resolve_neg = _identity("resolve_neg")
real = _identity("real")


def _never(name):
    def function(input):
        _check_tensor(name, "input", 1, input)
        return False
    function.__name__ = function.__qualname__ = name
    return function


is_conj = _never("is_conj")
is_neg = _never("is_neg")


def isreal(input):
    _check_tensor("isreal", "input", 1, input)
    return _C.ones_like(input, dtype=_C.bool)


def imag(input):
    _check_tensor("imag", "input", 1, input)
    raise RuntimeError(_NO_IMAG)


def _set_real(self, value):
    if not isinstance(value, _C._TensorBase):
        value = _C.full((), value, dtype=self.dtype, device=self.device)
    self.copy_(value)


def _get_imag(self):
    raise RuntimeError(_NO_IMAG)


def _set_imag(self, value):
    raise RuntimeError(_NO_IMAG)


def _method(function):
    def method(self):
        return function(self)
    method.__name__ = method.__qualname__ = function.__name__
    return method


def install_methods(tensor_class):
    """Tensor.conj(), ..., and the properties Tensor.real and Tensor.imag."""
    for function in (conj, conj_physical, resolve_conj, resolve_neg, is_conj, is_neg, isreal):
        setattr(tensor_class, function.__name__, _method(function))
    tensor_class.real = property(lambda self: self, _set_real)
    tensor_class.imag = property(_get_imag, _set_imag)
