"""torch.return_types: the named tuples that max(dim), min(dim) ... return."""


class _ValuesIndices(tuple):
    def __new__(cls, sequence):
        return tuple.__new__(cls, sequence)

    @property
    def values(self):
        return self[0]

    @property
    def indices(self):
        return self[1]

    def __repr__(self):
        return f"torch.return_types.{type(self).__name__}(\nvalues={self[0]!r},\nindices={self[1]!r})"


class max(_ValuesIndices):
    pass


class min(_ValuesIndices):
    pass


class sort(_ValuesIndices):
    pass


class topk(_ValuesIndices):
    pass


class kthvalue(_ValuesIndices):
    pass


class median(_ValuesIndices):
    pass


class nanmedian(_ValuesIndices):
    pass


class mode(_ValuesIndices):
    pass


class cummax(_ValuesIndices):
    pass


class cummin(_ValuesIndices):
    pass


class aminmax(tuple):
    def __new__(cls, sequence):
        return tuple.__new__(cls, sequence)

    @property
    def min(self):
        return self[0]

    @property
    def max(self):
        return self[1]

    def __repr__(self):
        return f"torch.return_types.aminmax(\nmin={self[0]!r},\nmax={self[1]!r})"


def _named_pair(name, first, second):
    """A return type of two named fields (linalg_slogdet's sign and logabsdet ...), printed as
    PyTorch's structseq prints it."""
    def __new__(cls, sequence):
        return tuple.__new__(cls, sequence)

    def __repr__(self):
        return f"torch.return_types.{name}(\n{first}={self[0]!r},\n{second}={self[1]!r})"

    return type(name, (tuple,), {"__new__": __new__, "__repr__": __repr__, "__module__": __name__,
                                 first: property(lambda self: self[0]), second: property(lambda self: self[1])})


slogdet = _named_pair("slogdet", "sign", "logabsdet")
linalg_slogdet = _named_pair("linalg_slogdet", "sign", "logabsdet")
linalg_inv_ex = _named_pair("linalg_inv_ex", "inverse", "info")
linalg_solve_ex = _named_pair("linalg_solve_ex", "result", "info")
linalg_cholesky_ex = _named_pair("linalg_cholesky_ex", "L", "info")
