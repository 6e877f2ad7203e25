"""Numerical composites that PyTorch 1.13 writes in ATen over other ops
(CompositeImplicitAutograd): inner and kron, vander, the trapezoid rules, cov and corrcoef,
quantile and nanquantile.
Each is the same sequence of ops as ATen's, so it records the same graph (MmBackward0 under
ReshapeAliasBackward0 for inner, CumprodBackward0 into CopySlices for vander, ...) and
rounds the same way."""

import _agv_torch as _C

__all__ = ["inner", "kron", "vander", "trapezoid", "trapz", "cumulative_trapezoid", "cov", "corrcoef", "quantile",
           "nanquantile", "nanmean"]


def inner(input, other, *, out=None):
    if out is not None:
        raise NotImplementedError("autogradviz: torch.inner() does not support out= yet")
    if input.dim() == 0 or other.dim() == 0:
        return input * other
    if input.size(-1) != other.size(-1):
        raise RuntimeError(f"inner() the last dimension must match on both input tensors but got shapes "
                           f"{list(input.shape)} and {list(other.shape)}")
    from torch.functional import _tensordot
    return _tensordot(input, other, [-1], [-1])


def kron(input, other, *, out=None):
    """at::kron: both sides viewed with interleaved size-1 dims (padded to the same rank),
    multiplied by broadcasting, the product viewed as the result (UnsafeViewBackward0 x3)."""
    if out is not None:
        raise NotImplementedError("autogradviz: torch.kron() does not support out= yet")
    ndim = max(input.dim(), other.dim())
    pad_input, pad_other = ndim - input.dim(), ndim - other.dim()
    input_shape, other_shape, result_shape = [], [], []
    for i in range(ndim):
        a = input.size(i - pad_input) if i >= pad_input else 1
        b = other.size(i - pad_other) if i >= pad_other else 1
        input_shape += [a, 1]
        other_shape += [1, b]
        result_shape.append(a * b)
    unsafe_view = _C._unsafe_view
    return unsafe_view(_C.mul(unsafe_view(input, input_shape), unsafe_view(other, other_shape)), result_shape)


def vander(x, N=None, increasing=False):
    """at::vander: column 0 filled with ones, the rest a copy of x cumulatively multiplied
    in place (CopySlices over CumprodBackward0), flipped unless increasing."""
    if x.dim() != 1:
        raise RuntimeError("x must be a one-dimensional tensor.")
    n = x.size(0)
    if N is not None:
        n = N
        if n < 0:
            raise RuntimeError("N must be non-negative.")
    dtype = _C.promote_types(x.dtype, _C.int64)
    result = _C.empty(x.size(0), n, dtype=dtype, device=x.device)
    if n > 0:
        result.select(1, 0).fill_(1)
        if n > 1:
            result.narrow(1, 1, n - 1).copy_(x.unsqueeze(1))
            result.narrow(1, 1, n - 1).copy_(_C.cumprod(result.narrow(1, 1, n - 1), 1))
    return result if increasing else _C.flip(result, [1])


def _check_real_dx(dx, name):
    if isinstance(dx, (bool, complex)):
        raise RuntimeError(f"{name}: Currently, we only support dx as a real number.")


def _spacing_view(x, y, dim, name):
    """x shaped to broadcast against y's differences: a 1-D x along dim, a lower-rank x
    padded with leading 1s."""
    if x.dim() == 1:
        if x.size(0) != y.size(dim):
            raise RuntimeError(f"{name}: There must be one `x` value for each sample point")
        shape = [1] * y.dim()
        shape[dim] = x.size(0)
        return x.view(shape)
    if x.dim() < y.dim():
        return x.view([1] * (y.dim() - x.dim()) + list(x.shape))
    return x


