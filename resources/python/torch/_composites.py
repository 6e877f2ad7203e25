"""torch.* aliases and composites that PyTorch itself writes in terms of other ops
(CompositeImplicitAutograd): torch.multiply is mul, torch.square is pow(2), hstack is a
cat of atleast_1d, isnan is self != self. Written here over the engine's ops, so each
records the grad_fn PyTorch records (MulBackward0, PowBackward0, CatBackward0, ...).
The same names become Tensor methods where PyTorch has one (install_methods)."""

import math as _math
import warnings as _warnings

import _agv_torch as _C
from torch._numpy_names import accepts_numpy_names as _accepts_numpy_names

__all__ = ["true_divide", "multiply", "subtract", "divide", "absolute", "negative", "square", "fix", "greater",
           "greater_equal", "less", "less_equal", "not_equal", "isnan", "isinf", "isfinite", "is_floating_point",
           "is_complex", "count_nonzero", "isclose", "swapaxes", "swapdims", "broadcast_to", "broadcast_shapes",
           "broadcast_tensors", "atleast_1d", "atleast_2d", "atleast_3d", "hstack", "vstack", "concatenate", "fliplr",
           "flipud", "diff", "repeat_interleave", "as_tensor", "instance_norm", "row_stack", "dstack",
           "column_stack", "tensor_split", "hsplit", "vsplit", "dsplit", "take_along_dim", "argwhere",
           "combinations", "scalar_tensor", "positive", "ger", "ravel", "msort",
           "diagflat"]


def _tensor_class():
    from torch._tensor import Tensor
    return Tensor


# ---------------------------------------------------------------- arithmetic aliases

def true_divide(input, other):
    return _C.div(input, other)


def multiply(input, other):
    return _C.mul(input, other)


def subtract(input, other, *, alpha=1):
    return _C.sub(input, other, alpha=alpha)


def divide(input, other, *, rounding_mode=None):
    if rounding_mode is None:
        return _C.div(input, other)
    return _C.div(input, other, rounding_mode=rounding_mode)


def absolute(input):
    return _C.abs(input)


def negative(input):
    return _C.neg(input)


def square(input):
    return _C.pow(input, 2)


def fix(input):
    return _C.trunc(input)


def positive(input):
    """Unary plus: the input itself, refused for bool as `-` is."""
    if input.dtype == _C.bool:
        raise RuntimeError("The `+` operator, on a bool tensor is not supported.")
    return input


def ger(input, vec2):
    return input.outer(vec2)


def greater(input, other):
    return _C.gt(input, other)


def greater_equal(input, other):
    return _C.ge(input, other)


def less(input, other):
    return _C.lt(input, other)


def less_equal(input, other):
    return _C.le(input, other)


def not_equal(input, other):
    return _C.ne(input, other)


# ---------------------------------------------------------------- predicates

def isnan(input):
    return input != input


def isinf(input):
    if not input.is_floating_point():
        return _C.zeros_like(input, dtype=_C.bool)
    return input.abs() == _math.inf


def isfinite(input):
    if not input.is_floating_point():
        return _C.ones_like(input, dtype=_C.bool)
    return (input == input) & (input.abs() != _math.inf)


def _require_tensor(function, input):
    """The argument parser's text for a non-tensor `input` of a one-signature function."""
    if not isinstance(input, _C._TensorBase):
        raise TypeError(f"{function}(): argument 'input' (position 1) must be Tensor, not {_C._type_name(input)}")


def is_floating_point(input):
    _require_tensor("is_floating_point", input)
    return input.is_floating_point()


def is_complex(input):
    _require_tensor("is_complex", input)
    return input.is_complex()


@_accepts_numpy_names
def count_nonzero(input, dim=None):
    nonzero = input != 0
    if dim is None:
        return nonzero.sum()
    return nonzero.sum(dim)


_SHORT_NAMES = {_C.float32: "Float", _C.float64: "Double", _C.float16: "Half", _C.bfloat16: "BFloat16",
                _C.int64: "Long", _C.int32: "Int", _C.int16: "Short", _C.int8: "Char", _C.uint8: "Byte",
                _C.bool: "Bool"}


