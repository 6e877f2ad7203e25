"""Conv1d/2d/3d and ConvTranspose1d/2d/3d: parameters, initialisation and reprs as
PyTorch 1.13 has them, forward through torch.nn.functional."""

import math

import torch
from torch.nn import functional as F
from torch.nn import init
from torch.nn.parameter import Parameter
from torch.nn.modules.module import Module

_PADDING_STRINGS = {'same', 'valid'}
_PADDING_MODES = {'zeros', 'reflect', 'replicate', 'circular'}


def _ntuple(value, n):
    if isinstance(value, (list, tuple)):
        return tuple(value)
    return (value,) * n


class _ConvNd(Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation, transposed,
                 output_padding, groups, bias, padding_mode, device=None, dtype=None):
        super().__init__()
        if groups <= 0:
            raise ValueError('groups must be a positive integer')
        if in_channels % groups != 0:
            raise ValueError('in_channels must be divisible by groups')
        if out_channels % groups != 0:
            raise ValueError('out_channels must be divisible by groups')
        if isinstance(padding, str):
            if padding not in _PADDING_STRINGS:
                raise ValueError("Invalid padding string {!r}, should be one of {}".format(padding, _PADDING_STRINGS))
            if padding == 'same' and any(s != 1 for s in stride):
                raise ValueError("padding='same' is not supported for strided convolutions")
        if padding_mode not in _PADDING_MODES:
            raise ValueError("padding_mode must be one of {}, but got padding_mode='{}'".format(
                _PADDING_MODES, padding_mode))
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.dilation = dilation
        self.transposed = transposed
        self.output_padding = output_padding
        self.groups = groups
        self.padding_mode = padding_mode
        self._reversed_padding_repeated_twice = self._padding_for_pad(padding, dilation, kernel_size)
        shape = ((in_channels, out_channels // groups) if transposed else (out_channels, in_channels // groups))
        self.weight = Parameter(torch.empty((*shape, *kernel_size), device=device, dtype=dtype))
        if bias:
            self.bias = Parameter(torch.empty(out_channels, device=device, dtype=dtype))
        else:
            self.register_parameter('bias', None)
        self.reset_parameters()

    @staticmethod
    def _padding_for_pad(padding, dilation, kernel_size):
        """F.pad's argument for non-zero padding modes: last dimension first, (left, right) each."""
        spatial = len(kernel_size)
        if not isinstance(padding, str):
            return [p for p in reversed(padding) for _ in range(2)]
        result = [0, 0] * spatial
        if padding == 'same':
            for d, k, i in zip(dilation, kernel_size, range(spatial - 1, -1, -1)):
                total = d * (k - 1)
                result[2 * i] = total // 2
                result[2 * i + 1] = total - total // 2
        return result

    def reset_parameters(self):
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            if fan_in != 0:
                bound = 1 / math.sqrt(fan_in)
                init.uniform_(self.bias, -bound, bound)

    def extra_repr(self):
        s = '{in_channels}, {out_channels}, kernel_size={kernel_size}, stride={stride}'
        if self.padding != (0,) * len(self.padding):
            s += ', padding={padding}'
        if self.dilation != (1,) * len(self.dilation):
            s += ', dilation={dilation}'
        if self.output_padding != (0,) * len(self.output_padding):
            s += ', output_padding={output_padding}'
        if self.groups != 1:
            s += ', groups={groups}'
        if self.bias is None:
            s += ', bias=False'
        if self.padding_mode != 'zeros':
            s += ', padding_mode={padding_mode}'
        return s.format(**self.__dict__)

    def _conv_forward(self, input, weight, bias):
        conv = (F.conv1d, F.conv2d, F.conv3d)[len(self.kernel_size) - 1]
        if self.padding_mode != 'zeros':
            padded = F.pad(input, self._reversed_padding_repeated_twice, mode=self.padding_mode)
            return conv(padded, weight, bias, self.stride, _ntuple(0, len(self.kernel_size)), self.dilation,
                        self.groups)
        return conv(input, weight, bias, self.stride, self.padding, self.dilation, self.groups)

    def forward(self, input):
        return self._conv_forward(input, self.weight, self.bias)


class Conv1d(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode='zeros', device=None, dtype=None):
        padding = padding if isinstance(padding, str) else _ntuple(padding, 1)
        super().__init__(in_channels, out_channels, _ntuple(kernel_size, 1), _ntuple(stride, 1), padding,
                         _ntuple(dilation, 1), False, _ntuple(0, 1), groups, bias, padding_mode, device, dtype)


class Conv2d(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode='zeros', device=None, dtype=None):
        padding = padding if isinstance(padding, str) else _ntuple(padding, 2)
        super().__init__(in_channels, out_channels, _ntuple(kernel_size, 2), _ntuple(stride, 2), padding,
                         _ntuple(dilation, 2), False, _ntuple(0, 2), groups, bias, padding_mode, device, dtype)


class Conv3d(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode='zeros', device=None, dtype=None):
        padding = padding if isinstance(padding, str) else _ntuple(padding, 3)
        super().__init__(in_channels, out_channels, _ntuple(kernel_size, 3), _ntuple(stride, 3), padding,
                         _ntuple(dilation, 3), False, _ntuple(0, 3), groups, bias, padding_mode, device, dtype)


class _ConvTransposeNd(_ConvNd):
    def __init__(self, *args, **kwargs):
        padding_mode = args[10]
        if padding_mode != 'zeros':
            raise ValueError('Only "zeros" padding mode is supported for {}'.format(self.__class__.__name__))
        super().__init__(*args, **kwargs)

    def _output_padding(self, input, output_size, stride, padding, kernel_size, num_spatial_dims, dilation=None):
        if output_size is None:
            return list(self.output_padding)
        has_batch_dim = input.dim() == num_spatial_dims + 2
        num_non_spatial_dims = 2 if has_batch_dim else 1
        if len(output_size) == num_non_spatial_dims + num_spatial_dims:
            output_size = output_size[num_non_spatial_dims:]
        if len(output_size) != num_spatial_dims:
            raise ValueError("ConvTranspose{}D: for {}D input, output_size must have {} or {} elements (got {})".format(
                num_spatial_dims, input.dim(), num_spatial_dims, num_non_spatial_dims + num_spatial_dims,
                len(output_size)))
        min_sizes, max_sizes = [], []
        for d in range(num_spatial_dims):
            dim_size = ((input.size(d + num_non_spatial_dims) - 1) * stride[d] - 2 * padding[d] +
                        (dilation[d] if dilation is not None else 1) * (kernel_size[d] - 1) + 1)
            min_sizes.append(dim_size)
            max_sizes.append(min_sizes[d] + stride[d] - 1)
        for size, low, high in zip(output_size, min_sizes, max_sizes):
            if size < low or size > high:
                raise ValueError("requested an output size of {}, but valid sizes range from {} to {} (for an input "
                                 "of {})".format(output_size, min_sizes, max_sizes, input.size()[2:]))
        return [output_size[d] - min_sizes[d] for d in range(num_spatial_dims)]

    def forward(self, input, output_size=None):
        spatial = len(self.kernel_size)
        output_padding = self._output_padding(input, output_size, self.stride, self.padding, self.kernel_size,
                                              spatial, self.dilation)
        conv = (F.conv_transpose1d, F.conv_transpose2d, F.conv_transpose3d)[spatial - 1]
        return conv(input, self.weight, self.bias, self.stride, self.padding, output_padding, self.groups,
                    self.dilation)


class ConvTranspose1d(_ConvTransposeNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode='zeros', device=None, dtype=None):
        super().__init__(in_channels, out_channels, _ntuple(kernel_size, 1), _ntuple(stride, 1),
                         _ntuple(padding, 1), _ntuple(dilation, 1), True, _ntuple(output_padding, 1), groups, bias,
                         padding_mode, device, dtype)


class ConvTranspose2d(_ConvTransposeNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode='zeros', device=None, dtype=None):
        super().__init__(in_channels, out_channels, _ntuple(kernel_size, 2), _ntuple(stride, 2),
                         _ntuple(padding, 2), _ntuple(dilation, 2), True, _ntuple(output_padding, 2), groups, bias,
                         padding_mode, device, dtype)


class ConvTranspose3d(_ConvTransposeNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode='zeros', device=None, dtype=None):
        super().__init__(in_channels, out_channels, _ntuple(kernel_size, 3), _ntuple(stride, 3),
                         _ntuple(padding, 3), _ntuple(dilation, 3), True, _ntuple(output_padding, 3), groups, bias,
                         padding_mode, device, dtype)
