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
            raise NotImplementedError("autogradviz: torch.norm(p='nuc') is not supported yet")
        raise RuntimeError(f"only valid string values are 'fro' and 'nuc', found {p}")
    if _dim is None:
        _dim = list(range(ndim))
    return _C._norm(input, 2 if p is None else p, _dim, keepdim)


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