def trapezoid(y, x=None, *, dx=None, dim=-1):
    """at::trapezoid: with a spacing dx, dx * (sum(y) - (first + last) * 0.5); with sample
    points x, sum((left + right) * (x_right - x_left)) / 2."""
    from torch._composites import _wrap_dim
    dim = _wrap_dim(dim, y.dim())
    if x is not None and dx is not None:
        raise TypeError("trapezoid() received an invalid combination of arguments")
    if y.size(dim) == 0:
        shape = list(y.shape)
        del shape[dim]
        return _C.zeros(shape, dtype=y.dtype, device=y.device)
    if x is not None and isinstance(x, _tensor_class()):
        if y.dtype == _C.bool or x.dtype == _C.bool:
            raise RuntimeError("trapezoid: received a bool input for `x` or `y`, but bool is not supported")
        x = _spacing_view(x, y, dim, "trapezoid")
        x_right, x_left = _trailing_leading(x, dim)
        right, left = _trailing_leading(y, dim)
        return _C._div_scalar(((left + right) * (x_right - x_left)).sum(dim), 2.)
    dx = 1 if dx is None and x is None else (dx if dx is not None else x)
    if y.dtype == _C.bool:
        raise RuntimeError("trapezoid: received a bool input for `y`, but bool is not supported")
    _check_real_dx(dx, "trapezoid")
    return _C._mul_scalar(y.sum(dim) - _C._mul_scalar(y.select(dim, 0) + y.select(dim, -1), 0.5), float(dx))


def _trailing_leading(x, dim):
    """x.slice(dim, 1) and x.slice(dim, 0, -1), clamped as at::slice clamps."""
    length = x.size(dim)
    return x.narrow(dim, min(1, length), max(length - 1, 0)), x.narrow(dim, 0, max(length - 1, 0))


def trapz(y, x=None, *, dx=None, dim=-1):
    return trapezoid(y, x, dx=dx, dim=dim)


def cumulative_trapezoid(y, x=None, *, dx=None, dim=-1):
    """at::cumulative_trapezoid: the running sums of the trapezoids, (dx / 2. * (left +
    right)).cumsum(dim) for a spacing, ((left + right) * dx).cumsum(dim) / 2. for points."""
    from torch._composites import _wrap_dim
    dim = _wrap_dim(dim, y.dim())
    if x is not None and isinstance(x, _tensor_class()):
        if y.dtype == _C.bool or x.dtype == _C.bool:
            raise RuntimeError("cumulative_trapezoid: received a bool input for `x` or `y`, but bool is not "
                               "supported")
        x = _spacing_view(x, y, dim, "cumulative_trapezoid")
        x_right, x_left = _trailing_leading(x, dim)
        right, left = _trailing_leading(y, dim)
        return _C._div_scalar(((left + right) * (x_right - x_left)).cumsum(dim), 2.)
    dx = 1 if dx is None and x is None else (dx if dx is not None else x)
    if y.dtype == _C.bool:
        raise RuntimeError("cumulative_trapezoid: received a bool input for `y`, but bool is not supported")
    _check_real_dx(dx, "cumulative_trapezoid")
    right, left = _trailing_leading(y, dim)
    return _C._mul_scalar(left + right, float(dx) / 2.).cumsum(dim)


def _tensor_class():
    from torch._tensor import Tensor
    return Tensor


