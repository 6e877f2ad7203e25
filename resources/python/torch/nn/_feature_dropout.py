"""Channel-wise ("feature") dropout: F.dropout1d, dropout2d, dropout3d.

PyTorch 1.13 runs them through _VF.feature_dropout (aten/src/ATen/native/Dropout.cpp):
in training, a noise tensor of shape (N, C, 1, ...) — one value per channel — is
filled with bernoulli_(1 - p), divided by 1 - p, and the input is multiplied by it
(MulBackward0). The noise is drawn with Tensor.bernoulli_, so the masks are the ones
PyTorch draws for the same seed."""

import warnings

import torch
from torch._untraced import untraced


def _feature_dropout(input, p, train, inplace):
    """_VF.feature_dropout / feature_dropout_."""
    if p == 0 or not train or input.numel() == 0:
        return input
    if input.dim() < 2:
        raise RuntimeError("Feature dropout requires at least 2 dimensions in the input")
    with untraced():
        if p == 1:
            noise = torch.zeros((), dtype=input.dtype, device=input.device)
        else:
            sizes = [input.shape[0], input.shape[1]] + [1] * (input.dim() - 2)
            noise = torch.empty(sizes, dtype=input.dtype, device=input.device)
            noise.bernoulli_(1 - p)
            noise.div_(1 - p)
    return input.mul_(noise) if inplace else input * noise


def _check_p(p):
    if p < 0.0 or p > 1.0:
        raise ValueError("dropout probability has to be between 0 and 1, " "but got {}".format(p))


def _unbatched(input, p, training, inplace):
    """Feature dropout of an input without its batch dimension: as PyTorch's
    unsqueeze_(0) ... squeeze_(0), through a view of the input."""
    result = _feature_dropout(input.unsqueeze(0), p, training, inplace)
    if inplace:
        return input
    return result.squeeze(0)


def dropout1d(input, p=0.5, training=True, inplace=False):
    """Zeroes whole channels (1-D feature maps) of (N, C, L) or (C, L) inputs."""
    _check_p(p)
    inp_dim = input.dim()
    if inp_dim not in (2, 3):
        raise RuntimeError(f"dropout1d: Expected 2D or 3D input, but received a {inp_dim}D input. "
                           "Note that dropout1d exists to provide channel-wise dropout on inputs with 1 "
                           "spatial dimension, a channel dimension, and an optional batch dimension "
                           "(i.e. 2D or 3D inputs).")
    if inp_dim != 3:
        return _unbatched(input, p, training, inplace)
    return _feature_dropout(input, p, training, inplace)


def dropout2d(input, p=0.5, training=True, inplace=False):
    """Zeroes whole channels (2-D feature maps) of (N, C, H, W) inputs; a 3-D input is
    taken as (N, C, L), with 1.13's warning."""
    _check_p(p)
    inp_dim = input.dim()
    if inp_dim not in (3, 4):
        warn_msg = (f"dropout2d: Received a {inp_dim}-D input to dropout2d, which is deprecated "
                    "and will result in an error in a future release. To retain the behavior "
                    "and silence this warning, please use dropout instead. Note that dropout2d "
                    "exists to provide channel-wise dropout on inputs with 2 spatial dimensions, "
                    "a channel dimension, and an optional batch dimension (i.e. 3D or 4D inputs).")
        warnings.warn(warn_msg)
    # As in 1.13, a 3-D input is not taken as unbatched (C, H, W) but as (N, C, L).
    if inp_dim == 3:
        warnings.warn("dropout2d: Received a 3D input to dropout2d and assuming that channel-wise "
                      "1D dropout behavior is desired - input is interpreted as shape (N, C, L), where C "
                      "is the channel dim. This behavior will change in a future release to interpret the "
                      "input as one without a batch dimension, i.e. shape (C, H, W). To maintain the 1D "
                      "channel-wise dropout behavior, please switch to using dropout1d instead.")
    return _feature_dropout(input, p, training, inplace)


def dropout3d(input, p=0.5, training=True, inplace=False):
    """Zeroes whole channels (3-D feature maps) of (N, C, D, H, W) or (C, D, H, W) inputs."""
    _check_p(p)
    inp_dim = input.dim()
    if inp_dim not in (4, 5):
        warn_msg = (f"dropout3d: Received a {inp_dim}-D input to dropout3d, which is deprecated "
                    "and will result in an error in a future release. To retain the behavior "
                    "and silence this warning, please use dropout instead. Note that dropout3d "
                    "exists to provide channel-wise dropout on inputs with 3 spatial dimensions, "
                    "a channel dimension, and an optional batch dimension (i.e. 4D or 5D inputs).")
        warnings.warn(warn_msg)
    if inp_dim != 5:
        return _unbatched(input, p, training, inplace)
    return _feature_dropout(input, p, training, inplace)
