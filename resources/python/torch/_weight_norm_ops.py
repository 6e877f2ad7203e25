"""torch._weight_norm, torch._weight_norm_interface and torch.norm_except_dim (ATen's
WeightNorm.cpp, 1.13), written over the engine's ops.

_weight_norm takes ATen's fused kernel when the norm is over every dim but the first or the
last (WeightNormInterfaceBackward0 in the graph), else the composite
v * (g / norm_except_dim(v, 2, dim)). See Note [The fused weight-norm kernel's additions]."""

import _agv_torch as _C
from torch._composites import _SHORT_NAMES
from torch._untraced import untraced
from torch.autograd.function import Function

__all__ = ["_weight_norm", "_weight_norm_interface", "norm_except_dim"]

# Note [The fused weight-norm kernel's additions]
# 1.13's CPU kernel (native/cpu/WeightNormKernel.cpp, built for AVX2 in Debian's package)
# has an order of additions of its own, which the results' last bits depend on:
# - norm over all but the first dim: each row is a map_reduce_all over Vectorized lanes
#   (8 floats, 4 doubles). A row shorter than one vector is squared and summed left to
#   right. Otherwise lane j adds up elements j, j + L, j + 2L, ... with the multiply
#   contracted into a fused multiply-add after the first vector; the lanes are then summed
#   as a butterfly for floats ((l0+l4)+(l2+l6)) + ((l1+l5)+(l3+l7)) and left to right for
#   doubles.
# - norm over all but the last dim: rows are accumulated one after the other (one thread)
#   into a zeroed buffer, each as a fused multiply-add.
# The backward kernel reduces grad_w * v the same way and computes
# grad_v = fma(-b, v, (g / norm) * grad_w) with b = (g / norm) * grad_g / norm.
# addcmul is the engine's fused multiply-add; PyTorch compiles its own the same way.
_LANES = {_C.float32: 8, _C.float64: 4}


def _fma(acc, a, b):
    return _C.addcmul(acc, a, b)


def _row_dots(a, b):
    """The per-row sums of a * b for (M, N) tensors, in the first-dim kernel's order (one
    op in PyTorch: its lane-by-lane steps stay out of the recording)."""
    with untraced():
        return _lane_sums(a, b)


def _lane_sums(a, b):
    lanes = _LANES[a.dtype]
    n = a.size(1)
    if n < lanes:
        products = a * b
        total = products[:, 0]
        for j in range(1, n):
            total = total + products[:, j]
        return total
    acc = a[:, :lanes] * b[:, :lanes]
    full = n - n % lanes
    for start in range(lanes, full, lanes):
        acc = _fma(acc, a[:, start:start + lanes], b[:, start:start + lanes])
    if full < n:
        tail = n - full
        acc = _C.cat([_fma(acc[:, :tail], a[:, full:], b[:, full:]), acc[:, tail:]], 1)
    if a.dtype == _C.float32:
        halves = acc[:, :4] + acc[:, 4:]
        quarters = halves[:, :2] + halves[:, 2:]
        return quarters[:, 0] + quarters[:, 1]
    total = acc[:, 0]
    for j in range(1, lanes):
        total = total + acc[:, j]
    return total


def _column_dots(a, b):
    """The per-column sums of a * b for (M, N) tensors, in the last-dim kernel's order
    (out of the recording, as _row_dots)."""
    with untraced():
        acc = _C.zeros(a.size(1), dtype=a.dtype, device=a.device)
        for i in range(a.size(0)):
            acc = _fma(acc, a[i], b[i])
        return acc


def _check_fused_dtype(t):
    if t.dtype == _C.bfloat16:
        raise NotImplementedError("autogradviz: torch._weight_norm_interface() does not support bfloat16 yet")
    if t.dtype not in _LANES:
        raise RuntimeError(f"\"weight_norm_kernel\" not implemented for '{_SHORT_NAMES[t.dtype]}'")


def _fused_forward(v, g, dim):
    """(w, norm) of the fused kernel; norm has g's shape."""
    if dim == 0:
        rows = v.reshape(v.size(0), -1)
        norm = _row_dots(rows, rows).sqrt()
        scale = g.reshape(-1) / norm
        w = rows * scale.unsqueeze(1)
    else:
        rows = v.reshape(-1, v.size(-1))
        norm = _column_dots(rows, rows).sqrt()
        scale = g.reshape(-1) / norm
        w = rows * scale
    return w.reshape(v.shape), norm.reshape(g.shape)


def _fused_backward(grad_w, v, g, norm, dim):
    """(grad_v, grad_g) of the fused backward kernel."""
    if dim == 0:
        grad_rows = grad_w.reshape(v.size(0), -1)
        v_rows = v.reshape(v.size(0), -1)
        sums = _row_dots(grad_rows, v_rows)
        flat_norm = norm.reshape(-1)
        grad_g = sums / flat_norm
        a = g.reshape(-1) / flat_norm
        b = a * grad_g / flat_norm
        grad_v = _C.addcmul(a.unsqueeze(1) * grad_rows, b.unsqueeze(1), v_rows, value=-1)
    else:
        grad_rows = grad_w.reshape(-1, v.size(-1))
        v_rows = v.reshape(-1, v.size(-1))
        sums = _column_dots(grad_rows, v_rows)
        flat_norm = norm.reshape(-1)
        grad_g = sums / flat_norm
        a = g.reshape(-1) / flat_norm
        b = a * grad_g / flat_norm
        grad_v = _C.addcmul(a * grad_rows, b, v_rows, value=-1)
    return grad_v.reshape(v.shape), grad_g.reshape(g.shape)