def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """at::isclose: equal, or NaN on both sides (equal_nan), or finite and within
    atol + rtol * |other|."""
    if input.dtype != other.dtype:
        raise RuntimeError(f"{_SHORT_NAMES[input.dtype]} did not match {_SHORT_NAMES[other.dtype]}")
    if rtol < 0:
        raise RuntimeError(f"rtol must be greater than or equal to zero, but got {rtol}")
    if atol < 0:
        raise RuntimeError(f"atol must be greater than or equal to zero, but got {atol}")
    close = input == other
    if equal_nan and input.is_floating_point():
        close = close | (isnan(input) & isnan(other))
    if rtol == 0 and atol == 0:
        return close
    if not input.is_floating_point():
        input = input.to(_C.get_default_dtype())
        other = other.to(_C.get_default_dtype())
    allowed = atol + (rtol * other).abs()
    actual = (input - other).abs()
    return close | (isfinite(actual) & (actual <= allowed))


# ---------------------------------------------------------------- shapes

def swapaxes(input, axis0, axis1):
    return _C.transpose(input, axis0, axis1)


def swapdims(input, dim0, dim1):
    return _C.transpose(input, dim0, dim1)


def broadcast_to(input, *size):
    return input.expand(*size)


def broadcast_shapes(*shapes):
    result = []
    for shape in shapes:
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        for i in range(1, len(shape) + 1):
            if i > len(result):
                result.insert(0, shape[-i])
            elif result[-i] == 1:
                result[-i] = shape[-i]
            elif shape[-i] != 1 and shape[-i] != result[-i]:
                raise RuntimeError("Shape mismatch: objects cannot be broadcast to a single shape")
    from torch._size import Size
    return Size(result)


def broadcast_tensors(*tensors):
    # _VF.broadcast_tensors(tensors): the whole tuple is its one TensorList argument.
    for i, t in enumerate(tensors):
        if not isinstance(t, _C._TensorBase):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got {type(t).__name__}")
    # at::expand_outplace: the shapes folded left to right through infer_size, whose error
    # names the running shape as tensor a and the next tensor's as tensor b.
    shape = None
    for t in tensors:
        shape = list(t.shape) if shape is None else _infer_size(shape, list(t.shape))
    return tuple(t if list(t.shape) == shape else t.expand(shape) for t in tensors)


def _atleast(tensors, one):
    if len(tensors) == 1:
        if isinstance(tensors[0], (list, tuple)):
            return tuple(one(t) for t in tensors[0])
        return one(tensors[0])
    return tuple(one(t) for t in tensors)


def _atleast_1d(t):
    return t.reshape(1) if t.dim() == 0 else t


def _atleast_2d(t):
    if t.dim() == 0:
        return t.reshape(1, 1)
    return t.unsqueeze(0) if t.dim() == 1 else t


def _atleast_3d(t):
    if t.dim() == 0:
        return t.reshape(1, 1, 1)
    if t.dim() == 1:
        return t.unsqueeze(0).unsqueeze(-1)
    return t.unsqueeze(-1) if t.dim() == 2 else t


def atleast_1d(*tensors):
    return _atleast(tensors, _atleast_1d)


def atleast_2d(*tensors):
    return _atleast(tensors, _atleast_2d)


def atleast_3d(*tensors):
    return _atleast(tensors, _atleast_3d)


def hstack(tensors):
    if not tensors:
        raise RuntimeError("hstack expects a non-empty TensorList")
    tensors = [_atleast_1d(t) for t in tensors]
    return _C.cat(tensors, 0 if tensors and tensors[0].dim() == 1 else 1)


def vstack(tensors):
    if not tensors:
        raise RuntimeError("vstack expects a non-empty TensorList")
    return _C.cat([_atleast_2d(t) for t in tensors], 0)


def row_stack(tensors):
    return vstack(tensors)


def dstack(tensors):
    if not tensors:
        raise RuntimeError("dstack expects a non-empty TensorList")
    return _C.cat([_atleast_3d(t) for t in tensors], 2)