def cov(input, *, correction=1, fweights=None, aweights=None):
    """at::cov over observations in columns: the (weighted) mean subtracted, one mm with the
    transpose, divided by the degrees of freedom (a warning and zero when they are <= 0)."""
    if input.dim() > 2:
        raise RuntimeError(f"cov(): expected input to have two or fewer dimensions but got an input with "
                           f"{input.dim()} dimensions")
    if input.dtype == _C.bool:
        raise RuntimeError("cov(): bool dtype is not supported for input")
    data = input.view(1, -1) if input.dim() < 2 else input
    observations = data.size(1)
    weights = None
    if fweights is not None:
        if fweights.dim() > 1:
            raise RuntimeError(f"cov(): expected fweights to have one or fewer dimensions but got fweights with "
                               f"{fweights.dim()} dimensions")
        if fweights.is_floating_point() or fweights.dtype == _C.bool:
            raise RuntimeError(f"cov(): expected fweights to have integral dtype but got fweights with "
                               f"{_type_name(fweights.dtype)} dtype")
        if fweights.numel() != observations:
            raise RuntimeError(f"cov(): expected fweights to have the same numel as there are observations in the "
                               f"input but got {fweights.numel()} != {observations}")
        if observations and not bool(fweights.min().ge(0)):
            raise RuntimeError("cov(): fweights cannot be negative")
        weights = fweights
    if aweights is not None:
        if aweights.dim() > 1:
            raise RuntimeError(f"cov(): expected aweights to have one or fewer dimensions but got aweights with "
                               f"{aweights.dim()} dimensions")
        if not aweights.is_floating_point():
            raise RuntimeError(f"cov(): expected aweights to have floating point dtype but got aweights with "
                               f"{_type_name(aweights.dtype)} dtype")
        if aweights.numel() != observations:
            raise RuntimeError(f"cov(): expected aweights to have the same numel as there are observations in the "
                               f"input but got {aweights.numel()} != {observations}")
        if observations and not bool(aweights.min().ge(0)):
            raise RuntimeError("cov(): aweights cannot be negative")
        weights = aweights if weights is None else weights * aweights
    weight_sum = weights.sum() if weights is not None else _C.tensor(observations, dtype=_C.int64,
                                                                       device=data.device)
    if weights is not None and not bool(weight_sum.ne(0)):
        raise RuntimeError("cov(): weights sum to zero, can't be normalized")
    average = (data * weights if weights is not None else data).sum(1) / weight_sum
    if weights is None:
        norm_factor = _C.tensor(observations - correction, dtype=_C.int64, device=data.device)
    elif correction == 0:
        norm_factor = weight_sum
    elif aweights is None:
        norm_factor = weight_sum - correction
    else:
        norm_factor = weight_sum - correction * (weights * aweights).sum() / weight_sum
    if bool(norm_factor.le(0)):
        import warnings
        warnings.warn("cov(): degrees of freedom is <= 0 (Triggered internally at  "
                      "./aten/src/ATen/native/Correlation.cpp:100.)", UserWarning, stacklevel=2)
        norm_factor.zero_()
    centred = data - average.unsqueeze(1)
    product = _C.mm(centred, (centred * weights if weights is not None else centred).t())
    return _C.div(product, norm_factor).squeeze()


def _type_name(dtype):
    from torch._composites import _SCALAR_TYPE_NAMES
    return _SCALAR_TYPE_NAMES.get(dtype, str(dtype))


def corrcoef(input):
    """at::corrcoef: cov normalised by the outer product of the standard deviations (two
    divisions), clipped to [-1, 1]; a scalar covariance gives c / c."""
    if input.dim() > 2:
        raise RuntimeError(f"corrcoef(): expected input to have two or fewer dimensions but got an input with "
                           f"{input.dim()} dimensions")
    c = cov(input)
    if c.dim() == 0:
        return c / c
    stddev = _C.sqrt(c.diag())
    c = c / stddev.view(-1, 1)
    c = c / stddev.view(1, -1)
    return c.clamp(-1, 1)


_INTERPOLATIONS = ("linear", "lower", "higher", "midpoint", "nearest")


