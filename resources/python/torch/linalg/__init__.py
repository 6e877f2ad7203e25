"""torch.linalg: vector and matrix norms, multi_dot, cross, and the LAPACK-backed
det, slogdet, inv(_ex), solve(_ex), cholesky(_ex), svd, svdvals, qr, eigh, eigvalsh,
solve_triangular, lu_factor(_ex), lu, lu_solve, pinv, householder_product and matrix_exp,
and 1.13's composites over them
(matrix_rank, matrix_norm's spectral orders, cond, tensorinv, tensorsolve, ...)."""

import _agv_torch as _C


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None, out=None):
    if dtype is not None or out is not None:
        raise NotImplementedError("autogradviz: torch.linalg.vector_norm() does not support dtype= or out= yet")
    if isinstance(dim, int):
        dim = [dim]
    return _C._linalg_vector_norm(x, ord, dim, keepdim)


_INF = float("inf")
_SHORT_NAMES = {"float32": "Float", "float64": "Double", "int64": "Long", "int32": "Int", "int16": "Short",
                "int8": "Char", "uint8": "Byte", "bool": "Bool", "float16": "Half", "bfloat16": "BFloat16"}


def _short_name(dtype):
    """c10's name of a dtype in error messages ("Long", "Half")."""
    return _SHORT_NAMES.get(str(dtype).replace("torch.", ""), str(dtype))


def _double_text(value):
    """A double as C++'s ostream prints it (%g: 3, 0.5, inf)."""
    return "%g" % value


def _matrix_norm_checks(A, dim, low_precision):
    """_linalg_matrix_norm_checks: A a floating matrix (Half / BFloat16 only where
    `low_precision`), two different dims, wrapped."""
    if A.dim() < 2:
        raise RuntimeError("linalg.matrix_norm: The input tensor A must have at least 2 dimensions.")
    if not A.is_floating_point():
        raise RuntimeError("linalg.matrix_norm: Expected a floating point or complex tensor as input. Got " +
                           _short_name(A.dtype))
    if not low_precision and A.dtype not in (_C.float32, _C.float64):
        raise RuntimeError("linalg.matrix_norm: Low precision dtypes not supported. Got " + _short_name(A.dtype))
    dim = list(dim)
    if len(dim) != 2:
        raise RuntimeError("linalg.matrix_norm: dim must be a 2-tuple. Got " + " ".join(str(d) for d in dim))
    wrapped = []
    for d in dim:
        if not -A.dim() <= d < A.dim():
            raise IndexError(f"Dimension out of range (expected to be in range of [{-A.dim()}, {A.dim() - 1}], "
                             f"but got {d})")
        wrapped.append(d % A.dim())
    if wrapped[0] == wrapped[1]:
        raise RuntimeError(f"linalg.matrix_norm: dims must be different. Got ({wrapped[0]}, {wrapped[1]})")
    return wrapped


def _spectral_reduction(A, dim, keepdim, reduce):
    """The singular values of the matrices over `dim` (moved to the end), reduced by `reduce`
    over their last dim with `keepdim`; with keepdim the two dims are put back."""
    permutation = [d for d in range(A.dim()) if d not in dim] + list(dim)
    result = reduce(svdvals(A.permute(permutation)))
    if keepdim:
        reverse = [0] * len(permutation)
        for position, d in enumerate(permutation):
            reverse[d] = position
        result = result.unsqueeze(-1).permute(reverse)
    return result


