"""torch.functional: functions PyTorch writes in Python (torch/functional.py)."""

import _agv_torch as _C


def norm(input, p="fro", dim=None, keepdim=False, out=None, dtype=None):
    """PyTorch 1.13's dispatch: 'fro' goes to frobenius_norm (which is norm(p=2) for up to
    one dim and sqrt(sum(x * x)) for two), a number to norm(p, dim or every dim)."""
    if out is not None or dtype is not None:
        raise NotImplementedError("autogradviz: torch.norm() does not support out= or dtype= yet")
    ndim = input.dim()
    if dim is None and p is not None:
        if isinstance(p, str):
            if p == "fro":
                return _C._frobenius_norm(input, (), keepdim)
        else:
            return _C._norm(input, p, list(range(ndim)), keepdim)
    if dim is not None:
        _dim = [dim] if isinstance(dim, int) else dim
    else:
        _dim = None
    if isinstance(p, str):
        if p == "fro":
            if _dim is None:
                _dim = list(range(ndim))
            return _C._frobenius_norm(input, _dim, keepdim)
        if p == "nuc":
            return _nuclear_norm(input, _dim, keepdim)
        raise RuntimeError(f"only valid string values are 'fro' and 'nuc', found {p}")
    if _dim is None:
        _dim = list(range(ndim))
    return _C._norm(input, 2 if p is None else p, _dim, keepdim)


def _nuclear_norm(input, dim, keepdim):
    """_VF.nuclear_norm: the sum of the singular values over two dims (a 2-D input's own
    when no dims are given)."""
    if dim is None:
        if input.dim() != 2:
            raise RuntimeError(f"Expected a tensor with 2 dimensions, but got a tensor with {input.dim()} "
                               f"dimension{'' if input.dim() == 1 else 's'} instead.")
        dim = (-2, -1)
    if len(dim) != 2:
        raise RuntimeError("nuclear norm requires a 'dim' argument of size 2")
    import torch.linalg
    return torch.linalg.matrix_norm(input, "nuc", dim, keepdim)


def lu(A, pivot=True, get_infos=False, out=None):
    """torch.lu (deprecated for linalg.lu_factor): (LU, pivots), or _lu_with_info's named
    tuple (LU, pivots, info) when `get_infos`."""
    if out is not None:
        raise NotImplementedError("autogradviz: torch.lu() does not support out= yet")
    result = _C._lu_with_info(A, pivot=pivot, check_errors=(not get_infos))
    return result if get_infos else (result[0], result[1])


def split(tensor, split_size_or_sections, dim=0):
    """torch.split: Tensor.split under PyTorch's argument names (an int size or a list of sizes)."""
    return tensor.split(split_size_or_sections, dim)


