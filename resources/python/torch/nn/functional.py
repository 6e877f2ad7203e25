"""torch.nn.functional: the engine's kernels (_agv_torch._nn) under PyTorch's names."""

import collections.abc
import warnings

import torch
from torch._untraced import untraced
from torch.nn import _reduction as _Reduction
from _agv_torch import _nn
from _agv_torch._nn import gelu, leaky_relu, leaky_relu_, linear, log_softmax, relu, softmax
from torch.nn._feature_dropout import dropout1d, dropout2d, dropout3d  # noqa: F401
from torch.nn._dropout_impl import alpha_dropout, feature_alpha_dropout, dropout_impl as _dropout_impl  # noqa: F401


def dropout(input, p=0.5, training=True, inplace=False):
    """The engine's dropout, or ATen's in-place one (input.mul_(noise)) for inplace=True."""
    if p < 0.0 or p > 1.0:
        raise ValueError("dropout probability has to be between 0 and 1, " "but got {}".format(p))
    if inplace:
        return _dropout_impl(input, p, training, False, False, True)
    return _nn.dropout(input, p, training)


def sigmoid(input):
    warnings.warn("nn.functional.sigmoid is deprecated. Use torch.sigmoid instead.")
    return input.sigmoid()


def tanh(input):
    warnings.warn("nn.functional.tanh is deprecated. Use torch.tanh instead.")
    return input.tanh()


def silu(input, inplace=False):
    if inplace:
        return _nn.silu_(input)
    return _nn.silu(input)


def elu(input, alpha=1.0, inplace=False):
    if inplace:
        return _nn.elu_(input, alpha)
    return _nn.elu(input, alpha)


def hardtanh(input, min_val=-1., max_val=1., inplace=False):
    if inplace:
        return _nn.hardtanh_(input, min_val, max_val)
    return _nn.hardtanh(input, min_val, max_val)


hardtanh_ = _nn.hardtanh_


def rrelu(input, lower=1. / 8, upper=1. / 3, training=False, inplace=False):
    if inplace:
        return torch.rrelu_(input, lower, upper, training)
    return torch.rrelu(input, lower, upper, training)


rrelu_ = torch.rrelu_


def relu6(input, inplace=False):
    # hardtanh(input, 0, 6) in ATen: HardtanhBackward0 with integer bounds.
    if inplace:
        return _nn.relu6_(input)
    return _nn.relu6(input)


def softplus(input, beta=1, threshold=20):
    return _nn.softplus(input, beta, threshold)


def selu(input, inplace=False):
    if inplace:
        return torch.selu_(input)
    return torch.selu(input)


def celu(input, alpha=1., inplace=False):
    if inplace:
        return torch.celu_(input, alpha)
    return torch.celu(input, alpha)


def threshold(input, threshold, value, inplace=False):
    if inplace:
        return torch.threshold_(input, threshold, value)
    return torch.threshold(input, threshold, value)


def hardsigmoid(input, inplace=False):
    if inplace:
        return _nn.hardsigmoid_(input)
    return _nn.hardsigmoid(input)


def hardswish(input, inplace=False):
    if inplace:
        return _nn.hardswish_(input)
    return _nn.hardswish(input)


def mish(input, inplace=False):
    if inplace:
        return _nn.mish_(input)
    return _nn.mish(input)


logsigmoid = _nn.log_sigmoid
softshrink = _nn.softshrink
hardshrink = torch.hardshrink
prelu = torch.prelu


def glu(input, dim=-1):
    if input.dim() == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    return _nn.glu(input, dim)


# The composites PyTorch writes in Python, so their graphs are those ops' graphs.

def softsign(input):
    return input / (input.abs() + 1)


def tanhshrink(input):
    return input - input.tanh()


def _get_softmax_dim(name, ndim, stacklevel):
    warnings.warn("Implicit dimension choice for {} has been deprecated. "
                  "Change the call to include dim=X as an argument.".format(name), stacklevel=stacklevel)
    if ndim == 0 or ndim == 1 or ndim == 3:
        return 0
    return 1


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _get_softmax_dim("softmin", input.dim(), _stacklevel)
    if dtype is not None:
        raise NotImplementedError("autogradviz: softmin(dtype=...) is not supported yet")
    return (-input).softmax(dim)


