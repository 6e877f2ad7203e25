"""torch.Size: a tuple of ints that prints as torch.Size([2, 3])."""


class Size(tuple):
    def __repr__(self):
        return "torch.Size([" + ", ".join(str(s) for s in self) + "])"

    __str__ = __repr__

    def numel(self):
        n = 1
        for s in self:
            n *= s
        return n

    def __getitem__(self, index):
        item = tuple.__getitem__(self, index)
        return Size(item) if isinstance(index, slice) else item

    def __add__(self, other):
        return Size(tuple.__add__(self, other))

    def __reduce__(self):
        return (Size, (tuple(self),))


Size.__module__ = "torch"