def _unique_impl(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    if dim is not None:
        return _C.unique_dim(input, dim, sorted=sorted, return_inverse=return_inverse, return_counts=return_counts)
    return _C._unique2(input, sorted=sorted, return_inverse=return_inverse, return_counts=return_counts)


def _unique_outputs(output, inverse_indices, counts, return_inverse, return_counts):
    """What torch.unique's boolean dispatch returns for each combination of the flags."""
    if return_inverse and return_counts:
        return output, inverse_indices, counts
    if return_inverse:
        return output, inverse_indices
    if return_counts:
        return output, counts
    return output


def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """torch.unique: the distinct elements (or slices along dim) of input, with the inverse
    indices and the counts when asked for."""
    output, inverse_indices, counts = _unique_impl(input, sorted, return_inverse, return_counts, dim)
    return _unique_outputs(output, inverse_indices, counts, return_inverse, return_counts)


def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    """torch.unique_consecutive: each run of equal elements (or slices) kept once."""
    output, inverse_indices, counts = _C._unique_consecutive(input, return_inverse=return_inverse,
                                                             return_counts=return_counts, dim=dim)
    return _unique_outputs(output, inverse_indices, counts, return_inverse, return_counts)


def unflatten(input, dim, sizes):
    return input.unflatten(dim, sizes)


def einsum(*args):
    """torch.einsum(equation, *operands), or operands interleaved with their subscript lists
    (ints in [0, 52), Ellipsis for "..."), as PyTorch's wrapper parses them before its kernel."""
    if len(args) < 2:
        raise ValueError('einsum(): must specify the equation string and at least one operand, '
                         'or at least one operand and its subscripts list')
    if isinstance(args[0], _C._TensorBase):
        def parse_subscript(n):
            if n == Ellipsis:
                return '...'
            if n >= 0 and n < 26:
                return chr(ord('A') + n)
            if n >= 26 and n < 52:
                return chr(ord('a') + n - 26)
            raise ValueError('einsum(): subscript in subscript list is not within the valid range [0, 52)')

        equation = ','.join(''.join(parse_subscript(s) for s in l) for l in args[1::2])
        if len(args) % 2 == 1:
            equation += '->' + ''.join(parse_subscript(s) for s in args[-1])
            operands = args[:-1:2]
        else:
            operands = args[::2]
    else:
        equation = args[0]
        operands = args[1:]
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        # the old interface: the operands as one list
        return einsum(equation, *operands[0])
    return _C.einsum(equation, operands)


_meshgrid_warned = False


def meshgrid(*tensors, indexing=None):
    """at::meshgrid: tensor i viewed with its elements along dim i, then expanded to the grid
    (ViewBackward0 under ExpandBackward0). indexing='xy' swaps the first two inputs and the
    first two outputs; leaving indexing out warns once, as 1.13 does."""
    global _meshgrid_warned
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tensors[0]
    tensors = list(tensors)
    if indexing is None:
        if not _meshgrid_warned:
            _meshgrid_warned = True
            import warnings
            warnings.warn("torch.meshgrid: in an upcoming release, it will be required to pass the indexing "
                          "argument. (Triggered internally at  ./aten/src/ATen/native/TensorShape.cpp:3190.)",
                          UserWarning, stacklevel=2)
        indexing = "ij"
    if not tensors:
        raise RuntimeError("meshgrid expects a non-empty TensorList")
    for left, right in zip(tensors, tensors[1:]):
        if left.dtype != right.dtype:
            raise RuntimeError("meshgrid expects all tensors to have the same dtype")
        if left.device != right.device:
            raise RuntimeError("meshgrid expects all tensors to have the same device")
    if indexing not in ("xy", "ij"):
        raise RuntimeError('torch.meshgrid: indexing must be one of "xy" or "ij", but received: ' + str(indexing))
    swap = indexing == "xy" and len(tensors) >= 2
    if swap:
        tensors[0], tensors[1] = tensors[1], tensors[0]
    for t in tensors:
        if t.dim() > 1:
            # ATen prints the tensor itself after "got: "; its shape is what a learner needs.
            raise RuntimeError("torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: "
                               + "[ tensor of shape " + str(list(t.shape)) + " ]")
    shape = [t.numel() for t in tensors]
    grids = []
    for i, t in enumerate(tensors):
        view_shape = [1] * len(tensors)
        view_shape[i] = -1
        grids.append(t.view(view_shape).expand(shape))
    if swap:
        grids[0], grids[1] = grids[1], grids[0]
    return tuple(grids)


def tensordot(a, b, dims=2, out=None):
    """torch.tensordot: dims as a count of trailing/leading dims or two lists, then at::tensordot
    (size-1 contracted dims summed first, both sides permuted and reshaped, one mm, reshaped back)."""
    Tensor = type(a)
    if not isinstance(dims, (tuple, list, Tensor, int)):
        raise RuntimeError("tensordot expects dims to be int or Tuple[List[int], List[int]] or "
                           f"List[List[int]] containing two lists, but got dims={dims}")
    dims_a, dims_b = [], []
    if isinstance(dims, (tuple, list)):
        dims_a, dims_b = dims
    if isinstance(dims, Tensor):
        if dims.numel() > 1:
            assert dims.size()[0] == 2
            dims_a, dims_b = dims[0].tolist(), dims[1].tolist()
        else:
            count = int(dims.item())
            if count < 0:
                raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
            dims_a, dims_b = list(range(-count, 0)), list(range(count))
    if isinstance(dims, int):
        if dims < 0:
            raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
        dims_a, dims_b = list(range(-dims, 0)), list(range(dims))
    if out is not None:
        raise NotImplementedError("autogradviz: torch.tensordot() does not support out= yet")
    dims_a = [dims_a] if isinstance(dims_a, int) else list(dims_a)
    dims_b = [dims_b] if isinstance(dims_b, int) else list(dims_b)
    return _tensordot(a, b, dims_a, dims_b)


def _wrapped_dims(dims, ndim):
    wrapped = []
    for d in dims:
        if not -max(ndim, 1) <= d < max(ndim, 1):
            raise IndexError(f"Dimension out of range (expected to be in range of [{-max(ndim, 1)}, "
                             f"{max(ndim, 1) - 1}], but got {d})")
        w = d + ndim if d < 0 else d
        if w in wrapped:
            raise RuntimeError(f"dim {w} appears multiple times in the list of dims")
        wrapped.append(w)
    return wrapped


def _tensordot(a, b, dims_a, dims_b):
    if len(dims_a) != len(dims_b):
        raise RuntimeError("both dimension lists should have same length")
    t1, t2, contracted = a, b, 1
    for da, db in zip(dims_a, dims_b):
        s1, s2 = a.size(da), b.size(db)
        if s2 == 1:
            t1 = t1.sum(da, True)
        elif s1 == 1:
            t2 = t2.sum(db, True)
        else:
            if s1 != s2:
                raise RuntimeError(f"contracted dimensions need to match, but first has size {s1} in dim {da} "
                                   f"and second has size {s2} in dim {db}")
            contracted *= s1
    cdims_a, cdims_b = _wrapped_dims(dims_a, a.dim()), _wrapped_dims(dims_b, b.dim())
    p1 = [i for i in range(a.dim()) if i not in cdims_a]
    p2 = list(dims_b) + [i for i in range(b.dim()) if i not in cdims_b]
    size1 = size2 = 1
    out_sizes = []
    for i in p1:
        size1 *= t1.size(i)
        out_sizes.append(t1.size(i))
    for i in p2[len(dims_b):]:
        size2 *= t2.size(i)
        out_sizes.append(t2.size(i))
    p1 += list(dims_a)
    t1 = t1.permute(p1).reshape(size1, contracted)
    t2 = t2.permute(p2).reshape(contracted, size2)
    return _C.mm(t1, t2).reshape(out_sizes)


def cartesian_prod(*tensors):
    """at::cartesian_prod: one input is returned as it is; otherwise the 'ij' meshgrid,
    each grid flattened, stacked as columns."""
    for t in tensors:
        if t.dim() != 1:
            raise RuntimeError(f"Expect a 1D vector, but got shape {list(t.shape)}")
    if len(tensors) == 1:
        return tensors[0]
    grids = meshgrid(list(tensors), indexing="ij")
    return _C.stack([g.flatten() for g in grids], 1)


_chain_matmul_warned = False


def chain_matmul(*matrices, out=None):
    global _chain_matmul_warned
    if not _chain_matmul_warned:
        _chain_matmul_warned = True
        import warnings
        warnings.warn("torch.chain_matmul is deprecated and will be removed in a future PyTorch release. Use "
                      "torch.linalg.multi_dot instead, which accepts a list of two or more tensors rather than "
                      "multiple parameters. (Triggered internally at  "
                      "./aten/src/ATen/native/LinearAlgebra.cpp:967.)", UserWarning, stacklevel=2)
    if out is not None:
        raise NotImplementedError("autogradviz: torch.chain_matmul() does not support out= yet")
    for i, m in enumerate(matrices):
        if m.dim() != 2:
            raise RuntimeError(f"Tensor dimension is {m.dim()}, expected 2 instead.")
    if not matrices:
        raise RuntimeError("chain_matmul(): Expected one or more matrices")
    if len(matrices) == 1:
        return matrices[0].clone()
    from torch.linalg import multi_dot
    return multi_dot(list(matrices))


def cdist(x1, x2, p=2., compute_mode='use_mm_for_euclid_dist_if_necessary'):
    """The p-norm distance between each pair of rows of x1 and x2 (batch dims broadcast);
    compute_mode says whether p=2 may go through matrix products (see core/ops/distance.h)."""
    if compute_mode == 'use_mm_for_euclid_dist_if_necessary':
        return _C._cdist(x1, x2, p, None)
    elif compute_mode == 'use_mm_for_euclid_dist':
        return _C._cdist(x1, x2, p, 1)
    elif compute_mode == 'donot_use_mm_for_euclid_dist':
        return _C._cdist(x1, x2, p, 2)
    else:
        raise ValueError(f"{compute_mode} is not a valid value for compute_mode")