def column_stack(tensors):
    """at::column_stack: 0-D and 1-D tensors become columns (reshape to [numel, 1])."""
    if not tensors:
        raise RuntimeError("column_stack expects a non-empty TensorList")
    return _C.cat([t.reshape(t.numel(), 1) if t.dim() <= 1 else t for t in tensors], 1)


# std::vector<Tensor>::max_size() on a 64-bit machine: PTRDIFF_MAX / sizeof(Tensor).
_MAX_TENSOR_VECTOR = 2**63 // 8 - 1


def _check_int64(n):
    """THPUtils_unpackLong: a Python int past int64 is refused before anything runs."""
    if isinstance(n, int) and not -2**63 <= n < 2**63:
        raise RuntimeError("Overflow when unpacking long")


def tensor_split(input, indices_or_sections, dim=0):
    """at::tensor_split: N sections of near-equal size (the first size % N one longer), or
    cuts at the given indices; every part is a slice (SliceBackward0), out-of-range cuts
    clamped as slice clamps them."""
    if input.dim() == 0:
        raise RuntimeError("tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims")
    dim = _wrap_dim(dim, input.dim())
    size = input.size(dim)
    if isinstance(indices_or_sections, _tensor_class()):
        t = indices_or_sections
        if t.device.type != "cpu":
            raise RuntimeError(f"tensor_split expected tensor_indices_or_sections to be on cpu, but it's on {t.device}")
        if t.dtype != _C.int64:
            raise RuntimeError(f"tensor_split expected tensor_indices_or_sections to have dtype of long, but got "
                               f"{_SCALAR_TYPE_NAMES.get(t.dtype, t.dtype)}")
        if t.dim() > 1:
            raise RuntimeError(f"tensor_split expected tensor_indices_or_sections to be a zero-dimensional or "
                               f"one-dimensional tensor, but got a tensor with {t.dim()} dims")
        indices_or_sections = t.item() if t.dim() == 0 else t.tolist()
    if isinstance(indices_or_sections, int):
        sections = indices_or_sections
        _check_int64(sections)
        if sections > _MAX_TENSOR_VECTOR:
            raise RuntimeError("cannot create std::vector larger than max_size()")
        if sections <= 0:
            raise RuntimeError(f"number of sections must be larger than 0, got {sections}")
        starts, longer = divmod(size, sections)
        bounds, start = [], 0
        for i in range(sections):
            length = starts + 1 if i < longer else starts
            bounds.append((start, start + length))
            start += length
    else:
        cuts = list(indices_or_sections) + [size]
        bounds, start = [], 0
        for end in cuts:
            bounds.append((start, end))
            start = end
    return tuple(_slice(input, dim, start, end, size) for start, end in bounds)


def _slice(t, dim, start, end, size):
    """at::slice's clamping: negative bounds count from the end, then both are clamped to
    [0, size] and an end before the start gives an empty slice."""
    start = min(max(start + size if start < 0 else start, 0), size)
    end = min(max(end + size if end < 0 else end, 0), size)
    return t.narrow(dim, start, max(end - start, 0))


def _wrap_dim(dim, ndim):
    bound = max(ndim, 1)
    if not -bound <= dim < bound:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-bound}, {bound - 1}], but got {dim})")
    return dim + ndim if dim < 0 else dim


_SCALAR_TYPE_NAMES = {_C.float32: "Float", _C.float64: "Double", _C.float16: "Half", _C.bfloat16: "BFloat16",
                      _C.int64: "Long", _C.int32: "Int", _C.int16: "Short", _C.int8: "Char", _C.uint8: "Byte",
                      _C.bool: "Bool"}


def _directional_split(name, need, dim, input, indices_or_sections):
    if input.dim() < need:
        raise RuntimeError(f"torch.{name} requires a tensor with at least {need} dimension, but got a tensor with "
                           f"{input.dim()} dimensions!")
    if isinstance(indices_or_sections, int):
        split_size = indices_or_sections
        if split_size == 0 or input.size(dim) % split_size != 0:
            raise RuntimeError(f"torch.{name} attempted to split along dimension {dim}, but the size of the "
                               f"dimension {input.size(dim)} is not divisible by the split_size {split_size}!")
    return tensor_split(input, indices_or_sections, dim)


