"""torch.nn.utils.clip_grad_norm_ and clip_grad_value_: rescale or clamp gradients in place."""

import math
import warnings

import torch


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False):
    """Scales the gradients of `parameters` in place so that their total norm (all of
    them taken as one vector) is at most max_norm; returns that total norm."""
    if isinstance(parameters, torch.Tensor):
        parameters = [parameters]
    grads = [p.grad for p in parameters if p.grad is not None]
    max_norm = float(max_norm)
    norm_type = float(norm_type)
    if len(grads) == 0:
        return torch.tensor(0.)
    device = grads[0].device
    if norm_type == math.inf:
        norms = [g.detach().abs().max().to(device) for g in grads]
        total_norm = norms[0] if len(norms) == 1 else torch.max(torch.stack(norms))
    else:
        # The norm of the per-gradient norms: PyTorch's two-level reduction, which
        # rounds differently from one norm over the concatenated gradients.
        per_grad = torch.stack([torch.norm(g.detach(), norm_type).to(device) for g in grads])
        total_norm = torch.norm(per_grad, norm_type)
    if error_if_nonfinite and torch.logical_or(total_norm.isnan(), total_norm.isinf()):
        raise RuntimeError(
            f'The total norm of order {norm_type} for gradients from `parameters` is non-finite, so it cannot '
            'be clipped. To disable this error and scale the gradients by the non-finite norm anyway, set '
            '`error_if_nonfinite=False`')
    # A number divided by a tensor is the tensor's reciprocal times the number, as in
    # PyTorch's Tensor.__rdiv__. The coefficient is applied even when clamped to 1.
    clip_coef = max_norm / (total_norm + 1e-6)
    clip_coef_clamped = torch.clamp(clip_coef, max=1.0)
    for g in grads:
        g.detach().mul_(clip_coef_clamped.to(g.device))
    return total_norm


def clip_grad_norm(parameters, max_norm, norm_type=2., error_if_nonfinite=False):
    """The deprecated name of clip_grad_norm_."""
    warnings.warn("torch.nn.utils.clip_grad_norm is now deprecated in favor of torch.nn.utils.clip_grad_norm_.",
                  stacklevel=2)
    return clip_grad_norm_(parameters, max_norm, norm_type, error_if_nonfinite)


def clip_grad_value_(parameters, clip_value):
    """Clamps every gradient of `parameters` into [-clip_value, clip_value], in place."""
    if isinstance(parameters, torch.Tensor):
        parameters = [parameters]
    clip_value = float(clip_value)
    for p in parameters:
        if p.grad is not None:
            p.grad.data.clamp_(min=-clip_value, max=clip_value)