def gumbel_softmax(logits, tau=1, hard=False, eps=1e-10, dim=-1):
    """A sample of the Gumbel-softmax distribution, with 1.13's ops: Gumbel(0, 1) noise as
    -log of an Exponential(1) draw (exponential_ on a fresh contiguous tensor), then
    softmax((logits + noise) / tau). hard=True gives the one-hot of the argmax in the
    forward pass and the soft sample's gradient in the backward one (straight through)."""
    if eps != 1e-10:
        warnings.warn("`eps` parameter is deprecated and has no effect.")
    noise = torch.empty_like(logits, memory_format=torch.legacy_contiguous_format).exponential_()
    perturbed = (logits + -noise.log()) / tau
    soft = perturbed.softmax(dim)
    if not hard:
        return soft
    argmax = soft.max(dim, keepdim=True)[1]
    one_hot = torch.zeros_like(logits, memory_format=torch.legacy_contiguous_format).scatter_(dim, argmax, 1.0)
    return one_hot - soft.detach() + soft


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    if out is None:
        denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
        return input / denom
    denom = input.norm(p, dim, keepdim=True).clamp_min_(eps).expand_as(input)
    # PyTorch's torch.div(input, denom, out=out); the engine's div has no out=, so the
    # quotient is copied into out.
    if torch.is_grad_enabled() and (input.requires_grad or out.requires_grad):
        raise RuntimeError("div(): functions with out=... arguments don't support automatic differentiation, "
                           "but one of the arguments requires grad.")
    if out.shape != input.shape:
        raise NotImplementedError("autogradviz: normalize(out=...) with an out of another shape is not supported yet")
    return out.copy_(input / denom)


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    """at::cosine_similarity in 1.13: each input over its clamped norm, then their dot product."""
    common = torch.result_type(x1, x2)
    if not common.is_floating_point:
        raise RuntimeError("expected common dtype to be floating point, yet common dtype is " +
                           _dtype_name(common))
    if not x1.dtype.is_floating_point:
        x1 = x1.to(common)
    if not x2.dtype.is_floating_point:
        x2 = x2.to(common)
    shape = _broadcast_shape(x1.shape, x2.shape)
    x1 = x1.expand(shape)
    x2 = x2.expand(shape)
    x1_squared_norm = torch.pow(x1, 2).sum(dim, keepdim=True)
    x2_squared_norm = torch.pow(x2, 2).sum(dim, keepdim=True)
    with torch.no_grad():
        x1_squared_norm.clamp_min_(eps * eps)
        x2_squared_norm.clamp_min_(eps * eps)
    return ((x1 / x1_squared_norm.sqrt()) * (x2 / x2_squared_norm.sqrt())).sum(dim)


def _dtype_name(dtype):
    # c10's operator<< for a ScalarType: Float, Double, Long...
    return {torch.int64: "Long", torch.bool: "Bool", torch.float32: "Float", torch.float64: "Double"}.get(
        dtype, str(dtype))


pairwise_distance = torch.pairwise_distance
pdist = torch.pdist
bilinear = torch.bilinear
pixel_shuffle = torch.pixel_shuffle
pixel_unshuffle = torch.pixel_unshuffle
channel_shuffle = torch.channel_shuffle


def one_hot(tensor, num_classes=-1):
    """at::one_hot: int64 zeros with a 1 scattered at each class index."""
    if tensor.dtype != torch.int64:
        raise RuntimeError("one_hot is only applicable to index tensor.")
    shape = list(tensor.shape)
    if tensor.numel() == 0:
        if num_classes <= 0:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        return torch.empty(shape + [num_classes], dtype=torch.int64)
    with untraced():
        low = tensor.min().item()
        high = tensor.max().item()
    if low < 0:
        raise RuntimeError("Class values must be non-negative.")
    if num_classes == -1:
        num_classes = high + 1
    elif num_classes <= high:
        raise RuntimeError("Class values must be smaller than num_classes.")
    ret = torch.zeros(shape + [num_classes], dtype=torch.int64)
    ret.scatter_(-1, tensor.unsqueeze(-1), 1)
    return ret


# The losses take the legacy size_average / reduce flags here, as PyTorch's Python
# wrappers do, and hand the kernel the reduction name they stand for.

def _reduction_name(size_average, reduce, reduction):
    if size_average is not None or reduce is not None:
        return _Reduction.legacy_get_string(size_average, reduce)
    if reduction == 'elementwise_mean':
        _Reduction.get_enum(reduction)  # its deprecation warning
        return 'mean'
    return reduction


