"""The constant objects of the torch namespace that are C types in PyTorch
(torch.memory_format, torch.layout): each value prints and pickles as its name."""


class _NamedConstant:
    __module__ = "torch"

    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return "torch." + self._name

    def __reduce__(self):
        return self._name
