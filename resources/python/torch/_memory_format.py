"""torch.memory_format and its values. The engine's tensors are strided and every op
here returns a contiguous result, so the formats are accepted and named but choose
nothing (clone(memory_format=torch.contiguous_format) is what LBFGS asks for)."""


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
