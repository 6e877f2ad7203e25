"""torch.memory_format and its values. Elementwise results, clone() and the *_like
factories keep a dense input's layout as PyTorch's do; contiguous/clone/to/empty/*_like
lay results out in the format asked for (Note [Memory formats] in core/ops/memory_format.h)."""

from torch._named_constant import _NamedConstant


class memory_format(_NamedConstant):
    __module__ = "torch"


contiguous_format = memory_format("contiguous_format")
preserve_format = memory_format("preserve_format")
channels_last = memory_format("channels_last")
channels_last_3d = memory_format("channels_last_3d")
# PyTorch's name for the format of ops written before memory formats existed: the same object.
legacy_contiguous_format = contiguous_format
