"""Losses that PyTorch 1.13 writes over other ops: margin_ranking, hinge_embedding,
cosine_embedding, triplet_margin and poisson_nll in ATen (Loss.cpp), gaussian_nll,
multilabel_soft_margin and the Lp pools in torch/nn/functional.py. Each is the same
sequence of ops, so the graph and the rounding are PyTorch's.

ATen's C++ arithmetic with a number differs from Python's: `t + 0.5` there is add.Scalar
(AddBackward1) where Python wraps 0.5 as a tensor (AddBackward0), and `1 - t` is
empty_like(t).fill_(1).sub_(t) (SubBackward0 with no edge for the number). The helpers
below write those forms."""

import math

import torch
import _agv_torch as _C
from torch.nn import _reduction as _Reduction


def _reduce(unreduced, reduction_enum):
    """ATen's apply_loss_reduction."""
    if reduction_enum == 1:
        return unreduced.mean()
    if reduction_enum == 2:
        return unreduced.sum()
    return unreduced


def _number_minus(number, t):
    return torch.empty_like(t).fill_(number).sub_(t)


def _reduction_enum(size_average, reduce, reduction):
    if size_average is not None or reduce is not None:
        return _Reduction.legacy_get_enum(size_average, reduce)
    return _Reduction.get_enum(reduction)


# ------------------------------------------------------------------ torch.* (ATen)

def margin_ranking_loss(input1, input2, target, margin, reduction):
    output = _C._add_scalar(-target * (input1 - input2), margin).clamp_min_(0)
    return _reduce(output, reduction)


def hinge_embedding_loss(input, target, margin, reduction):
    zeros = torch.zeros_like(input)
    margin_clamp = _number_minus(margin, input).clamp_min_(0)
    output_margin = torch.where(target != 1, margin_clamp, zeros)
    output_self = torch.where(target != -1, input, zeros)
    return _reduce(output_margin + output_self, reduction)


_EPSILON = 1e-12


def cosine_embedding_loss(input1, input2, target, margin, reduction):
    target_dim = target.dim()
    if target_dim not in (0, 1):
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if target_dim == 1 and not (input1.dim() == 2 and input2.dim() == 2):
        raise RuntimeError(f"1D target tensor expects 2D input tensors, but found inputs with sizes "
                           f"{list(input1.shape)} and {list(input2.shape)}.")
    if target_dim == 0 and not (input1.dim() == 1 and input2.dim() == 1):
        raise RuntimeError(f"0D target tensor expects 1D input tensors, but found inputs with sizes "
                           f"{list(input1.shape)} and {list(input2.shape)}.")
    prod_sum = (input1 * input2).sum(target_dim)
    mag_square1 = _C._add_scalar((input1 * input1).sum(target_dim), _EPSILON)
    mag_square2 = _C._add_scalar((input2 * input2).sum(target_dim), _EPSILON)
    denom = (mag_square1 * mag_square2).sqrt_()
    cos = prod_sum / denom
    zeros = torch.zeros_like(cos, memory_format=torch.contiguous_format)
    pos = _number_minus(1, cos)
    neg = _C._sub_scalar(cos, margin).clamp_min_(0)
    output_pos = torch.where(target == 1, pos, zeros)
    output_neg = torch.where(target == -1, neg, zeros)
    return _reduce(output_pos + output_neg, reduction)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False, reduction=1):
    a_dim, p_dim, n_dim = anchor.dim(), positive.dim(), negative.dim()
    if not (a_dim == p_dim and p_dim == n_dim):
        raise RuntimeError(f"All inputs should have same dimension but got {a_dim}D, {p_dim}D and {n_dim}D inputs.")
    dist_pos = torch.pairwise_distance(anchor, positive, p, eps)
    dist_neg = torch.pairwise_distance(anchor, negative, p, eps)
    if swap:
        dist_neg = torch.minimum(dist_neg, torch.pairwise_distance(positive, negative, p, eps))
    output = torch.clamp_min(_C._add_scalar(dist_pos, margin) - dist_neg, 0)
    return _reduce(output, reduction)


