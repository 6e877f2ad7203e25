"""Fold and Unfold: F.fold / F.unfold as layers (torch/nn/modules/fold.py)."""

from torch.nn import functional as F
from torch.nn.modules.module import Module


class Fold(Module):
    """(N, C * prod(kernel_size), L) -> (N, C, *output_size), overlapping values summed."""
    __constants__ = ['output_size', 'kernel_size', 'dilation', 'padding', 'stride']

    def __init__(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.output_size = output_size
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input):
        return F.fold(input, self.output_size, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self):
        return 'output_size={output_size}, kernel_size={kernel_size}, ' \
            'dilation={dilation}, padding={padding}, stride={stride}'.format(**self.__dict__)


class Unfold(Module):
    """(N, C, *) -> (N, C * prod(kernel_size), L): each sliding block as a column."""
    __constants__ = ['kernel_size', 'dilation', 'padding', 'stride']

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input):
        return F.unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self):
        return 'kernel_size={kernel_size}, dilation={dilation}, padding={padding},' \
            ' stride={stride}'.format(**self.__dict__)
