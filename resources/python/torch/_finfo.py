"""torch.finfo: the limits of a floating dtype, with PyTorch's names and repr."""

import torch

# dtype -> (bits, eps, max, tiny, resolution); min is -max and smallest_normal is tiny.
_LIMITS = {
    torch.float16: (16, 2.0 ** -10, 65504.0, 2.0 ** -14, 0.001),
    torch.bfloat16: (16, 2.0 ** -7, (2 - 2.0 ** -7) * 2.0 ** 127, 2.0 ** -126, 0.01),
    torch.float32: (32, 2.0 ** -23, (2 - 2.0 ** -23) * 2.0 ** 127, 2.0 ** -126, 1e-06),
    torch.float64: (64, 2.0 ** -52, (2 - 2.0 ** -52) * 2.0 ** 1023, 2.0 ** -1022, 1e-15),
}


class finfo:
    """torch.finfo(dtype): bits, eps, max, min, tiny (== smallest_normal) and
    resolution of a floating dtype; without an argument, of the default dtype."""

    def __init__(self, type=None):
        if type is None:
            type = torch.get_default_dtype()
        if not isinstance(type, torch.dtype):
            raise TypeError("finfo(): argument 'type' (position 1) must be torch.dtype, not " +
                            _type_name(type))
        if type not in _LIMITS:
            raise TypeError("torch.finfo() requires a floating point input type. Use torch.iinfo to handle "
                            "'torch.finfo'")
        self.bits, self.eps, self.max, self.tiny, self.resolution = _LIMITS[type]
        self.min = -self.max
        self.smallest_normal = self.tiny
        self.dtype = str(type)[len('torch.'):]

    def __eq__(self, other):
        return isinstance(other, finfo) and self.dtype == other.dtype

    def __hash__(self):
        return hash(self.dtype)

    def __repr__(self):
        # PyTorch prints the numbers as C++'s ostream does: %g's six significant digits.
        return ('finfo(resolution=%g, min=%g, max=%g, eps=%g, smallest_normal=%g, tiny=%g, dtype=%s)' %
                (self.resolution, self.min, self.max, self.eps, self.smallest_normal, self.tiny, self.dtype))

    __str__ = __repr__


finfo.__module__ = 'torch'


def _type_name(value):
    return value.__class__.__name__
