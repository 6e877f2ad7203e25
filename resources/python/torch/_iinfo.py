"""torch.iinfo: the limits of an integer dtype, with PyTorch's names and repr."""

import torch

# dtype -> bits; min and max follow from the bits and the sign.
_BITS = {torch.uint8: 8, torch.int8: 8, torch.int16: 16, torch.int32: 32, torch.int64: 64}


class iinfo:
    """torch.iinfo(dtype): bits, min and max of an integer dtype."""

    def __init__(self, type):
        if not isinstance(type, torch.dtype):
            raise TypeError("iinfo(): argument 'type' (position 1) must be torch.dtype, not " +
                            type.__class__.__name__)
        if type == torch.bool:
            raise TypeError("torch.bool is not supported by torch.iinfo")
        if type not in _BITS:
            raise TypeError("torch.iinfo() requires an integer input type. Use torch.finfo to handle "
                            "'torch.iinfo'")
        self.bits = _BITS[type]
        if type == torch.uint8:
            self.min, self.max = 0, 2 ** self.bits - 1
        else:
            self.min, self.max = -2 ** (self.bits - 1), 2 ** (self.bits - 1) - 1
        self.dtype = str(type)[len('torch.'):]

    def __eq__(self, other):
        return isinstance(other, iinfo) and self.dtype == other.dtype

    def __hash__(self):
        return hash(self.dtype)

    def __repr__(self):
        # As finfo: C++'s ostream prints the limits with %g's six significant digits.
        return 'iinfo(min=%g, max=%g, dtype=%s)' % (self.min, self.max, self.dtype)

    __str__ = __repr__


iinfo.__module__ = 'torch'