def _quantile(input, q, dim, keepdim, interpolation, ignore_nan):
    """at::quantile_compute in 1.13: the input sorted along the reduced dim, q turned into
    ranks (NaNs send quantile to the last rank, nanquantile counts only the others), the
    values below (and above) gathered and blended with an in-place lerp_, then the q dim
    moved first with in-place squeeze_/unsqueeze_/transpose_."""
    if interpolation not in _INTERPOLATIONS:
        raise RuntimeError("quantile() interpolation must be one of linear, lower, higher, midpoint or nearest, "
                           f"but got {interpolation}")
    if not isinstance(q, _tensor_class()):
        if not 0 <= q <= 1:
            from torch._random_fill import _num
            raise RuntimeError(f"quantile() q must be in the range [0, 1] but got {_num(q)}")
        q = _C.full((), q, dtype=input.dtype, device=input.device)
    from torch._composites import _wrap_dim
    wrapped_dim = _wrap_dim(0 if dim is None else dim, input.dim()) if input.dim() else 0
    if input.numel() == 0:
        raise RuntimeError("quantile() input tensor must be non-empty")
    if q.dim() > 1:
        raise RuntimeError("quantile() q must be a scalar or 1D tensor")
    if input.dtype not in (_C.float32, _C.float64):
        raise RuntimeError("quantile() input tensor must be either float or double dtype")
    if input.dtype != q.dtype:
        raise RuntimeError("quantile() q tensor must be same dtype as the input tensor")
    if input.device != q.device:
        raise RuntimeError("quantile() q tensor must be on the same device as the input tensor")
    out_shape = []
    if dim is not None and input.dim() > 0:
        out_shape = list(input.shape)
        if keepdim:
            out_shape[wrapped_dim] = 1
        else:
            del out_shape[wrapped_dim]
    elif keepdim:
        out_shape = [1] * input.dim()
    if q.dim() > 0:
        out_shape.insert(0, q.numel())
    if not bool(q.ge(0).logical_and_(q.le(1)).all()):
        raise RuntimeError("quantile() q values must be in the range [0, 1]")
    if dim is None:
        sorted_values = input.flatten().sort()[0]
    elif wrapped_dim == input.dim() - 1:
        sorted_values = input.sort()[0]
    else:
        sorted_values = input.unsqueeze(-1).transpose(wrapped_dim, -1).sort()[0]
    if q.dim() == 0:
        out_shape.insert(0, q.numel())
    in_shape = out_shape[1:] + [0]
    in_shape[-1] = sorted_values.size(-1)
    sorted_values = sorted_values.view(in_shape)
    if sorted_values.size(-1) > 2 ** 24:
        raise RuntimeError("quantile() input tensor is too large")
    if ignore_nan:
        ranks = q * (sorted_values.isnan().logical_not_().sum(-1, True) - 1)
        ranks.masked_fill_(ranks < 0, 0)
    else:
        last_index = sorted_values.size(-1) - 1
        from torch._composites import broadcast_tensors
        scaled, has_nan = broadcast_tensors(_C._mul_scalar(q, last_index), sorted_values.isnan().any(-1, True))
        ranks = _C.masked_fill(scaled, has_nan, last_index)
    if interpolation == "lower":
        ranks.floor_()
    elif interpolation == "higher":
        ranks.ceil_()
    elif interpolation == "nearest":
        ranks.round_()
    ranks_below = ranks.long()
    values_below = sorted_values.gather(-1, ranks_below)
    if interpolation in ("linear", "midpoint"):
        weights = _C.full_like(ranks, 0.5) if interpolation == "midpoint" else ranks - ranks_below
        ranks_above = ranks.ceil_().long()
        values_above = sorted_values.gather(-1, ranks_above)
        values_below.lerp_(values_above, weights)
    if q.dim() == 0:
        values_below.squeeze_(-1)
    else:
        values_below.unsqueeze_(0).transpose_(0, -1).squeeze_(-1)
    return values_below


def quantile(input, q, dim=None, keepdim=False, *, interpolation='linear', out=None):
    if out is not None:
        raise NotImplementedError("autogradviz: torch.quantile() does not support out= yet")
    return _quantile(input, q, dim, keepdim, interpolation, False)


def nanquantile(input, q, dim=None, keepdim=False, *, interpolation='linear', out=None):
    if out is not None:
        raise NotImplementedError("autogradviz: torch.nanquantile() does not support out= yet")
    return _quantile(input, q, dim, keepdim, interpolation, True)


def nanmean(input, dim=None, keepdim=False, *, dtype=None, out=None):
    """at::nanmean: nansum over the count of the elements that are not NaN (DivBackward0)."""
    if out is not None:
        raise NotImplementedError("autogradviz: torch.nanmean() does not support out= yet")
    if not input.is_floating_point():
        from torch._composites import _SCALAR_TYPE_NAMES
        raise RuntimeError("nanmean(): expected input to have floating point dtype but got "
                           + _SCALAR_TYPE_NAMES.get(input.dtype, str(input.dtype)))
    not_nan = (input != input).logical_not_()
    factor = not_nan.sum() if dim is None else not_nan.sum(dim, keepdim)
    total = _C.nansum(input, dtype=dtype) if dim is None else _C.nansum(input, dim, keepdim, dtype=dtype)
    return total.div(factor)


_METHODS = (inner, kron, cov, corrcoef, quantile, nanquantile, nanmean)


def install_methods(tensor_class):
    for function in _METHODS:
        def method(self, *args, _function=function, **kwargs):
            return _function(self, *args, **kwargs)
        method.__name__ = method.__qualname__ = function.__name__
        setattr(tensor_class, function.__name__, method)