def hsplit(input, indices_or_sections):
    return _directional_split("hsplit", 1, 0 if input.dim() == 1 else 1, input, indices_or_sections)


def vsplit(input, indices_or_sections):
    return _directional_split("vsplit", 2, 0, input, indices_or_sections)


def dsplit(input, indices_or_sections):
    return _directional_split("dsplit", 3, 2, input, indices_or_sections)


def take_along_dim(input, indices, dim=None):
    """at::take_along_dim: with a dim, input and indices broadcast against each other except
    along dim (ExpandBackward0), then gather; without one, a gather from the flattened input."""
    if input.device != indices.device:
        raise RuntimeError(f"Expected all tensors to be on the same device, but found at least two devices, "
                           f"{input.device} and {indices.device}!")
    if dim is None:
        return input.view(-1).gather(0, indices.view(-1))
    if indices.dtype != _C.int64:
        raise RuntimeError(f"torch.take_along_dim(): dtype of indices should be Long but got "
                           f"{_SCALAR_TYPE_NAMES.get(indices.dtype, indices.dtype)}")
    if input.dim() != indices.dim():
        raise RuntimeError(f"torch.take_along_dim(): input and indices should have the same number of dimensions, "
                           f"but got {input.dim()} dimensions for input, and {indices.dim()} dimensions for indices")
    dim = _wrap_dim(dim, input.dim())
    input_sizes = list(input.shape)
    input_sizes[dim] = indices.size(dim)
    indices_broadcast = indices.expand(_infer_size(input_sizes, indices.shape))
    indices_sizes = list(indices.shape)
    indices_sizes[dim] = input.size(dim)
    input_broadcast = input.expand(_infer_size(indices_sizes, input.shape))
    return input_broadcast.gather(dim, indices_broadcast)


def _infer_size(a, b):
    """at::infer_size: the broadcast of two shapes, or its error naming the first mismatch
    from the right."""
    ndim = max(len(a), len(b))
    result = [0] * ndim
    for i in range(ndim - 1, -1, -1):
        offset = ndim - 1 - i
        size_a = a[len(a) - 1 - offset] if len(a) - 1 - offset >= 0 else 1
        size_b = b[len(b) - 1 - offset] if len(b) - 1 - offset >= 0 else 1
        if size_a != size_b and size_a != 1 and size_b != 1:
            raise RuntimeError(f"The size of tensor a ({size_a}) must match the size of tensor b ({size_b}) at "
                               f"non-singleton dimension {i}")
        result[i] = size_b if size_a == 1 else size_a
    return result


def argwhere(input):
    return input.nonzero()


def combinations(input, r=2, with_replacement=False):
    """at::combinations: an r-fold 'ij' meshgrid of the input, each grid masked to the index
    tuples i < j < ... (i <= j <= ... with replacement), stacked as columns."""
    import itertools
    if input.dim() != 1:
        raise RuntimeError(f"Expect a 1D vector, but got shape {list(input.shape)}")
    if r < 0:
        raise RuntimeError(f"Expect a non-negative number, but got {r}")
    if r == 0:
        return _C.empty(0, dtype=input.dtype, device=input.device)
    from torch.functional import meshgrid
    n = input.numel()
    in_order = (lambda a, b: a <= b) if with_replacement else (lambda a, b: a < b)
    mask = [all(in_order(a, b) for a, b in zip(index, index[1:]))
            for index in itertools.product(range(n), repeat=r)]
    mask = _C.tensor(mask, dtype=_C.bool, device=input.device).view([n] * r)
    return _C.stack([grid.masked_select(mask) for grid in meshgrid([input] * r, indexing="ij")], 1)


def ravel(input):
    """at::ravel: contiguous() (CloneBackward0 for a strided input), then view(-1)."""
    return input.contiguous().view(-1)


def diagflat(input, offset=0):
    """at::diagflat: the flattened input (ViewBackward0, after a CloneBackward0 if strided)
    on a diagonal (DiagBackward0)."""
    return input.contiguous().view(-1).diag(offset)


def msort(input):
    return _C.sort(input, 0, False)[0]


def concatenate(tensors, axis=0):
    return _C.cat(tensors, axis)


