"""torch.Tensor: the engine's tensor (_C._TensorBase) with the Python-level methods
PyTorch also writes in Python (torch/_tensor.py)."""

import _agv_torch as _C


def _rebuild_from_type_v2(func, new_type, args, state):
    """Rebuilds a tensor subclass saved by Tensor.__reduce_ex__: the tensor, then its
    class and its attributes."""
    ret = func(*args)
    if new_type is Tensor:
        return ret
    if type(ret) is not new_type:
        ret = Tensor._make_subclass(new_type, ret, ret.requires_grad)
    if hasattr(ret.__class__, "__setstate__"):
        ret.__setstate__(state)
    else:
        dict_state, slots_state = state if isinstance(state, tuple) else (state, None)
        for k, v in (dict_state or {}).items():
            setattr(ret, k, v)
        for k, v in (slots_state or {}).items():
            setattr(ret, k, v)
    return ret


class Tensor(_C._TensorBase):
    def __new__(cls, *args, **kwargs):
        # The legacy constructor: torch.Tensor([1, 2]), torch.Tensor(2, 3), torch.Tensor(array).
        from torch import _legacy_new
        made = _legacy_new.legacy_constructor(_C.get_default_dtype(), args, kwargs, any_dtype=True)
        if cls is Tensor:
            return made
        return Tensor._make_subclass(cls, made, made.requires_grad)

    def __init__(self, *args, **kwargs):
        pass

    def __repr__(self):
        kind = type(self)
        if kind is Tensor or (kind.__name__ == 'Parameter' and kind.__module__ == 'torch.nn.parameter'):
            return self._repr()
        return self._repr(kind.__name__ + '(')  # a subclass prints its own name (_str_intern)

    def __format__(self, format_spec):
        # A 0-d tensor formats as its Python number, even with an empty spec:
        # f"{loss}" prints 0.25, not tensor(0.25).
        if self.dim() == 0:
            return self.item().__format__(format_spec)
        return object.__format__(self, format_spec)

    # abs(t), as PyTorch's _tensor.py binds it.
    __abs__ = _C._TensorBase.abs

    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        """Python as in 1.13, through torch.autograd.backward (see there)."""
        import torch
        torch.autograd.backward(self, gradient, retain_graph, create_graph, inputs=inputs)

    @property
    def layout(self):
        """Every tensor here is strided (dense, with strides); see torch/_layout.py."""
        import torch
        return torch.strided

    @property
    def mT(self):
        """The last two dims swapped (TransposeBackward0); a 0-d tensor is its own."""
        return self._matrix_transpose("mT")

    @property
    def mH(self):
        """mT, the conjugate being a no-op for the real tensors there are here."""
        return self._matrix_transpose("mH")

    def _matrix_transpose(self, name):
        if self.dim() == 1:
            raise RuntimeError(f"tensor.{name} is only supported on matrices or batches of matrices. Got 1-D tensor.")
        return self if self.dim() == 0 else self.transpose(-2, -1)

    def is_inference(self):
        """Whether this tensor was made under torch.inference_mode() (torch.is_inference)."""
        return _C.is_inference(self)

    def unique(self, sorted=True, return_inverse=False, return_counts=False, dim=None):
        import torch
        return torch.unique(self, sorted=sorted, return_inverse=return_inverse, return_counts=return_counts, dim=dim)

    def unique_consecutive(self, return_inverse=False, return_counts=False, dim=None):
        import torch
        return torch.unique_consecutive(self, return_inverse=return_inverse, return_counts=return_counts, dim=dim)

    def unflatten(self, dim, sizes):
        """Dim `dim` split into `sizes` (one of them may be -1): a view, as PyTorch's
        unflatten, with its error texts."""
        if not sizes:
            raise RuntimeError("unflatten: sizes must be non-empty")
        ndim = self.dim()
        if not -max(ndim, 1) <= dim < max(ndim, 1):
            raise IndexError("Dimension out of range (expected to be in range of [{}, {}], but got {})".format(
                -max(ndim, 1), max(ndim, 1) - 1, dim))
        dim = dim % max(ndim, 1)
        sizes = [int(s) for s in sizes]
        extent = self.shape[dim]
        inferred = [i for i, s in enumerate(sizes) if s == -1]
        if len(inferred) > 1:
            raise RuntimeError("unflatten got an unexpected error:\nonly one dimension can be inferred")
        known = 1
        for s in sizes:
            if s != -1:
                known *= s
        if inferred and known != 0 and extent % known == 0:
            sizes[inferred[0]] = extent // known
        elif inferred or known != extent:
            raise RuntimeError("unflatten: Provided sizes [{}] don't multiply up to the size of dim {} ({}) in the "
                               "input tensor".format(", ".join(str(s) for s in sizes), dim, extent))
        shape = list(self.shape)
        return self.view(shape[:dim] + sizes + shape[dim + 1:])

    def __iter__(self):
        if self.dim() == 0:
            raise TypeError("iteration over a 0-d tensor")
        return iter([self[i] for i in range(self.shape[0])])

    def __contains__(self, element):
        if isinstance(element, (Tensor, int, float, bool)):
            return bool((self == element).sum().item())
        raise RuntimeError(
            "Tensor.__contains__ only supports Tensor or scalar, but you passed in a {}.".format(type(element)))

    __array_priority__ = 1000  # prefer Tensor ops over numpy ones

    def __array__(self, dtype=None):
        if dtype is None:
            return self.numpy()
        else:
            return self.numpy().astype(dtype, copy=False)

    # np.sin(tensor) is a tensor again (a bool result becomes uint8, as in 1.13).
    def __array_wrap__(self, array):
        if array.dtype == bool:
            array = array.astype("uint8")
        return _C.from_numpy(array)

    __hash__ = _C._TensorBase.__hash__

    def type(self, dtype=None, non_blocking=False, **kwargs):
        """Without dtype, the legacy type name ('torch.FloatTensor'); with one (a dtype or
        such a name), the tensor converted to it (itself when it has it already)."""
        if dtype is None:
            return _C.typename(self)
        if isinstance(dtype, str):
            by_name = {'torch.' + prefix + 'Tensor': dt for prefix, dt in (
                ('Float', _C.float32), ('Double', _C.float64), ('Long', _C.int64), ('Bool', _C.bool),
                ('Half', _C.float16), ('BFloat16', _C.bfloat16), ('Int', _C.int32), ('Short', _C.int16),
                ('Char', _C.int8), ('Byte', _C.uint8))}
            if dtype not in by_name:
                raise ValueError("invalid type: '" + dtype + "'")
            dtype = by_name[dtype]
        elif isinstance(getattr(dtype, 'dtype', None), _C.dtype) and isinstance(dtype, type):
            dtype = dtype.dtype  # torch.LongTensor and the other legacy types
        elif not isinstance(dtype, (_C.dtype, type)):
            raise TypeError("dtype must be a type, str, or dtype object")
        return self.to(dtype, non_blocking=non_blocking)

    # In-place sampling: see Note [In-place sampling from rand and randn].
    def uniform_(self, *args, **kwargs):
        from torch import _random_fill
        return _random_fill.uniform_(self, *args, **kwargs)

    def normal_(self, mean=0, std=1, *, generator=None):
        from torch import _random_fill
        return _random_fill.normal_(self, mean, std, generator=generator)

    def bernoulli_(self, p=0.5, *, generator=None):
        from torch import _random_fill
        return _random_fill.bernoulli_(self, p, generator=generator)

    def record_stream(self, stream):
        """Marks this cuda tensor's memory as in use by `stream` until its work is done. Every
        stream here runs in order with the others (torch/cuda/streams.py): nothing to mark."""
        if not self.is_cuda:
            raise NotImplementedError("Could not run 'aten::record_stream' with arguments from the 'CPU' backend.")

    def __deepcopy__(self, memo):
        # 1.13's: graph leaves only, the copy built as pickling builds it (the storage
        # deep-copied through the memo, so views keep sharing), and .grad copied too.
        if not self.is_leaf:
            raise RuntimeError("Only Tensors created explicitly by the user "
                               "(graph leaves) support the deepcopy protocol at the moment")
        if id(self) in memo:
            return memo[id(self)]
        import copy
        new_tensor = copy._reconstruct(self, memo, *self.__reduce_ex__(4))
        if self.grad is not None:
            new_tensor.grad = self.grad.__deepcopy__(memo)
        if type(self) is Tensor:  # a subclass's __dict__ travels in its __reduce_ex__ state
            new_tensor.__dict__ = copy.deepcopy(self.__dict__, memo)
        return new_tensor

    def __reduce_ex__(self, proto):
        # Pickled as torch._utils._rebuild_tensor_v2 over its storage, which torch.save
        # writes as a persistent id (see torch/serialization.py).
        from torch._utils import _rebuild_tensor_v2, _tensor_reduce_args
        args = _tensor_reduce_args(self)
        if type(self) is Tensor:
            return (_rebuild_tensor_v2, args)
        return (_rebuild_from_type_v2, (_rebuild_tensor_v2, type(self), args, dict(getattr(self, '__dict__', {}))))
    def norm(self, p="fro", dim=None, keepdim=False, dtype=None):
        from torch.functional import norm
        return norm(self, p, dim, keepdim, dtype=dtype)

    def lu(self, pivot=True, get_infos=False):
        """See torch.lu: a plain tuple, with the infos only when asked for."""
        LU, pivots, infos = _C._lu_with_info(self, pivot=pivot, check_errors=(not get_infos))
        if get_infos:
            return LU, pivots, infos
        return LU, pivots

    @staticmethod
    def _make_subclass(cls, data, require_grad=False):
        return _C._make_subclass(cls, data, require_grad)


Tensor.__module__ = "torch"
_C._set_tensor_class(Tensor)
