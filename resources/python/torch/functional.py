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


def unflatten(input, dim, sizes):
    return input.unflatten(dim, sizes)