def matrix_norm(A, ord='fro', dim=(-2, -1), keepdim=False, *, dtype=None, out=None):
    """linalg.matrix_norm as 1.13 composes it: 'fro' a vector 2-norm, 'nuc' and +-2 the sum,
    largest or smallest singular value, +-1 and +-inf the largest or smallest absolute
    column (row) sum."""
    if dtype is not None or out is not None:
        raise NotImplementedError("autogradviz: torch.linalg.matrix_norm() does not support dtype= or out= yet")
    if isinstance(ord, str):
        if ord not in ("fro", "nuc"):
            raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")
        dim = _matrix_norm_checks(A, dim, low_precision=ord != "nuc")
        if ord == "fro":
            return _C._linalg_vector_norm(A, 2, dim, keepdim)
        return _spectral_reduction(A, dim, keepdim, lambda S: S.sum(-1, keepdim))
    abs_ord = abs(ord)
    if abs_ord not in (2., 1., _INF):
        raise RuntimeError(f"linalg.matrix_norm: Order {_double_text(ord)} not supported.")
    dim = _matrix_norm_checks(A, dim, low_precision=abs_ord != 2.)

    def max_min(t, d):
        return t.amax(d, keepdim) if ord > 0 else t.amin(d, keepdim)

    if abs_ord == 2.:
        return _spectral_reduction(A, dim, keepdim, lambda S: max_min(S, -1))
    # The inf norm is the 1 norm of the transpose.
    if abs_ord == _INF:
        dim = [dim[1], dim[0]]
    if not keepdim and dim[0] < dim[1]:
        dim[1] -= 1
    return max_min(_C._linalg_vector_norm(A, 1., [dim[0]], keepdim), dim[1])


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None, out=None):
    """PyTorch's linalg.norm: a matrix norm when ord is given over two dims (or for a 2-D
    input without dims), else a vector norm (the 2-norm when ord is None)."""
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
    if isinstance(ord, str) or (ord is not None and
                                ((dim is not None and len(dim) == 2) or (dim is None and A.dim() == 2))):
        return matrix_norm(A, ord, (0, 1) if dim is None else dim, keepdim)
    return _C._linalg_vector_norm(A, 2.0 if ord is None else ord, dim, keepdim)


def cond(A, p=None, *, out=None):
    """linalg.cond: the ratio of extreme singular values for p None / +-2, sum(S) * sum(1 / S)
    for 'nuc', else norm(A) * norm(A^{-1}) with singular matrices' inverses taken as inf."""
    if out is not None:
        raise NotImplementedError("autogradviz: torch.linalg.cond() does not support out= yet")
    ord = 2 if p is None else p
    if isinstance(ord, str):
        if A.dim() < 2:
            raise RuntimeError(f"linalg.cond(ord={ord}): The input tensor A must have at least 2 dimensions.")
        if A.size(-1) != A.size(-2):
            raise RuntimeError(f"linalg.cond(ord={ord}): A must be batches of square matrices, but they are "
                               f"{A.size(-2)} by {A.size(-1)} matrices")
        if ord not in ("fro", "nuc"):
            raise RuntimeError(f"linalg.cond got an invalid norm type: {ord}")
        if A.numel() == 0:
            return _C.zeros(A.shape[:-2], dtype=A.dtype)
        if ord == "nuc":
            S = svdvals(A)
            return S.sum(-1) * S.reciprocal().sum(-1)
        return _cond_from_inverse(A, ord)
    if A.dim() < 2:
        raise RuntimeError("linalg.cond: The input tensor must have at least 2 dimensions.")
    if abs(ord) not in (2., 1., _INF):
        raise RuntimeError(f"linalg.cond got an invalid norm type: {_double_text(ord)}")
    if A.numel() == 0:
        return _C.zeros(A.shape[:-2], dtype=A.dtype)
    if abs(ord) == 2.:
        S = svdvals(A)
        s_max, s_min = S.narrow(-1, 0, 1), S.narrow(-1, -1, 1)
        return (s_min / s_max if ord == -2 else s_max / s_min).squeeze(-1)
    text = ("%f" % ord if isinstance(ord, float) and abs(ord) != _INF else
            ("inf" if ord == _INF else "-inf") if isinstance(ord, float) else str(ord))
    if A.size(-1) != A.size(-2):
        raise RuntimeError(f"linalg.cond(ord={text}): A must be batches of square matrices, but they are "
                           f"{A.size(-2)} by {A.size(-1)} matrices")
    return _cond_from_inverse(A, ord)


def _cond_from_inverse(A, ord):
    """_linalg_cond_helper: norm(A) * norm(inv(A)), the inverse of a singular matrix filled
    with inf, and 0 * inf read as inf."""
    inverse, info = inv_ex(A)
    inverse.masked_fill_(info.unsqueeze(-1).unsqueeze(-1) > 0, _INF)
    result = matrix_norm(A, ord) * matrix_norm(inverse, ord)
    return result.nan_to_num_(_INF, _INF, -_INF)


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
matrix_exp = _C._linalg_matrix_exp
householder_product = _C._linalg_householder_product
lstsq = _C._linalg_lstsq
ldl_factor = _C._linalg_ldl_factor
ldl_factor_ex = _C._linalg_ldl_factor_ex
ldl_solve = _C._linalg_ldl_solve
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


