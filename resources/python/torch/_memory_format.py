"""torch.memory_format and its values. Elementwise results, clone() and the *_like
factories keep a dense input's layout as PyTorch's do; of the formats only
clone(memory_format=torch.contiguous_format) chooses anything (LBFGS asks for it)."""


class memory_format:
    __module__ = "torch"

    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return "torch." + self._name

    def __reduce__(self):
        return self._name


contiguous_format = memory_format("contiguous_format")
preserve_format = memory_format("preserve_format")
channels_last = memory_format("channels_last")
channels_last_3d = memory_format("channels_last_3d")
