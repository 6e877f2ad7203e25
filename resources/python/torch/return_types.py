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


def _named_tuple(name, *fields):
    """A return type of named fields (linalg_slogdet's sign and logabsdet, linalg_svd's U, S
    and Vh ...), printed as PyTorch's structseq prints it."""
    def __new__(cls, sequence):
        return tuple.__new__(cls, sequence)

    def __repr__(self):
        body = ",\n".join(f"{field}={value!r}" for field, value in zip(fields, self))
        return f"torch.return_types.{name}(\n{body})"

    namespace = {"__new__": __new__, "__repr__": __repr__, "__module__": __name__}
    for index, field in enumerate(fields):
        namespace[field] = property(lambda self, index=index: self[index])
    return type(name, (tuple,), namespace)


slogdet = _named_tuple("slogdet", "sign", "logabsdet")
linalg_slogdet = _named_tuple("linalg_slogdet", "sign", "logabsdet")
linalg_inv_ex = _named_tuple("linalg_inv_ex", "inverse", "info")
linalg_solve_ex = _named_tuple("linalg_solve_ex", "result", "info")
linalg_cholesky_ex = _named_tuple("linalg_cholesky_ex", "L", "info")
svd = _named_tuple("svd", "U", "S", "V")
linalg_svd = _named_tuple("linalg_svd", "U", "S", "Vh")
qr = _named_tuple("qr", "Q", "R")
linalg_qr = _named_tuple("linalg_qr", "Q", "R")
geqrf = _named_tuple("geqrf", "a", "tau")
linalg_eigh = _named_tuple("linalg_eigh", "eigenvalues", "eigenvectors")
linalg_ldl_factor = _named_tuple("linalg_ldl_factor", "LD", "pivots")
linalg_ldl_factor_ex = _named_tuple("linalg_ldl_factor_ex", "LD", "pivots", "info")
linalg_lstsq = _named_tuple("linalg_lstsq", "solution", "residuals", "rank", "singular_values")
triangular_solve = _named_tuple("triangular_solve", "solution", "cloned_coefficient")
linalg_lu_factor = _named_tuple("linalg_lu_factor", "LU", "pivots")
linalg_lu_factor_ex = _named_tuple("linalg_lu_factor_ex", "LU", "pivots", "info")
linalg_lu = _named_tuple("linalg_lu", "P", "L", "U")
lu_unpack = _named_tuple("lu_unpack", "P", "L", "U")
_lu_with_info = _named_tuple("_lu_with_info", "LU", "pivots", "info")


def __getattr__(name):
    # The types out= calls return (torch.return_types.max_out): the plain type's fields.
    plain = globals().get(name[:-len("_out")]) if name.endswith("_out") else None
    if isinstance(plain, type):
        made = type(name, (plain,), {"__module__": __name__})
        globals()[name] = made
        return made
    raise AttributeError(f"module 'torch.return_types' has no attribute '{name}'")
