"""torch.nn.functional: the engine's kernels (_agv_torch._nn) under PyTorch's names."""

import warnings

import torch
from torch._untraced import untraced
from torch.nn import _reduction as _Reduction
from _agv_torch import _nn
from _agv_torch._nn import dropout, gelu, leaky_relu, linear, log_softmax, relu, softmax


def sigmoid(input):
    warnings.warn("nn.functional.sigmoid is deprecated. Use torch.sigmoid instead.")
    return input.sigmoid()


def tanh(input):
    warnings.warn("nn.functional.tanh is deprecated. Use torch.tanh instead.")
    return input.tanh()


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


def _unsupported(name, weight, ignore_index, target, label_smoothing=0.0):
    # The engine's kernels have no class weights, ignore_index or label smoothing: better an
    # error than a loss silently computed without them. An ignore_index that no target
    # takes changes nothing, so only a target that takes it is refused.
    arg = None
    if weight is not None:
        arg = 'weight'
    elif label_smoothing != 0.0:
        arg = 'label_smoothing'
    elif ignore_index != -100 and isinstance(target, torch.Tensor):
        with untraced():
            hit = bool((target == ignore_index).sum().item())
        if hit:
            arg = 'ignore_index'
    if arg is not None:
        raise NotImplementedError("autogradviz: " + name + "() does not support " + arg + " yet")


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean',
                  label_smoothing=0.0):
    _unsupported('cross_entropy', weight, ignore_index, target, label_smoothing)
    reduction = _reduction_name(size_average, reduce, reduction)
    return _nn.cross_entropy(input, target, reduction=reduction)


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean'):
    _unsupported('nll_loss', weight, ignore_index, target)
    reduction = _reduction_name(size_average, reduce, reduction)
    return _nn.nll_loss(input, target, reduction=reduction)


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
