"""Constraints: the set a distribution's parameter or sample must lie in.

`check(value)` answers elementwise (one bool per event: a constraint with event_dim 1
judges a whole last dimension at once); `repr` is what the ValueError of argument
validation prints, so it is the class name without its leading underscore, as in
PyTorch. The matrix constraints (lower_cholesky, positive_definite, ...) are left out:
no distribution of ours needs them."""

import torch

__all__ = [
    'Constraint',
    'boolean',
    'cat',
    'dependent',
    'dependent_property',
    'greater_than',
    'greater_than_eq',
    'half_open_interval',
    'independent',
    'integer_interval',
    'interval',
    'is_dependent',
    'less_than',
    'multinomial',
    'nonnegative',
    'nonnegative_integer',
    'one_hot',
    'positive',
    'positive_integer',
    'real',
    'real_vector',
    'simplex',
    'stack',
    'unit_interval',
]


class Constraint(object):
    """A region a value must lie in. `is_discrete`: whether the region is countable;
    `event_dim`: how many rightmost dimensions make up one event, which `check` reduces."""

    is_discrete = False
    event_dim = 0

    def check(self, value):
        """A bool tensor, one element per event of `value`: whether it is in the region."""
        raise NotImplementedError

    def __repr__(self):
        return self.__class__.__name__[1:] + '()'


def _bounds_repr(constraint, **bounds):
    return '{}({})'.format(constraint.__class__.__name__[1:],
                           ', '.join('{}={}'.format(name, value) for name, value in bounds.items()))


class _Dependent(Constraint):
    """Stands for a region that depends on other parameters (Uniform's low and high), so
    it cannot be checked on its own. is_discrete and event_dim, when not given, are
    unknown and reading them raises."""

    def __init__(self, *, is_discrete=NotImplemented, event_dim=NotImplemented):
        self._is_discrete = is_discrete
        self._event_dim = event_dim
        super().__init__()

    @property
    def is_discrete(self):
        if self._is_discrete is NotImplemented:
            raise NotImplementedError(".is_discrete cannot be determined statically")
        return self._is_discrete

    @property
    def event_dim(self):
        if self._event_dim is NotImplemented:
            raise NotImplementedError(".event_dim cannot be determined statically")
        return self._event_dim

    def __call__(self, *, is_discrete=NotImplemented, event_dim=NotImplemented):
        """`constraints.dependent(is_discrete=..., event_dim=...)`: a copy with those known."""
        return _Dependent(is_discrete=self._is_discrete if is_discrete is NotImplemented else is_discrete,
                          event_dim=self._event_dim if event_dim is NotImplemented else event_dim)

    def check(self, x):
        raise ValueError('Cannot determine validity of dependent constraint')


def is_dependent(constraint):
    return isinstance(constraint, _Dependent)


class _DependentProperty(property, _Dependent):
    """A property on an instance (Uniform(...).support is an Interval of its own bounds)
    and a Dependent constraint on the class (Uniform.support), which argument
    validation skips. Used as @dependent_property or @dependent_property(event_dim=0)."""

    def __init__(self, fn=None, *, is_discrete=NotImplemented, event_dim=NotImplemented):
        super().__init__(fn)
        self._is_discrete = is_discrete
        self._event_dim = event_dim

    def __call__(self, fn):
        return _DependentProperty(fn, is_discrete=self._is_discrete, event_dim=self._event_dim)


