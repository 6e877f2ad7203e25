"""torch.linalg: vector norms and the Frobenius matrix norm."""

import _agv_torch as _C


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None, out=None):
    if dtype is not None or out is not None:
        raise NotImplementedError("autogradviz: torch.linalg.vector_norm() does not support dtype= or out= yet")
    if isinstance(dim, int):
        dim = [dim]
    return _C._linalg_vector_norm(x, ord, dim, keepdim)


def matrix_norm(A, ord='fro', dim=(-2, -1), keepdim=False, *, dtype=None, out=None):
    if ord != 'fro':
        raise NotImplementedError("autogradviz: torch.linalg.matrix_norm() supports only ord='fro' yet")
    if dtype is not None or out is not None:
        raise NotImplementedError("autogradviz: torch.linalg.matrix_norm() does not support dtype= or out= yet")
    if A.dim() < 2:
        raise RuntimeError("linalg.matrix_norm: The input tensor A must have at least 2 dimensions.")
    return _C._linalg_vector_norm(A, 2, list(dim), keepdim)


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None, out=None):
    """PyTorch's linalg.norm: a vector norm unless the norm is a matrix one (a string ord, or
    an ord over two dims / of a 2-D input)."""
    if dtype is not None or out is not None:
        raise NotImplementedError("autogradviz: torch.linalg.norm() does not support dtype= or out= yet")
    if isinstance(dim, int):
        dim = [dim]
    if dim is not None:
        if len(dim) not in (1, 2):
            raise RuntimeError("linalg.norm: If dim is specified, it must be of length 1 or 2. Got " + str(list(dim)))
    elif ord is not None and A.dim() not in (1, 2):
        raise RuntimeError("linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got " +
                           str(A.dim()) + "D.")
    if isinstance(ord, str):
        return matrix_norm(A, ord, (-2, -1) if dim is None else dim, keepdim)
    if ord is not None and ((dim is not None and len(dim) == 2) or (dim is None and A.dim() == 2)):
        raise NotImplementedError("autogradviz: matrix norms other than 'fro' are not supported yet")
    return _C._linalg_vector_norm(A, 2.0 if ord is None else ord, dim, keepdim)