def fliplr(input):
    if input.dim() < 2:
        raise RuntimeError("Input must be >= 2-d.")
    return input.flip(1)


def flipud(input):
    if input.dim() < 1:
        raise RuntimeError("Input must be >= 1-d.")
    return input.flip(0)


def diff(input, n=1, dim=-1, prepend=None, append=None):
    """at::diff: prepend / append joined first, then n times the later elements minus
    the earlier ones along dim (logical_xor for bool)."""
    if input.dim() == 0:
        raise RuntimeError("diff expects input to be at least one-dimensional")
    if n < 0:
        raise RuntimeError(f"order must be non-negative but got {n}")
    if prepend is not None or append is not None:
        parts = [p for p in (prepend, input, append) if p is not None]
        input = _C.cat(parts, dim)
    for _ in range(n):
        length = input.size(dim)
        if length == 0:
            break
        later, earlier = input.narrow(dim, 1, length - 1), input.narrow(dim, 0, length - 1)
        input = later.logical_xor(earlier) if input.dtype == _C.bool else later - earlier
    return input


def _repeat_index(counts, dtype):
    """repeat_interleave_cpu: i repeated counts[i] times, allocated at its full size first
    (a huge total fails there, naming its bytes)."""
    if any(c < 0 for c in counts):
        raise RuntimeError("repeats can not be negative")
    index = _C.empty(sum(counts), dtype=dtype)
    if counts:
        index.copy_(_C.tensor([i for i, count in enumerate(counts) for _ in range(count)], dtype=dtype))
    return index


def repeat_interleave(input, repeats=None, dim=None, *, output_size=None):
    """at::repeat_interleave: an index of each element repeated, then index_select along dim
    (IndexSelectBackward0); torch.repeat_interleave(repeats) alone is that index."""
    if repeats is None:
        repeats = input
        if repeats.dim() != 1:
            raise RuntimeError("repeat_interleave only accept 1D vector as repeat")
        if repeats.dtype not in (_C.int64, _C.int32):  # its kernel is dispatched for index types only
            raise RuntimeError(f'"repeat_interleave_cpu" not implemented for '
                               f"'{_SCALAR_TYPE_NAMES.get(repeats.dtype, repeats.dtype)}'")
        return _repeat_index(repeats.tolist(), repeats.dtype)
    if isinstance(repeats, _tensor_class()):
        counts = repeats.tolist()
        counts = counts if isinstance(counts, list) else [counts]
    else:
        _check_int64(repeats)
        counts = [repeats]
    if dim is None:
        input = input.flatten()
        dim = 0
    size = input.size(dim)
    if len(counts) == 1:
        counts = counts * size
    if len(counts) != size:
        raise RuntimeError("repeats must have the same size as input along dim")
    return input.index_select(dim, _repeat_index(counts, _C.int64))


# ---------------------------------------------------------------- conversions

def instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps,
                  cudnn_enabled=False):
    """at::instance_norm in 1.13: a batch norm of the input seen as one sample of N*C channels
    (ViewBackward0 around NativeBatchNormBackward0, the affine parameters and running
    statistics repeated N times); the running statistics are the mean of their N copies."""
    if not use_input_stats and (running_mean is None or running_var is None):
        raise RuntimeError("Expected running_mean and running_var to be defined when use_input_stats is false")
    b, c = input.size(0), input.size(1)
    shape = [1, b * c] + list(input.size()[2:])

    def repeat_if_defined(t):
        return None if t is None else t.repeat(b)

    running_mean_, running_var_ = repeat_if_defined(running_mean), repeat_if_defined(running_var)
    out = _C.batch_norm(input.contiguous().view(shape), repeat_if_defined(weight), repeat_if_defined(bias),
                        running_mean_, running_var_, use_input_stats, momentum, eps)
    # Neither statistic requires grad, so these copies record nothing (as at::alias(..).copy_).
    if running_mean is not None:
        running_mean.copy_(running_mean_.view(b, c).mean(0, False))
    if running_var is not None:
        running_var.copy_(running_var_.view(b, c).mean(0, False))
    return out.view(input.size())