def _broadcast_shape(a, b):
    ndim = max(len(a), len(b))
    a = (1,) * (ndim - len(a)) + tuple(a)
    b = (1,) * (ndim - len(b)) + tuple(b)
    shape = []
    for dim, (m, n) in enumerate(zip(a, b)):
        if m != n and m != 1 and n != 1:
            raise RuntimeError('The size of tensor a (' + str(m) + ') must match the size of tensor b (' + str(n) +
                               ') at non-singleton dimension ' + str(dim))
        shape.append(n if m == 1 else m)
    return shape


def mse_loss(input, target, size_average=None, reduce=None, reduction='mean'):
    if isinstance(input, torch.Tensor) and isinstance(target, torch.Tensor) and input.size() != target.size():
        # Warned here, naming our caller's line as PyTorch does; the kernel then gets equal
        # shapes (PyTorch broadcasts before its kernel too) and has nothing to warn about.
        warnings.warn('Using a target size (' + str(target.size()) + ') that is different to the input size (' +
                      str(input.size()) + '). This will likely lead to incorrect results due to broadcasting. '
                      'Please ensure they have the same size.', stacklevel=2)
        shape = _broadcast_shape(input.shape, target.shape)
        if list(input.shape) != shape:
            input = input.expand(shape)
        if list(target.shape) != shape:
            target = target.expand(shape)
    reduction = _reduction_name(size_average, reduce, reduction)
    return _nn.mse_loss(input, target, reduction=reduction)


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean',
                  label_smoothing=0.0):
    reduction = _reduction_name(size_average, reduce, reduction)
    return _nn.cross_entropy(input, target, weight, reduction=reduction, ignore_index=ignore_index,
                             label_smoothing=label_smoothing)


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    if size_average is not None or reduce is not None:
        reduction_enum = _Reduction.legacy_get_enum(size_average, reduce)
    else:
        if reduction == "mean":
            warnings.warn(
                "reduction: 'mean' divides the total loss by both the batch size and the support size."
                "'batchmean' divides only by the batch size, and aligns with the KL div math definition."
                "'mean' will be changed to behave the same as 'batchmean' in the next major release."
            )
        # 'batchmean' is the sum divided by the batch size
        if reduction == "batchmean":
            reduction_enum = _Reduction.get_enum("sum")
        else:
            reduction_enum = _Reduction.get_enum(reduction)
    reduced = torch.kl_div(input, target, reduction_enum, log_target=log_target)
    if reduction == "batchmean" and input.dim() != 0:
        reduced = reduced / input.size()[0]
    return reduced


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction='mean', zero_infinity=False):
    return torch.ctc_loss(log_probs, targets, input_lengths, target_lengths, blank, _Reduction.get_enum(reduction),
                          zero_infinity)


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean'):
    reduction = _reduction_name(size_average, reduce, reduction)
    return _nn.nll_loss(input, target, weight, reduction=reduction, ignore_index=ignore_index)


# ---------------------------------------------------------------- convolution
# PyTorch's conv wrappers (aten/src/ATen/native/Convolution.cpp): unbatched inputs,
# the padding strings, then torch.convolution (ConvolutionBackward0).

def pad(input, pad, mode="constant", value=None):
    return _nn.pad(input, pad, mode, value)


def _batchify(input, spatial, name):
    if input.dim() == spatial + 1:
        return input.unsqueeze(0), False
    if input.dim() != spatial + 2:
        raise RuntimeError(f"Expected {spatial + 1}D (unbatched) or {spatial + 2}D (batched) input to {name}, "
                           f"but got input of size: {list(input.shape)}")
    return input, True


def _as_list(value, n):
    return [value] * n if isinstance(value, int) else list(value)


_warned_same_padding = False