def poisson_nll_loss(input, target, log_input, full, eps, reduction):
    if log_input:
        loss = torch.exp(input) - target * input
    else:
        loss = input - target * torch.log(_C._add_scalar(input, eps))
    if full:
        stirling = (target * torch.log(target) - target
                    + _C._mul_scalar(torch.log(_C._mul_scalar(target, 2 * math.pi)), 0.5))
        loss += stirling.masked_fill(target <= 1, 0)
    return _reduce(loss, reduction)


# ------------------------------------------------------------------ torch.nn.functional

def f_margin_ranking_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction="mean"):
    reduction_enum = _reduction_enum(size_average, reduce, reduction)
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError("margin_ranking_loss : All input tensors should have same dimension but got sizes: "
                           "input1: {}, input2: {}, target: {} ".format(input1.size(), input2.size(), target.size()))
    return margin_ranking_loss(input1, input2, target, margin, reduction_enum)


def f_hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None, reduction="mean"):
    return hinge_embedding_loss(input, target, margin, _reduction_enum(size_average, reduce, reduction))


def f_cosine_embedding_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction="mean"):
    return cosine_embedding_loss(input1, input2, target, margin, _reduction_enum(size_average, reduce, reduction))


def f_triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False, size_average=None,
                          reduce=None, reduction="mean"):
    return triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap,
                               _reduction_enum(size_average, reduce, reduction))


def f_poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-8, reduce=None,
                       reduction="mean"):
    if size_average is not None or reduce is not None:
        reduction = _Reduction.legacy_get_string(size_average, reduce)
    if reduction != "none" and reduction != "mean" and reduction != "sum":
        raise ValueError(reduction + " is not valid")
    return poisson_nll_loss(input, target, log_input, full, eps, _Reduction.get_enum(reduction))


def f_gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    if var.size() != input.size():
        # One dimension short (homoscedastic) gets a trailing 1; a trailing 1 already is fine.
        if input.size()[:-1] == var.size():
            var = torch.unsqueeze(var, -1)
        elif input.size()[:-1] == var.size()[:-1] and var.size(-1) == 1:
            pass
        else:
            raise ValueError("var is of incorrect size")
    if reduction != 'none' and reduction != 'mean' and reduction != 'sum':
        raise ValueError(reduction + " is not valid")
    if torch.any(var < 0):
        raise ValueError("var has negative entry/entries")
    var = var.clone()
    with torch.no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (torch.log(var) + (input - target) ** 2 / var)
    if full:
        loss += 0.5 * math.log(2 * math.pi)
    if reduction == 'mean':
        return loss.mean()
    if reduction == 'sum':
        return loss.sum()
    return loss


def f_multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    from torch.nn.functional import logsigmoid
    if size_average is not None or reduce is not None:
        reduction = _Reduction.legacy_get_string(size_average, reduce)
    loss = -(target * logsigmoid(input) + (1 - target) * logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    loss = loss.sum(dim=class_dim) / input.size(class_dim)
    if reduction == "none":
        return loss
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    raise ValueError(reduction + " is not valid")


def f_lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    from torch.nn.functional import avg_pool2d, relu
    kw, kh = (kernel_size, kernel_size) if isinstance(kernel_size, int) else tuple(kernel_size)
    if stride is not None:
        out = avg_pool2d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = avg_pool2d(input.pow(norm_type), kernel_size, padding=0, ceil_mode=ceil_mode)
    return (torch.sign(out) * relu(torch.abs(out))).mul(kw * kh).pow(1.0 / norm_type)


def f_lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    from torch.nn.functional import avg_pool1d, relu
    if stride is not None:
        out = avg_pool1d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = avg_pool1d(input.pow(norm_type), kernel_size, padding=0, ceil_mode=ceil_mode)
    return (torch.sign(out) * relu(torch.abs(out))).mul(kernel_size).pow(1.0 / norm_type)


def _functional():
    """The f_* functions under their torch.nn.functional names."""
    table = {}
    for name, value in list(globals().items()):
        if name.startswith("f_"):
            value.__name__ = value.__qualname__ = name[2:]
            table[name[2:]] = value
    return table


FUNCTIONAL = _functional()
