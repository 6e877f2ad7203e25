"""torch.nn.init: in-place initialisers, run without recording gradients."""

import math
import warnings

import torch


def uniform_(tensor, a=0.0, b=1.0):
    with torch.no_grad():
        return tensor.uniform_(a, b)


def normal_(tensor, mean=0.0, std=1.0):
    with torch.no_grad():
        return tensor.normal_(mean, std)


def constant_(tensor, val):
    with torch.no_grad():
        return tensor.fill_(val)


def zeros_(tensor):
    with torch.no_grad():
        return tensor.zero_()


def ones_(tensor):
    with torch.no_grad():
        return tensor.fill_(1.0)


def calculate_gain(nonlinearity, param=None):
    linear_fns = ['linear', 'conv1d', 'conv2d', 'conv3d', 'conv_transpose1d', 'conv_transpose2d', 'conv_transpose3d']
    if nonlinearity in linear_fns or nonlinearity == 'sigmoid':
        return 1
    if nonlinearity == 'tanh':
        return 5.0 / 3
    if nonlinearity == 'relu':
        return math.sqrt(2.0)
    if nonlinearity == 'leaky_relu':
        if param is None:
            negative_slope = 0.01
        elif not isinstance(param, bool) and isinstance(param, (int, float)):
            negative_slope = param
        else:
            raise ValueError("negative_slope {} not a valid number".format(param))
        return math.sqrt(2.0 / (1 + negative_slope ** 2))
    if nonlinearity == 'selu':
        return 3.0 / 4
    raise ValueError("Unsupported nonlinearity {}".format(nonlinearity))


def _calculate_fan_in_and_fan_out(tensor):
    dimensions = tensor.dim()
    if dimensions < 2:
        raise ValueError("Fan in and fan out can not be computed for tensor with fewer than 2 dimensions")
    num_input_fmaps = tensor.size(1)
    num_output_fmaps = tensor.size(0)
    receptive_field_size = 1
    for s in tensor.shape[2:]:
        receptive_field_size *= s
    return num_input_fmaps * receptive_field_size, num_output_fmaps * receptive_field_size


def _calculate_correct_fan(tensor, mode):
    mode = mode.lower()
    valid_modes = ['fan_in', 'fan_out']
    if mode not in valid_modes:
        raise ValueError("Mode {} not supported, please use one of {}".format(mode, valid_modes))
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == 'fan_in' else fan_out


def xavier_uniform_(tensor, gain=1.0):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    a = math.sqrt(3.0) * std
    return uniform_(tensor, -a, a)


def xavier_normal_(tensor, gain=1.0):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    return normal_(tensor, 0., std)


def _kaiming_std(tensor, a, mode, nonlinearity):
    """He et al.'s standard deviation, or None (with PyTorch's warning) for an empty tensor."""
    if 0 in tensor.shape:
        warnings.warn("Initializing zero-element tensors is a no-op")
        return None
    fan = _calculate_correct_fan(tensor, mode)  # before the gain: PyTorch's order of errors
    return calculate_gain(nonlinearity, a) / math.sqrt(fan)


def kaiming_uniform_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu'):
    std = _kaiming_std(tensor, a, mode, nonlinearity)
    if std is None:
        return tensor
    bound = math.sqrt(3.0) * std
    return uniform_(tensor, -bound, bound)


def kaiming_normal_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu'):
    std = _kaiming_std(tensor, a, mode, nonlinearity)
    return tensor if std is None else normal_(tensor, 0, std)


def orthogonal_(tensor, gain=1):
    """Fills tensor (2-D or more, seen as rows x the rest) with a (semi-)orthogonal matrix:
    the Q of the QR decomposition of a standard normal matrix drawn in tensor's dtype, its
    columns' signs chosen so that R has a positive diagonal (Saxe et al. 2013), times gain.

    PyTorch factors with LAPACK (geqrf/orgqr) in the tensor's dtype; here Q comes from
    Gram-Schmidt in double, rounded once to the dtype, so the draws are PyTorch's but the
    last bits of the result may differ from its."""
    if tensor.dim() < 2:
        raise ValueError("Only tensors with 2 or more dimensions are supported")
    if tensor.numel() == 0:
        return tensor
    rows = tensor.size(0)
    cols = tensor.numel() // rows
    flattened = torch.empty(rows, cols, dtype=tensor.dtype, device=tensor.device).normal_(0, 1)
    matrix = flattened.tolist()
    if rows < cols:
        matrix = [list(column) for column in zip(*matrix)]
    q = _orthonormal_columns(matrix)
    if rows < cols:
        q = [list(column) for column in zip(*q)]
    with torch.no_grad():
        values = torch.tensor(q, dtype=torch.float64).to(tensor.dtype).reshape(tuple(tensor.shape))
        tensor.copy_(values)
        tensor.mul_(gain)
    return tensor


def _orthonormal_columns(matrix):
    """Q of the reduced QR of a tall matrix (a list of rows) with R's diagonal positive:
    modified Gram-Schmidt, each column orthogonalised twice for accuracy."""
    m, n = len(matrix), len(matrix[0])
    columns = [[matrix[i][j] for i in range(m)] for j in range(n)]
    basis = []
    for v in columns:
        v = list(v)
        for _ in range(2):
            for u in basis:
                dot = sum(a * b for a, b in zip(u, v))
                v = [a - dot * b for a, b in zip(v, u)]
        length = math.sqrt(sum(a * a for a in v))
        basis.append([a / length for a in v] if length > 0 else v)
    return [[basis[j][i] for j in range(n)] for i in range(m)]