def _conv_same(input, weight, bias, stride, dilation, groups, spatial):
    strides = _as_list(stride, spatial)
    if any(s != 1 for s in strides):
        raise RuntimeError("padding='same' is not supported for strided convolutions")
    dilations = _as_list(dilation, spatial)
    if len(dilations) == 1:
        dilations = dilations * spatial
    left, right = [], []
    for i in range(spatial):
        total = dilations[i] * (weight.shape[i + 2] - 1)
        left.append(total // 2)
        right.append(total - total // 2)
    if left != right:
        # An even kernel: pad the input by the difference, then convolve symmetrically.
        global _warned_same_padding
        if not _warned_same_padding:  # TORCH_WARN_ONCE
            _warned_same_padding = True
            warnings.warn("Using padding='same' with even kernel lengths and odd dilation may require a zero-padded "
                      "copy of the input be created (Triggered internally at  "
                      "./aten/src/ATen/native/Convolution.cpp:895.)", stacklevel=4)
        extra = []
        for i in reversed(range(spatial)):
            extra += [0, right[i] - left[i]]
        input = _nn.pad(input, extra)
    return torch.convolution(input, weight, bias, stride, left, dilation, False, [0] * spatial, groups)


def _conv(name, spatial, input, weight, bias, stride, padding, dilation, groups):
    input, batched = _batchify(input, spatial, name)
    if isinstance(padding, str):
        if padding == "same":
            out = _conv_same(input, weight, bias, stride, dilation, groups, spatial)
        elif padding == "valid":
            out = torch.convolution(input, weight, bias, stride, [0] * spatial, dilation, False, [0] * spatial, groups)
        else:
            raise RuntimeError(f"Invalid padding string: '{padding}'")
    else:
        out = torch.convolution(input, weight, bias, stride, padding, dilation, False, [0] * spatial, groups)
    return out if batched else out.squeeze(0)


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv("conv1d", 1, input, weight, bias, stride, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv("conv2d", 2, input, weight, bias, stride, padding, dilation, groups)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv("conv3d", 3, input, weight, bias, stride, padding, dilation, groups)


def _conv_transpose(name, spatial, input, weight, bias, stride, padding, output_padding, groups, dilation):
    input, batched = _batchify(input, spatial, name)
    out = torch.convolution(input, weight, bias, stride, padding, dilation, True, output_padding, groups)
    return out if batched else out.squeeze(0)


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose("conv_transpose1d", 1, input, weight, bias, stride, padding, output_padding, groups,
                           dilation)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose("conv_transpose2d", 2, input, weight, bias, stride, padding, output_padding, groups,
                           dilation)


def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose("conv_transpose3d", 3, input, weight, bias, stride, padding, output_padding, groups,
                           dilation)


# ---------------------------------------------------------------- pooling

def _pair(value):
    """An int becomes [v, v], as PyTorch's argument parser expands an int for an IntArrayRef[2]."""
    return [value, value] if isinstance(value, int) else value


def _pair_or_empty(value):
    return [] if value is None else _pair(value)


def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    return _nn.max_pool2d_with_indices(input, _pair(kernel_size), _pair_or_empty(stride), _pair(padding),
                                       _pair(dilation), ceil_mode)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    values, indices = _nn.max_pool2d_with_indices(input, _pair(kernel_size), _pair_or_empty(stride), _pair(padding),
                                                  _pair(dilation), ceil_mode)
    return (values, indices) if return_indices else values


def _as_pair_1d(value, fill):
    return [fill, value] if isinstance(value, int) else [fill, *value]


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    # 1.13's max_pool1d without indices runs its own kernel (max_pool1d_impl) unless a
    # gradient is wanted; that kernel has no float16 case.
    if (not return_indices and input.dtype == torch.float16
            and not (input.requires_grad and torch.is_grad_enabled())):
        raise RuntimeError('"max_pool1d_impl" not implemented for \'Half\'')
    stride = [] if stride is None else _as_pair_1d(stride, 1)
    values, indices = _nn.max_pool2d_with_indices(input.unsqueeze(-2), _as_pair_1d(kernel_size, 1), stride,
                                                  _as_pair_1d(padding, 0), _as_pair_1d(dilation, 1), ceil_mode)
    values = values.squeeze(-2)
    return (values, indices.squeeze(-2)) if return_indices else values


def max_pool1d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    return max_pool1d(input, kernel_size, stride, padding, dilation, ceil_mode, return_indices=True)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    return _nn.avg_pool2d(input, _pair(kernel_size), _pair_or_empty(stride), _pair(padding), ceil_mode,
                          count_include_pad, divisor_override)


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    stride = [] if stride is None else _as_pair_1d(stride, 1)
    return _nn.avg_pool2d(input.unsqueeze(-2), _as_pair_1d(kernel_size, 1), stride, _as_pair_1d(padding, 0),
                          ceil_mode, count_include_pad, None).squeeze(-2)


def adaptive_avg_pool2d(input, output_size):
    if isinstance(output_size, int):
        output_size = [output_size, output_size]
    sizes = [input.shape[-2 + i] if s is None else s for i, s in enumerate(output_size)]
    return _nn.adaptive_avg_pool2d(input, sizes)


def adaptive_avg_pool1d(input, output_size):
    # torch.adaptive_avg_pool1d: the 2-d pool of one row (a 1 x 1 output is a mean)
    if not 2 <= input.dim() < 4:
        raise RuntimeError(f"Expected 2 to 3 dimensions, but got {input.dim()}-dimensional tensor for argument #1 "
                           "'self' (while checking arguments for adaptive_avg_pool1d)")
    size = output_size[0] if isinstance(output_size, (list, tuple)) else output_size
    return _nn.adaptive_avg_pool2d(input.unsqueeze(-2), [1, size]).squeeze(-2)


def _list_with_default(out_size, defaults):
    """1.13's torch.nn.modules.utils._list_with_default: None in an output size keeps the input's size."""
    if isinstance(out_size, int):
        return out_size
    if len(defaults) <= len(out_size):
        raise ValueError("Input dimension should be at least {}".format(len(out_size) + 1))
    return [v if v is not None else d for v, d in zip(out_size, defaults[-len(out_size):])]


def adaptive_max_pool2d_with_indices(input, output_size, return_indices=False):
    output_size = _list_with_default(output_size, input.size())
    return _nn.adaptive_max_pool2d(input, _pair(output_size))


def adaptive_max_pool2d(input, output_size, return_indices=False):
    values, indices = adaptive_max_pool2d_with_indices(input, output_size)
    return (values, indices) if return_indices else values


def adaptive_max_pool1d_with_indices(input, output_size, return_indices=False):
    # torch.adaptive_max_pool1d: the 2-d pool of one row, both results squeezed back
    if not 2 <= input.dim() < 4:
        raise RuntimeError(f"Expected 2 to 3 dimensions, but got {input.dim()}-dimensional tensor for argument #1 "
                           "'self' (while checking arguments for adaptive_max_pool1d)")
    sizes = [output_size] if isinstance(output_size, int) else list(output_size)
    if len(sizes) != 1:
        raise RuntimeError(f"adaptive_max_pool1d() argument 'output_size' should contain one int (got {len(sizes)})")
    values, indices = _nn.adaptive_max_pool2d(input.unsqueeze(-2), [1, sizes[0]])
    return values.squeeze(-2), indices.squeeze(-2)


def adaptive_max_pool1d(input, output_size, return_indices=False):
    values, indices = adaptive_max_pool1d_with_indices(input, output_size)
    return (values, indices) if return_indices else values


def _triple(value):
    """An int becomes [v, v, v], as PyTorch's argument parser expands an int for an IntArrayRef[3]."""
    return [value, value, value] if isinstance(value, int) else value


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    return _nn.avg_pool3d(input, _triple(kernel_size), [] if stride is None else _triple(stride), _triple(padding),
                          ceil_mode, count_include_pad, divisor_override)


def max_pool3d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    return _nn.max_pool3d_with_indices(input, _triple(kernel_size), [] if stride is None else _triple(stride),
                                       _triple(padding), _triple(dilation), ceil_mode)


def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    values, indices = max_pool3d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    return (values, indices) if return_indices else values


def adaptive_avg_pool3d(input, output_size):
    return _nn.adaptive_avg_pool3d(input, _triple(_list_with_default(output_size, input.size())))


def adaptive_max_pool3d_with_indices(input, output_size, return_indices=False):
    return _nn.adaptive_max_pool3d(input, _triple(_list_with_default(output_size, input.size())))


def adaptive_max_pool3d(input, output_size, return_indices=False):
    values, indices = adaptive_max_pool3d_with_indices(input, output_size)
    return (values, indices) if return_indices else values


# ---------------------------------------------------------------- sparse

def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False):
    if padding_idx is not None:
        if padding_idx > 0:
            assert padding_idx < weight.size(0), "Padding_idx must be within num_embeddings"
        elif padding_idx < 0:
            assert padding_idx >= -weight.size(0), "Padding_idx must be within num_embeddings"
            padding_idx = weight.size(0) + padding_idx
    else:
        padding_idx = -1
    if max_norm is not None:
        # Note [embedding_renorm contiguous] and [embedding_renorm set_grad_enabled] of 1.13.
        input = input.contiguous()
        with torch.no_grad():
            torch.embedding_renorm_(weight, input, max_norm, norm_type)
    # Sparse gradients are not in the engine yet.
    if sparse:
        raise NotImplementedError("autogradviz: embedding(sparse=True) is not supported yet")
    return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False, mode="mean",
                  sparse=False, per_sample_weights=None, include_last_offset=False, padding_idx=None):
    """Sums, means or maxima of bags of embeddings: 1.13's argument checks, then its kernel."""
    if weight.dtype == torch.long and input.is_floating_point():
        warnings.warn("Argument order of nn.functional.embedding_bag was changed. "
                      "Usage `embedding_bag(weight, input, ...)` is deprecated, "
                      "and should now be `embedding_bag(input, weight, ...)`.")
        weight, input = input, weight
    if per_sample_weights is not None and input.size() != per_sample_weights.size():
        raise ValueError("embedding_bag: If per_sample_weights ({}) is not None, "
                         "then it must have the same shape as the input ({})".format(per_sample_weights.shape,
                                                                                     input.shape))
    if input.dim() == 2:
        if offsets is not None:
            raise ValueError("if input is 2D, then offsets has to be None, as input is treated is a mini-batch of "
                             "fixed length sequences. However, found offsets of type {}".format(str(type(offsets))))
        offsets = torch.arange(0, input.numel(), input.size(1), dtype=input.dtype, device=input.device)
        input = input.reshape(-1)
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        if offsets.dim() != 1:
            raise ValueError("offsets has to be a 1D Tensor")
    else:
        raise ValueError("input has to be 1D or 2D Tensor, but got Tensor of dimension {}".format(input.dim()))
    if mode == "sum":
        mode_enum = 0
    elif mode == "mean":
        mode_enum = 1
    elif mode == "max":
        mode_enum = 2
        if scale_grad_by_freq:
            raise ValueError("max mode does not support scaling the gradient by the frequency")
        if sparse:
            raise ValueError("max mode does not support sparse weights")
    else:
        raise ValueError("mode has to be one of sum, mean or max")
    if max_norm is not None:
        with torch.no_grad():
            torch.embedding_renorm_(weight, input, max_norm, norm_type)
    if per_sample_weights is not None and mode != "sum":
        raise NotImplementedError("embedding_bag: per_sample_weights was not None. "
                                  "per_sample_weights is only supported for mode='sum' "
                                  "(got mode='{}'). Please open a feature request on GitHub.".format(mode))
    # Sparse gradients are not in the engine yet.
    if sparse:
        raise NotImplementedError("autogradviz: embedding_bag(sparse=True) is not supported yet")
    return torch._C._embedding_bag_values(weight, input, offsets, scale_grad_by_freq, mode_enum, sparse,
                                          per_sample_weights, include_last_offset, padding_idx)


# ---------------------------------------------------------------- normalisation

def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    return torch.layer_norm(input, normalized_shape, weight, bias, eps)


def _verify_batch_size(size):
    size_prods = size[0]
    for i in range(len(size) - 2):
        size_prods *= size[i + 2]
    if size_prods == 1:
        raise ValueError("Expected more than 1 value per channel when training, got input size {}".format(size))


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    _verify_batch_size([input.size(0) * input.size(1) // num_groups, num_groups] + list(input.size()[2:]))
    return torch.group_norm(input, num_groups, weight, bias, eps)


def _verify_spatial_size(size):
    size_prods = 1
    for i in range(2, len(size)):
        size_prods *= size[i]
    if size_prods == 1:
        raise ValueError("Expected more than 1 spatial element when training, got input size {}".format(size))


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True,
                  momentum=0.1, eps=1e-5):
    if use_input_stats:
        _verify_spatial_size(input.size())
    return torch.instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps, False)


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-5):
    if training:
        size = input.size()
        _verify_batch_size(size)
    return torch.batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps)
