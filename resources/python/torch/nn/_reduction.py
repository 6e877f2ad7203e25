"""The reduction names of the losses, and the translation of the legacy size_average /
reduce flags into them (PyTorch's torch/nn/_reduction.py)."""

import warnings


def get_enum(reduction):
    # The numbers of ATen's Reduction enum: none 0, mean 1, sum 2.
    if reduction == 'none':
        return 0
    if reduction == 'mean':
        return 1
    if reduction == 'elementwise_mean':
        warnings.warn("reduction='elementwise_mean' is deprecated, please use reduction='mean' instead.")
        return 1
    if reduction == 'sum':
        return 2
    raise ValueError(reduction + " is not a valid value for reduction")


def legacy_get_string(size_average, reduce, emit_warning=True):
    """size_average and reduce (each None meaning True) as a reduction name: reduce=False
    keeps every element, otherwise size_average chooses between mean and sum."""
    if size_average is None:
        size_average = True
    if reduce is None:
        reduce = True
    if size_average and reduce:
        ret = 'mean'
    elif reduce:
        ret = 'sum'
    else:
        ret = 'none'
    if emit_warning:
        warnings.warn("size_average and reduce args will be deprecated, please use reduction='" + ret +
                      "' instead.")
    return ret


def legacy_get_enum(size_average, reduce, emit_warning=True):
    return get_enum(legacy_get_string(size_average, reduce, emit_warning))
