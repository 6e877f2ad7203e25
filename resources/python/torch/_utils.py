"""torch._utils: the functions a saved file names to rebuild its tensors and
parameters (torch.load finds them by these names, so they must live here)."""

from collections import OrderedDict

import torch


def _element_size(dtype):
    """The size of one element of dtype, in bytes."""
    if not isinstance(dtype, torch.dtype):
        raise RuntimeError(f"expected torch.dtype, but got {type(dtype)}")
    return {torch.float32: 4, torch.float64: 8, torch.int64: 8, torch.bool: 1, torch.float16: 2,
            torch.bfloat16: 2}[dtype]


def _contiguous_strides(size):
    strides = []
    step = 1
    for s in reversed(size):
        strides.append(step)
        step *= max(s, 1)
    return tuple(reversed(strides))


def _dense_order(size, stride):
    """The order of the dimensions (outermost first) in which a tensor of this size
    and stride covers a block of memory without gaps, or None when it does not.
    Dimensions of size 1 may have any stride; stride-0 dimensions are not dense."""
    dims = [d for d in range(len(size)) if size[d] != 1]
    dims.sort(key=lambda d: -stride[d])
    step = 1
    for d in reversed(dims):
        if stride[d] != step:
            return None
        step *= size[d]
    ones = [d for d in range(len(size)) if size[d] == 1]
    return dims + ones


def _strided_view(flat, storage_offset, size, stride):
    """A view of the 1-D tensor `flat` with the given geometry, made from the views
    the engine has (narrow, view, select, permute, expand) — it has no as_strided.

    The dimensions that step through memory, outermost first, must have strides that
    divide each other (a slice of rows, columns, a transpose, ...): then `flat` is cut
    into blocks of the outermost stride, each block into blocks of the next, and so
    on, and each dimension narrows its block to its elements. None when the geometry
    is not of that kind, or when its last block would run past the storage."""
    size = tuple(size)
    stride = tuple(stride)
    for s in size:
        if s == 0:
            return None
    dims = [d for d in range(len(size)) if size[d] != 1 and stride[d] != 0]
    dims.sort(key=lambda d: -stride[d])
    steps = [stride[d] for d in dims]
    if any(s < 0 for s in steps):
        return None
    for outer, inner in zip(steps, steps[1:]):
        if outer == inner or outer % inner != 0:
            return None
    if not dims:
        view = flat.select(0, storage_offset)
    else:
        first = dims[0]
        rows = storage_offset // steps[0] + size[first]
        if rows * steps[0] > flat.numel():
            return None
        view = flat.narrow(0, 0, rows * steps[0]).view(rows, steps[0])
        view = view.narrow(0, storage_offset // steps[0], size[first])
        rest = storage_offset % steps[0]
        for outer, d in zip(steps, dims[1:]):
            inner = stride[d]
            first_row = rest // inner
            if (first_row + size[d]) * inner > outer:
                return None
            view = view.view(list(view.shape[:-1]) + [outer // inner, inner])
            view = view.narrow(-2, first_row, size[d])
            rest = rest % inner
        view = view.select(-1, rest)
    # Back to the order of the dimensions, then the dimensions of size 1 and the
    # broadcast ones (stride 0) inserted in their places, as unsqueeze and expand
    # make them.
    by_position = sorted(dims)
    inverse = [dims.index(d) for d in by_position]
    if inverse != list(range(len(dims))):
        view = view.permute(inverse)
    for d in range(len(size)):
        if d not in dims:
            view = view.unsqueeze(d)
    if tuple(view.shape) != size:
        view = view.expand(size)
    return view


def _rebuild_tensor(storage, storage_offset, size, stride):
    """A tensor over `storage` with this geometry. Like set_() in PyTorch, it is no
    view (no _base), but it shares the storage's memory with the other tensors
    rebuilt from it — except for geometries the engine cannot view without
    as_strided: those get a copy of their elements (contiguous).

    The views that lead to it stay out of the recording; the tensor itself is
    recorded as a new leaf, as a tensor a script creates."""
    from torch._untraced import untraced
    with untraced():
        view = _strided_view(storage._flat, storage_offset, size, stride)
        gathered = view is None
        if gathered:
            view = _gathered(storage, storage_offset, size, stride)
    tensor = view.detach()
    if gathered and hasattr(storage, '_gathered'):
        # A storage of the format before 1.6 is filled after its tensors are built:
        # this copy is refreshed then.
        storage._gathered.append((tensor, (storage, storage_offset, size, stride)))
    return tensor


def _gathered(storage, storage_offset, size, stride):
    """A contiguous copy of the elements that the geometry picks from the storage."""
    flat = storage._flat
    numel = 1
    for s in size:
        numel *= s
    if numel == 0:
        return torch.empty(tuple(size), dtype=storage.dtype, device=flat.device)
    values = flat.tolist()
    elements = []
    index = [0] * len(size)
    for _ in range(numel):
        elements.append(values[storage_offset + sum(i * st for i, st in zip(index, stride))])
        for d in reversed(range(len(size))):
            index[d] += 1
            if index[d] < size[d]:
                break
            index[d] = 0
    return torch.tensor(elements, dtype=storage.dtype, device=flat.device).reshape(tuple(size))


def _rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad, backward_hooks):
    tensor = _rebuild_tensor(storage, storage_offset, size, stride)
    if requires_grad:
        tensor.requires_grad = True
    # Hooks are not saved (backward_hooks is always an empty OrderedDict).
    return tensor


def _rebuild_parameter(data, requires_grad, backward_hooks):
    return torch.nn.Parameter(data, requires_grad)


def _rebuild_parameter_with_state(data, requires_grad, backward_hooks, state):
    param = torch.nn.Parameter(data, requires_grad)
    for key, value in state.items():
        setattr(param, key, value)
    return param


def _tensor_reduce_args(tensor):
    """(storage, storage_offset, size, stride, requires_grad, hooks), as PyTorch's
    Tensor.__reduce_ex__ gives them to _rebuild_tensor_v2."""
    from torch.serialization import _storage_of
    storage, offset, stride = _storage_of(tensor)
    return (storage, offset, tuple(tensor.size()), stride, tensor.requires_grad, OrderedDict())