class _IndependentConstraint(Constraint):
    """`base_constraint` over events that are `reinterpreted_batch_ndims` dimensions larger:
    an event is valid only when every element of it is."""

    def __init__(self, base_constraint, reinterpreted_batch_ndims):
        assert isinstance(base_constraint, Constraint)
        assert isinstance(reinterpreted_batch_ndims, int)
        assert reinterpreted_batch_ndims >= 0
        self.base_constraint = base_constraint
        self.reinterpreted_batch_ndims = reinterpreted_batch_ndims
        super().__init__()

    @property
    def is_discrete(self):
        return self.base_constraint.is_discrete

    @property
    def event_dim(self):
        return self.base_constraint.event_dim + self.reinterpreted_batch_ndims

    def check(self, value):
        result = self.base_constraint.check(value)
        if result.dim() < self.reinterpreted_batch_ndims:
            raise ValueError("Expected value.dim() >= {} but got {}".format(
                self.base_constraint.event_dim + self.reinterpreted_batch_ndims, value.dim()))
        kept = result.shape[:result.dim() - self.reinterpreted_batch_ndims]
        return result.reshape(kept + (-1,)).all(-1)

    def __repr__(self):
        return "{}({}, {})".format(self.__class__.__name__[1:], repr(self.base_constraint),
                                   self.reinterpreted_batch_ndims)


class _Boolean(Constraint):
    """The two values 0 and 1."""
    is_discrete = True

    def check(self, value):
        return (value == 0) | (value == 1)


class _OneHot(Constraint):
    """Vectors of zeros with a single one."""
    is_discrete = True
    event_dim = 1

    def check(self, value):
        zeros_and_ones = (value == 0) | (value == 1)
        sums_to_one = value.sum(-1).eq(1)
        return zeros_and_ones.all(-1) & sums_to_one


class _IntegerInterval(Constraint):
    """The integers of [lower_bound, upper_bound]."""
    is_discrete = True

    def __init__(self, lower_bound, upper_bound):
        self.lower_bound = lower_bound
        self.upper_bound = upper_bound
        super().__init__()

    def check(self, value):
        return (value % 1 == 0) & (self.lower_bound <= value) & (value <= self.upper_bound)

    def __repr__(self):
        return _bounds_repr(self, lower_bound=self.lower_bound, upper_bound=self.upper_bound)


class _IntegerLessThan(Constraint):
    """The integers of (-inf, upper_bound]."""
    is_discrete = True

    def __init__(self, upper_bound):
        self.upper_bound = upper_bound
        super().__init__()

    def check(self, value):
        return (value % 1 == 0) & (value <= self.upper_bound)

    def __repr__(self):
        return _bounds_repr(self, upper_bound=self.upper_bound)


class _IntegerGreaterThan(Constraint):
    """The integers of [lower_bound, inf)."""
    is_discrete = True

    def __init__(self, lower_bound):
        self.lower_bound = lower_bound
        super().__init__()

    def check(self, value):
        return (value % 1 == 0) & (value >= self.lower_bound)

    def __repr__(self):
        return _bounds_repr(self, lower_bound=self.lower_bound)


class _Real(Constraint):
    """The extended real line: everything but NaN."""

    def check(self, value):
        return value == value


class _GreaterThan(Constraint):
    """(lower_bound, inf]."""

    def __init__(self, lower_bound):
        self.lower_bound = lower_bound
        super().__init__()

    def check(self, value):
        return self.lower_bound < value

    def __repr__(self):
        return _bounds_repr(self, lower_bound=self.lower_bound)


class _GreaterThanEq(Constraint):
    """[lower_bound, inf)."""

    def __init__(self, lower_bound):
        self.lower_bound = lower_bound
        super().__init__()

    def check(self, value):
        return self.lower_bound <= value

    def __repr__(self):
        return _bounds_repr(self, lower_bound=self.lower_bound)


class _LessThan(Constraint):
    """[-inf, upper_bound)."""

    def __init__(self, upper_bound):
        self.upper_bound = upper_bound
        super().__init__()

    def check(self, value):
        return value < self.upper_bound

    def __repr__(self):
        return _bounds_repr(self, upper_bound=self.upper_bound)


class _Interval(Constraint):
    """[lower_bound, upper_bound]."""

    def __init__(self, lower_bound, upper_bound):
        self.lower_bound = lower_bound
        self.upper_bound = upper_bound
        super().__init__()

    def check(self, value):
        return (self.lower_bound <= value) & (value <= self.upper_bound)

    def __repr__(self):
        return _bounds_repr(self, lower_bound=self.lower_bound, upper_bound=self.upper_bound)


