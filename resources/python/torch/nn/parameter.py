"""torch.nn.Parameter: a tensor that a Module registers as its parameter; the
uninitialized parameters and buffers of lazy modules."""

from collections import OrderedDict

import torch


class Parameter(torch.Tensor):
    def __new__(cls, data=None, requires_grad=True):
        if data is None:
            data = torch.empty(0)
        return torch.Tensor._make_subclass(cls, data, requires_grad)

    def __init__(self, data=None, requires_grad=True):
        pass

    def __deepcopy__(self, memo):
        # 1.13's: a clone of the data, its own storage, and no .grad.
        if id(self) in memo:
            return memo[id(self)]
        result = type(self)(self.data.clone(memory_format=torch.preserve_format), self.requires_grad)
        memo[id(self)] = result
        return result

    def __repr__(self):
        return "Parameter containing:\n" + super().__repr__()

    def __reduce_ex__(self, proto):
        # Backward hooks are never saved (an empty OrderedDict stands in for them).
        return (torch._utils._rebuild_parameter, (self.data, self.requires_grad, OrderedDict()))


Parameter.__module__ = "torch.nn.parameter"


class UninitializedTensorMixin:
    """A parameter or buffer whose shape is not known yet (lazy modules): it holds an
    empty tensor until materialize() gives it a shape and turns it into its
    cls_to_become."""

    def materialize(self, shape, device=None, dtype=None):
        """Gives the tensor its shape (uninitialized data, on the device and with the
        dtype it has unless told otherwise) and makes it a cls_to_become."""
        if device is None:
            device = self.data.device
        if dtype is None:
            dtype = self.data.dtype
        self.data = torch.empty(shape, device=device, dtype=dtype)
        self.__class__ = self.cls_to_become

    @property
    def shape(self):
        raise RuntimeError(
            'Can\'t access the shape of an uninitialized parameter or buffer. '
            'This error usually happens in `load_state_dict` when trying to load '
            'an uninitialized parameter into an initialized one. '
            'Call `forward` to initialize the parameters before accessing their attributes.')

    def share_memory_(self):
        raise RuntimeError(
            'Can\'t share memory on an uninitialized parameter or buffer. '
            'Call `forward` to initialize the parameters before calling '
            '`module.share_memory()`.')

    def __repr__(self):
        return f'<{self.__class__.__name__}>'

    def __reduce_ex__(self, proto):
        return (self.__class__, (self.requires_grad,))


def is_lazy(param):
    return isinstance(param, UninitializedTensorMixin)


class UninitializedParameter(UninitializedTensorMixin, Parameter):
    """A Parameter whose shape is not known yet; becomes a Parameter on materialize()."""

    cls_to_become = Parameter

    def __new__(cls, requires_grad=True, device=None, dtype=None):
        data = torch.empty(0, device=device, dtype=dtype)
        return torch.Tensor._make_subclass(cls, data, requires_grad)

    def __init__(self, requires_grad=True, device=None, dtype=None):
        pass

    def __deepcopy__(self, memo):
        if id(self) in memo:
            return memo[id(self)]
        result = type(self)(self.requires_grad, self.data.device, self.data.dtype)
        memo[id(self)] = result
        return result


class UninitializedBuffer(UninitializedTensorMixin, torch.Tensor):
    """A buffer whose shape is not known yet; becomes a Tensor on materialize()."""

    cls_to_become = torch.Tensor

    def __new__(cls, requires_grad=False, device=None, dtype=None):
        data = torch.empty(0, device=device, dtype=dtype)
        return torch.Tensor._make_subclass(cls, data, requires_grad)


for _cls in (UninitializedTensorMixin, UninitializedParameter, UninitializedBuffer):
    _cls.__module__ = "torch.nn.parameter"
del _cls