def _differentiable_backward(grad_w, v, g, norm, dim):
    """ATen's _weight_norm_differentiable_backward, used when the backward builds a graph."""
    bcast = [1] * v.dim()
    if dim == 0:
        bcast[0] = v.size(0)
        sums = (grad_w * v).view(v.size(0), -1).sum(1).view(bcast)
    else:
        bcast[-1] = v.size(-1)
        sums = (grad_w * v).view(-1, v.size(-1)).sum(0).view(bcast)
    grad_v = (g / norm) * (grad_w - v * (sums / (norm * norm)))
    return grad_v, sums / norm


class _WeightNormInterface(Function):
    @staticmethod
    def forward(ctx, v, g, dim):
        w, norm = _fused_forward(v, g, dim)
        ctx.save_for_backward(v, g, norm)
        ctx.dim = dim
        ctx.mark_non_differentiable(norm)
        return w, norm

    @staticmethod
    def backward(ctx, grad_w, grad_norm):
        v, g, norm = ctx.saved_tensors
        grad_w = grad_w.contiguous()
        if _C.is_grad_enabled():
            grad_v, grad_g = _differentiable_backward(grad_w, v, g, norm, ctx.dim)
        else:
            grad_v, grad_g = _fused_backward(grad_w, v, g, norm, ctx.dim)
        return grad_v, grad_g, None

    @staticmethod
    def jvp(ctx, v_tangent, g_tangent, dim_tangent):
        raise NotImplementedError(
            "Trying to use forward AD with _weight_norm_interface that does not support it because it has not been "
            "implemented yet.\nPlease file an issue to PyTorch at "
            "https://github.com/pytorch/pytorch/issues/new?template=feature-request.yml so that we can prioritize its "
            "implementation.\nNote that forward AD support for some operators require PyTorch to be built with "
            "TorchScript and for JIT to be enabled. If the environment var PYTORCH_JIT=0 is set or if the library is "
            "not built with TorchScript, some operators may no longer be used with forward AD.")


# The node PyTorch records for this op is a C++ one; this Function's node carries its name
# and prints as it does.
_WeightNormInterface._backward_cls.__name__ = "WeightNormInterfaceBackward0"
_WeightNormInterface._backward_cls.__qualname__ = "WeightNormInterfaceBackward0"
_WeightNormInterface._backward_cls.__module__ = "builtins"


def _check_arguments(function, tensors, ints):
    """The argument parser's texts for a non-tensor among `tensors` or a non-int among
    `ints` (name -> value, in the signature's order)."""
    arguments = [(name, value, "Tensor") for name, value in tensors.items()]
    arguments += [(name, value, "int") for name, value in ints.items()]
    for position, (name, value, kind) in enumerate(arguments, 1):
        wrong = (not isinstance(value, _C._TensorBase) if kind == "Tensor"
                 else not isinstance(value, int) or isinstance(value, bool))
        if wrong:
            raise TypeError(f"{function}(): argument '{name}' (position {position}) must be {kind}, not "
                            f"{_C._type_name(value)}")


def _weight_norm_interface(v, g, dim=0):
    _check_arguments("_weight_norm_interface", {"v": v, "g": g}, {"dim": dim})
    if dim != 0 and dim != v.dim() - 1:
        raise RuntimeError('dim == 0 || dim == v.dim() - 1 INTERNAL ASSERT FAILED at '
                           '"./aten/src/ATen/native/cpu/WeightNormKernel.cpp":401, please report a bug to PyTorch. '
                           'fused kernels can only be applied for first or last dim')
    _check_fused_dtype(v)
    return _WeightNormInterface.apply(v, g, dim)


def norm_except_dim(v, pow=2, dim=0):
    _check_arguments("norm_except_dim", {"v": v}, {"pow": pow, "dim": dim})
    if dim == -1:
        # at::norm(v, pow), the overload without dims: NormBackward0, where v.norm(pow) names
        # every dim (NormBackward1)
        return _C._norm_scalar(v, pow)
    if dim == 0:
        shape = [1] * v.dim()
        shape[0] = v.size(0)
        return v.contiguous().view(v.size(0), -1).norm(pow, 1).view(shape)
    if dim == v.dim() - 1:
        shape = [1] * v.dim()
        shape[-1] = v.size(-1)
        return v.contiguous().view(-1, v.size(-1)).norm(pow, 0).view(shape)
    return norm_except_dim(v.transpose(0, dim), pow, 0).transpose(0, dim)


def _weight_norm(v, g, dim=0):
    _check_arguments("_weight_norm", {"v": v, "g": g}, {"dim": dim})
    if v.device != g.device:
        raise RuntimeError("weight_norm: expected v_in and g_in to be on the same device, but v_in is "
                           f"on {v.device} and g_in is on {g.device}")
    v = v.contiguous()
    g = g.contiguous()
    half = v.dtype == _C.float16 or g.dtype == _C.float16
    if not half and (dim == 0 or dim == v.dim() - 1):
        return _weight_norm_interface(v, g, dim)[0]
    return v * (g / norm_except_dim(v, 2, dim))