class _HalfOpenInterval(Constraint):
    """[lower_bound, upper_bound)."""

    def __init__(self, lower_bound, upper_bound):
        self.lower_bound = lower_bound
        self.upper_bound = upper_bound
        super().__init__()

    def check(self, value):
        return (self.lower_bound <= value) & (value < self.upper_bound)

    def __repr__(self):
        return _bounds_repr(self, lower_bound=self.lower_bound, upper_bound=self.upper_bound)


class _Simplex(Constraint):
    """Probability vectors along the last dimension: no negative entry, and a sum within
    1e-6 of one."""
    event_dim = 1

    def check(self, value):
        return torch.all(value >= 0, dim=-1) & ((value.sum(-1) - 1).abs() < 1e-6)


class _Multinomial(Constraint):
    """Counts: nonnegative entries whose sum is at most upper_bound (PyTorch checks only
    this weaker condition, not that the sum equals it)."""
    is_discrete = True
    event_dim = 1

    def __init__(self, upper_bound):
        self.upper_bound = upper_bound

    def check(self, x):
        return (x >= 0).all(dim=-1) & (x.sum(dim=-1) <= self.upper_bound)


class _Cat(Constraint):
    """Constraints applied to consecutive slices of `dim`, `lengths` wide (one each by
    default), the answers joined as torch.cat joins tensors."""

    def __init__(self, cseq, dim=0, lengths=None):
        assert all(isinstance(c, Constraint) for c in cseq)
        self.cseq = list(cseq)
        self.lengths = [1] * len(self.cseq) if lengths is None else list(lengths)
        assert len(self.lengths) == len(self.cseq)
        self.dim = dim
        super().__init__()

    @property
    def is_discrete(self):
        return any(c.is_discrete for c in self.cseq)

    @property
    def event_dim(self):
        return max(c.event_dim for c in self.cseq)

    def check(self, value):
        assert -value.dim() <= self.dim < value.dim()
        answers = []
        start = 0
        for constraint, length in zip(self.cseq, self.lengths):
            answers.append(constraint.check(value.narrow(self.dim, start, length)))
            start = start + length
        return torch.cat(answers, self.dim)


class _Stack(Constraint):
    """Constraints applied to the successive indices of `dim`, the answers stacked as
    torch.stack stacks tensors."""

    def __init__(self, cseq, dim=0):
        assert all(isinstance(c, Constraint) for c in cseq)
        self.cseq = list(cseq)
        self.dim = dim
        super().__init__()

    @property
    def is_discrete(self):
        return any(c.is_discrete for c in self.cseq)

    @property
    def event_dim(self):
        dim = max(c.event_dim for c in self.cseq)
        if self.dim + dim < 0:
            dim += 1
        return dim

    def check(self, value):
        assert -value.dim() <= self.dim < value.dim()
        slices = [value.select(self.dim, i) for i in range(value.size(self.dim))]
        return torch.stack([constraint.check(v) for v, constraint in zip(slices, self.cseq)], self.dim)


# The public names: instances where the region is fixed, classes where it takes bounds.
dependent = _Dependent()
dependent_property = _DependentProperty
independent = _IndependentConstraint
boolean = _Boolean()
one_hot = _OneHot()
nonnegative_integer = _IntegerGreaterThan(0)
positive_integer = _IntegerGreaterThan(1)
integer_interval = _IntegerInterval
real = _Real()
real_vector = independent(real, 1)
positive = _GreaterThan(0.)
nonnegative = _GreaterThanEq(0.)
greater_than = _GreaterThan
greater_than_eq = _GreaterThanEq
less_than = _LessThan
multinomial = _Multinomial
unit_interval = _Interval(0., 1.)
interval = _Interval
half_open_interval = _HalfOpenInterval
simplex = _Simplex()
cat = _Cat
stack = _Stack