def scalar_tensor(s, *, dtype=None, layout=None, device=None, pin_memory=False, requires_grad=False):
    return _C.full((), s, dtype=_C.get_default_dtype() if dtype is None else dtype, device=device,
                   requires_grad=requires_grad)


def as_tensor(data, dtype=None, device=None):
    if isinstance(data, _tensor_class()):
        if dtype is None and device is None:
            return data
        return data.to(device=device, dtype=dtype) if device is not None else data.to(dtype)
    if _C._is_numpy_array(data):
        # 1.13 shares the array's memory when neither dtype nor device asks for a copy.
        shared = _C.from_numpy(data)
        if dtype is None and device is None:
            return shared
        return shared.to(device=shared.device if device is None else device,
                         dtype=shared.dtype if dtype is None else dtype)
    return _C.tensor(data, dtype=dtype, device=device)


# ---------------------------------------------------------------- Tensor methods

def _type_as(self, other):
    return self.to(dtype=other.dtype, device=other.device)


def _new_full(self, size, fill_value, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    return _C.full(size, fill_value, dtype=self.dtype if dtype is None else dtype,
                   device=self.device if device is None else device, requires_grad=requires_grad)


def _new_empty(self, *size, dtype=None, device=None, requires_grad=False, pin_memory=False):
    return _C.empty(*size, dtype=self.dtype if dtype is None else dtype,
                    device=self.device if device is None else device, requires_grad=requires_grad)


def _new_tensor(self, data, dtype=None, device=None, requires_grad=False, pin_memory=False):
    dtype = self.dtype if dtype is None else dtype
    device = self.device if device is None else device
    if isinstance(data, _tensor_class()):
        _warnings.warn("To copy construct from a tensor, it is recommended to use sourceTensor.clone().detach() or "
                       "sourceTensor.clone().detach().requires_grad_(True), rather than "
                       "tensor.new_tensor(sourceTensor).", UserWarning, stacklevel=2)
        t = data.detach().clone().to(device=device, dtype=dtype)
        return t.requires_grad_() if requires_grad else t
    return _C.tensor(data, dtype=dtype, device=device, requires_grad=requires_grad)


def _ndimension(self):
    return self.dim()


def _allclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    return _C.allclose(self, other, rtol, atol, equal_nan)


def _clip(self, min=None, max=None):
    return self.clamp(min, max)


def _clip_(self, min=None, max=None):
    return self.clamp_(min, max)


def _logical_in_place(name):
    """Tensor.logical_and_ / or_ / xor_: the logical result written into self in its dtype
    (one version bump, no node: these ops have no derivative)."""
    def method(self, other):
        from torch.autograd.grad_mode import no_grad
        result = getattr(_C, name)(self, other)
        with no_grad():
            self.copy_(result)
        return self
    method.__name__ = method.__qualname__ = name + "_"
    return method


def _as_method(function):
    def method(self, *args, **kwargs):
        return function(self, *args, **kwargs)
    method.__name__ = method.__qualname__ = function.__name__
    return method


_METHODS = (true_divide, multiply, subtract, divide, absolute, negative, square, fix, greater, greater_equal, less,
            less_equal, not_equal, isnan, isinf, isfinite, count_nonzero, isclose, swapaxes, swapdims, broadcast_to,
            fliplr, flipud, diff, repeat_interleave, tensor_split, hsplit, vsplit, dsplit, take_along_dim, argwhere,
            positive, ger, ravel, msort, diagflat)


def install_methods(tensor_class):
    """Tensor.multiply, Tensor.square, ...: the functions above as methods."""
    for function in _METHODS:
        setattr(tensor_class, function.__name__, _as_method(function))
    for name, method in (("type_as", _type_as), ("new_full", _new_full), ("new_empty", _new_empty),
                         ("new_tensor", _new_tensor), ("ndimension", _ndimension), ("allclose", _allclose),
                         ("clip", _clip), ("clip_", _clip_), ("logical_and_", _logical_in_place("logical_and")),
                         ("logical_or_", _logical_in_place("logical_or")),
                         ("logical_xor_", _logical_in_place("logical_xor"))):
        method.__name__ = method.__qualname__ = name
        setattr(tensor_class, name, method)