def _warn_size(input, target):
    if target.size() != input.size():
        warnings.warn('Using a target size (' + str(target.size()) + ') that is different to the input size (' +
                      str(input.size()) + '). This will likely lead to incorrect results due to broadcasting. '
                      'Please ensure they have the same size.', stacklevel=3)


def _broadcast_pair(input, target):
    shape = _broadcast_shape(input.shape, target.shape)
    if list(input.shape) != shape:
        input = input.expand(shape)
    if list(target.shape) != shape:
        target = target.expand(shape)
    return input, target


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction='mean'):
    reduction = _reduction_name(size_average, reduce, reduction)
    _Reduction.get_enum(reduction)
    if target.size() != input.size():
        raise ValueError('Using a target size ({}) that is different to the input size ({}) is deprecated. '
                         'Please ensure they have the same size.'.format(target.size(), input.size()))
    if weight is not None:
        weight = weight.expand(_broadcast_shape(target.size(), weight.size()))
    return _nn.binary_cross_entropy(input, target, weight, reduction)


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None, reduction='mean',
                                     pos_weight=None):
    reduction = _reduction_name(size_average, reduce, reduction)
    _Reduction.get_enum(reduction)
    if not (target.size() == input.size()):
        raise ValueError('Target size ({}) must be the same as input size ({})'.format(target.size(), input.size()))
    return _nn.binary_cross_entropy_with_logits(input, target, weight, pos_weight, reduction)


