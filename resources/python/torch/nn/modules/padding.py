"""The padding layers (torch/nn/modules/padding.py) over F.pad: constant, reflection and
replication (PyTorch 1.13 has no circular padding module)."""
from torch.nn import functional as F
from torch.nn.modules.module import Module


def _ntuple(value, n):
    if isinstance(value, (list, tuple)):
        return tuple(value)
    return (value,) * n


class _ConstantPadNd(Module):
    def __init__(self, value):
        super().__init__()
        self.value = value

    def forward(self, input):
        return F.pad(input, self.padding, 'constant', self.value)

    def extra_repr(self):
        return 'padding={}, value={}'.format(self.padding, self.value)


class ConstantPad1d(_ConstantPadNd):
    def __init__(self, padding, value):
        super().__init__(value)
        self.padding = _ntuple(padding, 2)


class ConstantPad2d(_ConstantPadNd):
    def __init__(self, padding, value):
        super().__init__(value)
        self.padding = _ntuple(padding, 4)


class ConstantPad3d(_ConstantPadNd):
    def __init__(self, padding, value):
        super().__init__(value)
        self.padding = _ntuple(padding, 6)


class ZeroPad2d(ConstantPad2d):
    def __init__(self, padding):
        super().__init__(padding, 0.)

    def extra_repr(self):
        return '{}'.format(self.padding)


class _ReflectionPadNd(Module):
    __constants__ = ['padding']

    def forward(self, input):
        return F.pad(input, self.padding, 'reflect')

    def extra_repr(self):
        return '{}'.format(self.padding)


class ReflectionPad1d(_ReflectionPadNd):
    def __init__(self, padding):
        super().__init__()
        self.padding = _ntuple(padding, 2)


class ReflectionPad2d(_ReflectionPadNd):
    def __init__(self, padding):
        super().__init__()
        self.padding = _ntuple(padding, 4)


class ReflectionPad3d(_ReflectionPadNd):
    def __init__(self, padding):
        super().__init__()
        self.padding = _ntuple(padding, 6)


class _ReplicationPadNd(Module):
    __constants__ = ['padding']

    def forward(self, input):
        return F.pad(input, self.padding, 'replicate')

    def extra_repr(self):
        return '{}'.format(self.padding)


class ReplicationPad1d(_ReplicationPadNd):
    def __init__(self, padding):
        super().__init__()
        self.padding = _ntuple(padding, 2)


class ReplicationPad2d(_ReplicationPadNd):
    def __init__(self, padding):
        super().__init__()
        self.padding = _ntuple(padding, 4)


class ReplicationPad3d(_ReplicationPadNd):
    def __init__(self, padding):
        super().__init__()
        self.padding = _ntuple(padding, 6)