def diagonal(A, *, offset=0, dim1=-2, dim2=-1):
    """linalg.diagonal: torch.diagonal with the matrix dims last by default."""
    return _C.diagonal(A, offset, dim1, dim2)


def matmul(input, other, *, out=None):
    if out is not None:
        raise NotImplementedError("autogradviz: torch.linalg.matmul() does not support out= yet")
    return _C.matmul(input, other)


def matrix_power(A, n, *, out=None):
    from torch._powers import matrix_power as _matrix_power
    return _matrix_power(A, n, out=out)


def vecdot(x, y, *, dim=-1, out=None):
    """linalg.vecdot: sum(conj(x) * y) over `dim` (x is real here), broadcasting."""
    if out is not None:
        raise NotImplementedError("autogradviz: torch.linalg.vecdot() does not support out= yet")
    if not x.is_floating_point():
        raise RuntimeError("linalg.vecdot: Expected a floating point or complex tensor as input. Got " +
                           _short_name(x.dtype))
    if x.dtype != y.dtype:
        raise RuntimeError(f"linalg.vecdot: Expected x and y to have the same dtype, but found x of type "
                           f"{_short_name(x.dtype)} and y of type {_short_name(y.dtype)} instead")
    return (x * y).sum(dim)


def vander(x, *, N=None):
    """linalg.vander: columns x^0, x^1, ..., x^(N-1), the powers as a cumulative product."""
    if not (x.dtype in (_C.float32, _C.float64) or (not x.is_floating_point() and x.dtype != _C.bool)):
        raise RuntimeError("linalg.vander supports floating point, complex, and integer tensors, but got " +
                           _short_name(x.dtype))
    x_ = x.unsqueeze(-1) if x.dim() == 0 else x
    shape = list(x_.shape)
    n = shape[-1] if N is None else N
    if n <= 1:
        raise RuntimeError("N must be greater than 1.")
    powers = _C.cumprod(x_.unsqueeze(-1).expand(shape + [n - 1]), -1)
    return _C.cat([powers.new_ones(shape + [1]), powers], -1)


def _product(sizes):
    result = 1
    for s in sizes:
        result *= s
    return result


def tensorinv(A, ind=2, *, out=None):
    """linalg.tensorinv: the inverse of A seen as a (prod(A.shape[:ind]), prod(A.shape[ind:]))
    matrix, shaped A.shape[ind:] + A.shape[:ind]."""
    if out is not None:
        raise NotImplementedError("autogradviz: torch.linalg.tensorinv() does not support out= yet")
    if ind <= 0:
        raise RuntimeError(f"Expected a strictly positive integer for 'ind', but got {ind}")
    end, start = list(A.shape[ind:]), list(A.shape[:ind])
    prod_end, prod_start = _product(end), _product(start)
    if prod_end != prod_start:
        raise RuntimeError(f"Expected self to satisfy the requirement prod(self.shape[ind:]) == "
                           f"prod(self.shape[:ind]), but got {prod_end} != {prod_start}")
    result, info = inv_ex(A.reshape(prod_end, prod_end))
    if info.item() > 0:
        raise LinAlgError(f"inv: The diagonal element {info.item()} is zero, the inversion could not be completed "
                          f"because the input matrix is singular.")
    return result.reshape(end + start)


def tensorsolve(A, B, dims=None, *, out=None):
    """linalg.tensorsolve: X with tensordot(A, X, X.ndim) = B, through one matrix solve; `dims`
    of A are moved to the end first."""
    if out is not None:
        raise NotImplementedError("autogradviz: torch.linalg.tensorsolve() does not support out= yet")
    ndim = A.dim()
    if dims is not None:
        dims = list(dims)
        A = _C.movedim(A, dims, list(range(ndim - len(dims), ndim)))
    result_shape = list(A.shape[B.dim():])
    result_product, other_product = _product(result_shape), _product(B.shape)
    if result_product != other_product:
        raise RuntimeError(f"Expected self to satisfy the requirement prod(self.shape[other.ndim:]) == "
                           f"prod(self.shape[:other.ndim]), but got {result_product} != {other_product}")
    return solve(A.reshape(result_product, result_product), B.flatten()).reshape(result_shape)