def l1_loss(input, target, size_average=None, reduce=None, reduction='mean'):
    # Composite in PyTorch 1.13: (input - target).abs(), then mean or sum.
    _warn_size(input, target)
    reduction = _reduction_name(size_average, reduce, reduction)
    _Reduction.get_enum(reduction)
    input, target = _broadcast_pair(input, target)
    loss = (input - target).abs()
    if reduction == 'mean':
        return loss.mean()
    if reduction == 'sum':
        return loss.sum()
    return loss


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction='mean', beta=1.0):
    _warn_size(input, target)
    reduction = _reduction_name(size_average, reduce, reduction)
    _Reduction.get_enum(reduction)
    input, target = _broadcast_pair(input, target)
    return _nn.smooth_l1_loss(input, target, reduction, beta)


def huber_loss(input, target, reduction='mean', delta=1.0):
    _warn_size(input, target)
    _Reduction.get_enum(reduction)
    input, target = _broadcast_pair(input, target)
    return _nn.huber_loss(input, target, reduction, delta)


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction_name(size_average, reduce, reduction)
    _Reduction.get_enum(reduction)
    return _nn.soft_margin_loss(input, target, reduction)


def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None, reduce=None,
                      reduction="mean"):
    reduction = _reduction_name(size_average, reduce, reduction)
    _Reduction.get_enum(reduction)
    if p != 1 and p != 2:
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None and weight.dim() != 1:
        raise ValueError("weight must be one-dimensional")
    return _nn.multi_margin_loss(input, target, p, margin, weight, reduction)


