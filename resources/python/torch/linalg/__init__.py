"""torch.linalg: vector norms, the Frobenius matrix norm, multi_dot, cross, and the LAPACK-backed
det, slogdet, inv(_ex), solve(_ex), cholesky(_ex), svd, svdvals, qr, eigh, eigvalsh and
solve_triangular."""

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


def _chain_order(shapes):
    """The split points of the cheapest parenthesisation (matrix-chain dynamic programme,
    as PyTorch's matrix_chain_order: the first split of least cost wins)."""
    n = len(shapes)
    p = [s[0] for s in shapes] + [shapes[-1][1]]
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = None
            for k in range(i, j):
                q = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1]
                if cost[i][j] is None or q < cost[i][j]:
                    cost[i][j], split[i][j] = q, k
    return split


def _chain_product(matrices, split, i, j):
    if i == j:
        return matrices[i]
    return _C.mm(_chain_product(matrices, split, i, split[i][j]), _chain_product(matrices, split, split[i][j] + 1, j))


def multi_dot(tensors, *, out=None):
    """linalg.multi_dot: a 1-D first (last) tensor is a row (column) vector; the product is
    taken in the cheapest order (for three, the cheaper of the two) and viewed back."""
    if out is not None:
        raise NotImplementedError("autogradviz: torch.linalg.multi_dot() does not support out= yet")
    n = len(tensors)
    if n < 2:
        raise RuntimeError(f"multi_dot(): expected at least 2 tensors but got {n}")
    matrices = list(tensors)
    out_shape = []
    first, last = tensors[0], tensors[-1]
    if first.dim() == 1:
        matrices[0] = first.unsqueeze(0)
    elif first.dim() == 2:
        out_shape.append(first.size(0))
    else:
        raise RuntimeError(f"multi_dot(): the first tensor must be 1D or 2D but got {first.dim()}D")
    if last.dim() == 1:
        matrices[-1] = last.unsqueeze(-1)
    elif last.dim() == 2:
        out_shape.append(last.size(1))
    else:
        raise RuntimeError(f"multi_dot(): the last tensor must be 1D or 2D but got {last.dim()}D")
    for i in range(1, n - 1):
        if tensors[i].dim() != 2:
            raise RuntimeError(f"multi_dot(): tensor {i} must be 2D but got {tensors[i].dim()}D")
    for i in range(1, n):
        if matrices[i].dtype != matrices[0].dtype:
            raise RuntimeError(f"multi_dot(): all tensors must have be the same dtype but tensor 0 is "
                               f"{_type_meta_name(matrices[0].dtype)} and tensor {i} "
                               f"{_type_meta_name(matrices[i].dtype)}")
        if matrices[i].device != matrices[0].device:
            raise RuntimeError(f"multi_dot(): all tensors must be on the same device but tensor 0 is on "
                               f"{matrices[0].device} and tensor {i} on {matrices[i].device}")
        if matrices[i - 1].size(-1) != matrices[i].size(0):
            raise RuntimeError(f"multi_dot(): tensors {i - 1} and {i} with shapes {list(tensors[i - 1].shape)} "
                               f"and {list(tensors[i].shape)} cannot be multiplied")
    if n == 3:
        a, b = matrices[0].size(0), matrices[1].size(0)
        c, d = matrices[2].size(0), matrices[2].size(1)
        if (a * c) * (b + d) > (b * d) * (a + c):
            product = _C.mm(matrices[0], _C.mm(matrices[1], matrices[2]))
        else:
            product = _C.mm(_C.mm(matrices[0], matrices[1]), matrices[2])
    else:
        product = _chain_product(matrices, _chain_order([tuple(m.shape) for m in matrices]), 0, n - 1)
    return product.view(out_shape)


def _type_meta_name(dtype):
    """How c10 prints a dtype's TypeMeta in an error message ("float", "double", "long int")."""
    return {_C.float32: "float", _C.float64: "double", _C.float16: "c10::Half", _C.bfloat16: "c10::BFloat16",
            _C.int64: "long int", _C.int32: "int", _C.int16: "short int", _C.int8: "signed char",
            _C.uint8: "unsigned char", _C.bool: "bool"}.get(dtype, str(dtype))


# A builtin in PyTorch: its argument errors name linalg_cross().
cross = _C._linalg_cross

# Builtins in PyTorch as well (torch._C._linalg): their argument errors name linalg_det() ...
det = _C._linalg_det
slogdet = _C._linalg_slogdet
inv = _C._linalg_inv
inv_ex = _C._linalg_inv_ex
solve = _C._linalg_solve
solve_ex = _C._linalg_solve_ex
cholesky = _C._linalg_cholesky
cholesky_ex = _C._linalg_cholesky_ex
svd = _C._linalg_svd
svdvals = _C._linalg_svdvals
qr = _C._linalg_qr
eigh = _C._linalg_eigh
eigvalsh = _C._linalg_eigvalsh
solve_triangular = _C._linalg_solve_triangular
pinv = _C._linalg_pinv
lu_factor = _C._linalg_lu_factor
lu_factor_ex = _C._linalg_lu_factor_ex
lu = _C._linalg_lu
lu_solve = _C._linalg_lu_solve
LinAlgError = _C._LinAlgError


def _atol_rtol(A, atol, rtol):
    """get_atol_rtol: the tolerances as float64 0-d tensors; rtol defaults to eps * max(m, n)
    of A's dtype, or to 0 where a positive atol is given."""
    if A.dtype not in (_C.float32, _C.float64):
        raise RuntimeError("This function doesn't handle types other than float and double")
    if atol is not None and not isinstance(atol, _C._TensorBase):
        atol = _C.full((), atol, dtype=_C.float64)
    if rtol is not None and not isinstance(rtol, _C._TensorBase):
        rtol = _C.full((), rtol, dtype=_C.float64)
    if rtol is None:
        eps = 1.1920928955078125e-07 if A.dtype == _C.float32 else 2.220446049250313e-16
        default_rtol = _C.full((), eps * max(A.size(-1), A.size(-2)), dtype=_C.float64)
        rtol = default_rtol if atol is None else _C.where(atol > 0, _C.zeros((), dtype=_C.float64), default_rtol)
    if atol is None:
        atol = _C.zeros((), dtype=_C.float64)
    return atol, rtol


def matrix_rank(A, tol=None, hermitian=False, *, atol=None, rtol=None, out=None):
    """linalg.matrix_rank: how many singular values (absolute eigenvalues when `hermitian`)
    exceed max(atol, rtol * the largest); a positional `tol` is an absolute tolerance."""
    if out is not None:
        raise NotImplementedError("autogradviz: torch.linalg.matrix_rank() does not support out= yet")
    if A.dim() < 2:
        raise RuntimeError("torch.linalg.matrix_rank: The input tensor input must have at least 2 dimensions.")
    if tol is not None:
        atol = tol
        rtol = _C.zeros((), dtype=tol.dtype if isinstance(tol, _C._TensorBase) else _C.float64)
    atol, rtol = _atol_rtol(A, atol, rtol)
    if A.numel() == 0:
        return _C.zeros(A.shape[:-2], dtype=_C.int64)
    if hermitian:
        S = eigvalsh(A).abs()
        max_S = S.amax(-1, keepdim=True)
    else:
        S = svdvals(A)
        max_S = S.narrow(-1, 0, 1)
    tolerance = _C.maximum(atol.unsqueeze(-1), rtol.unsqueeze(-1) * max_S)
    return (S > tolerance).sum(-1)
