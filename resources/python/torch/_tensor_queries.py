"""Questions about a tensor, its dtype or an object that PyTorch answers without computing
anything: torch.is_nonzero, is_same_size, is_signed, get_device, can_cast, is_storage.
No graph is recorded by any of them."""

import _agv_torch as _C

from torch._inplace_mirrors import _check_tensor

__all__ = ["is_nonzero", "is_same_size", "is_signed", "get_device", "can_cast", "is_storage"]


def is_nonzero(input):
    """at::is_nonzero: the truth of a tensor's one element."""
    _check_tensor("is_nonzero", "input", 1, input)
    n = input.numel()
    if n == 0:
        raise RuntimeError("Boolean value of Tensor with no values is ambiguous")
    if n >= 2:
        raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
    return input.item() != 0


def is_same_size(input, other):
    _check_tensor("is_same_size", "input", 1, input)
    _check_tensor("is_same_size", "other", 2, other)
    return tuple(input.shape) == tuple(other.shape)


_UNSIGNED = (_C.uint8, _C.bool)


def is_signed(input):
    _check_tensor("is_signed", "input", 1, input)
    return input.dtype not in _UNSIGNED


def get_device(input):
    """The device's index, -1 for the CPU."""
    _check_tensor("get_device", "self", 1, input)
    device = input.device
    return -1 if device.type == "cpu" else (device.index or 0)


_FLOATING = (_C.float16, _C.bfloat16, _C.float32, _C.float64)
_INTEGRAL = (_C.uint8, _C.int8, _C.int16, _C.int32, _C.int64)


def can_cast(from_, to):
    """c10::canCast: whether an in-place op may write a `from_` result into a `to` tensor;
    no floating to integral, and nothing but bool into bool (complex is never here)."""
    for position, (name, value) in enumerate((("from", from_), ("to", to)), 1):
        if not isinstance(value, _C.dtype):
            raise TypeError(f"can_cast(): argument '{name}' (position {position}) must be torch.dtype, not "
                            f"{type(value).__name__}")
    if from_ in _FLOATING and to in _INTEGRAL:
        return False
    if from_ != _C.bool and to == _C.bool:
        return False
    return True


def is_storage(obj):
    """Whether obj is a storage: PyTorch asks for the exact type, so a subclass is not one."""
    import torch.storage as storages
    return type(obj) in (storages.TypedStorage, storages.FloatStorage, storages.DoubleStorage,
                         storages.LongStorage, storages.BoolStorage, storages.HalfStorage, storages.BFloat16Storage,
                         storages.IntStorage, storages.ShortStorage, storages.CharStorage, storages.ByteStorage)


def _method(function):
    def method(self, *args):
        return function(self, *args)
    method.__name__ = method.__qualname__ = function.__name__
    return method


def install_methods(tensor_class):
    """Tensor.is_nonzero(), is_same_size(other), is_signed(), get_device()."""
    for function in (is_nonzero, is_same_size, is_signed, get_device):
        setattr(tensor_class, function.__name__, _method(function))