def _pair_tuple(value):
    """torch.nn.modules.utils._pair: an iterable as a tuple, anything else twice."""
    return tuple(value) if isinstance(value, collections.abc.Iterable) else (value, value)


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """Every kernel_size block of the zero-padded input as one column (1.13's im2col)."""
    return _nn.im2col(input, _pair_tuple(kernel_size), _pair_tuple(dilation), _pair_tuple(padding),
                      _pair_tuple(stride))


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """unfold's columns summed back into an image of output_size (1.13's col2im)."""
    return _nn.col2im(input, _pair_tuple(output_size), _pair_tuple(kernel_size), _pair_tuple(dilation),
                      _pair_tuple(padding), _pair_tuple(stride))


def local_response_norm(input, size, alpha=1e-4, beta=0.75, k=1.0):
    """Each element divided by (k + alpha * the mean of the squares of `size` neighbouring
    channels) ** beta, with 1.13's ops: the squares padded along the channels and averaged
    by avg_pool2d (3-d inputs) or avg_pool3d (a 5-d view of the others)."""
    dim = input.dim()
    if dim < 3:
        # 1.13's message keeps the indentation of its continued string literal.
        raise ValueError("Expected 3D or higher dimensionality" + " " * 26 +
                         "input (got {} dimensions)".format(dim))
    if input.numel() == 0:
        return input
    div = input.mul(input).unsqueeze(1)
    if dim == 3:
        div = pad(div, (0, 0, size // 2, (size - 1) // 2))
        div = avg_pool2d(div, (size, 1), stride=1).squeeze(1)
    else:
        # a 5-d view of the squares, its channels averaged by avg_pool3d
        sizes = input.size()
        div = div.view(sizes[0], 1, sizes[1], sizes[2], -1)
        div = pad(div, (0, 0, 0, 0, size // 2, (size - 1) // 2))
        div = avg_pool3d(div, (size, 1, 1), stride=1).squeeze(1)
        div = div.view(sizes)
    return input / div.mul(alpha).add(k).pow(beta)


# ---------------------------------------------------------------- spatial transformers
# F.affine_grid and F.grid_sample check their arguments in Python, as in 1.13, then call
# torch.affine_grid_generator (AffineGridGeneratorBackward0) and torch.grid_sampler
# (GridSampler2DBackward0 / GridSampler3DBackward0).

def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    if mode != "bilinear" and mode != "nearest" and mode != "bicubic":
        raise ValueError(
            "nn.functional.grid_sample(): expected mode to be "
            "'bilinear', 'nearest' or 'bicubic', but got: '{}'".format(mode)
        )
    if padding_mode != "zeros" and padding_mode != "border" and padding_mode != "reflection":
        raise ValueError(
            "nn.functional.grid_sample(): expected padding_mode "
            "to be 'zeros', 'border', or 'reflection', "
            "but got: '{}'".format(padding_mode)
        )
    mode_enum = {"bilinear": 0, "nearest": 1, "bicubic": 2}[mode]
    padding_mode_enum = {"zeros": 0, "border": 1, "reflection": 2}[padding_mode]
    if align_corners is None:
        warnings.warn(
            "Default grid_sample and affine_grid behavior has changed "
            "to align_corners=False since 1.3.0. Please specify "
            "align_corners=True if the old behavior is desired. "
            "See the documentation of grid_sample for details."
        )
        align_corners = False
    return torch.grid_sampler(input, grid, mode_enum, padding_mode_enum, align_corners)


def affine_grid(theta, size, align_corners=None):
    if align_corners is None:
        warnings.warn(
            "Default grid_sample and affine_grid behavior has changed "
            "to align_corners=False since 1.3.0. Please specify "
            "align_corners=True if the old behavior is desired. "
            "See the documentation of grid_sample for details."
        )
        align_corners = False
    if not theta.is_floating_point():
        raise ValueError("Expected theta to have floating point type, but got {}".format(theta.dtype))
    if len(size) == 4:
        if theta.dim() != 3 or theta.shape[-2] != 2 or theta.shape[-1] != 3:
            raise ValueError(
                "Expected a batch of 2D affine matrices of shape Nx2x3 "
                "for size {}. Got {}.".format(size, theta.shape)
            )
        spatial_size = size[-2:]
    elif len(size) == 5:
        if theta.dim() != 3 or theta.shape[-2] != 3 or theta.shape[-1] != 4:
            raise ValueError(
                "Expected a batch of 3D affine matrices of shape Nx3x4 "
                "for size {}. Got {}.".format(size, theta.shape)
            )
        spatial_size = size[-3:]
    else:
        raise NotImplementedError(
            "affine_grid only supports 4D and 5D sizes, "
            "for 2D and 3D affine transforms, respectively. "
            "Got size {}.".format(size)
        )
    # A unit-size dimension only warns with align_corners=True (its one location sits at 0).
    if align_corners and min(spatial_size) == 1:
        warnings.warn(
            "Since version 1.3.0, affine_grid behavior has changed "
            "for unit-size grids when align_corners=True. "
            "This is not an intended use case of affine_grid. "
            "See the documentation of affine_grid for details."
        )
    elif min(size) <= 0:
        raise ValueError("Expected non-zero, positive output size. Got {}".format(size))
    return torch.affine_grid_generator(theta, size, align_corners)


# margin_ranking_loss, hinge_embedding_loss, cosine_embedding_loss, triplet_margin_loss,
# poisson_nll_loss, gaussian_nll_loss, multilabel_soft_margin_loss, lp_pool1d, lp_pool2d
from torch.nn._composite_losses import FUNCTIONAL as _COMPOSITE_LOSSES  # noqa: E402

globals().update(_COMPOSITE_LOSSES)

from torch.nn._interpolation import interpolate, upsample, upsample_bilinear, upsample_nearest  # noqa: E402,F401

from torch.nn._multi_head_attention import (  # noqa: E402,F401
    _in_projection, _in_projection_packed, _mha_shape_check, multi_head_attention_forward)
