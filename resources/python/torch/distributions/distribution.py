"""Distribution: the base of every probability distribution.

Shapes: a distribution holds a batch of independent distributions (`batch_shape`), each
over events of `event_shape`; `sample(sample_shape)` returns
sample_shape + batch_shape + event_shape. With validation on (the default, as long as
Python runs without -O), the constructor checks each parameter against its constraint
and log_prob / cdf check the value scored, raising ValueError with PyTorch's text."""

import warnings

import torch
from torch.distributions import constraints
from torch.distributions.utils import lazy_property

__all__ = ['Distribution']


class Distribution(object):
    """The base class. A subclass sets arg_constraints and support and defines what it can:
    rsample or sample, log_prob, cdf, icdf, entropy, mean, variance, expand."""

    has_rsample = False
    has_enumerate_support = False
    _validate_args = __debug__

    @staticmethod
    def set_default_validate_args(value):
        """Turns argument validation on or off for every distribution created afterwards
        without an explicit validate_args."""
        if value not in [True, False]:
            raise ValueError
        Distribution._validate_args = value

    def __init__(self, batch_shape=torch.Size(), event_shape=torch.Size(), validate_args=None):
        self._batch_shape = batch_shape
        self._event_shape = event_shape
        if validate_args is not None:
            self._validate_args = validate_args
        if self._validate_args:
            self._validate_parameters()
        super(Distribution, self).__init__()

    def _validate_parameters(self):
        try:
            arg_constraints = self.arg_constraints
        except NotImplementedError:
            arg_constraints = {}
            warnings.warn(f'{self.__class__} does not define `arg_constraints`. ' +
                          'Please set `arg_constraints = {}` or initialize the distribution ' +
                          'with `validate_args=False` to turn off validation.')
        for param, constraint in arg_constraints.items():
            if constraints.is_dependent(constraint):
                continue  # it depends on other parameters: nothing to check on its own
            if param not in self.__dict__ and isinstance(getattr(type(self), param), lazy_property):
                continue  # not given: it would be computed from the parameter that was
            value = getattr(self, param)
            if not constraint.check(value).all():
                raise ValueError(f"Expected parameter {param} "
                                 f"({type(value).__name__} of shape {tuple(value.shape)}) "
                                 f"of distribution {repr(self)} "
                                 f"to satisfy the constraint {repr(constraint)}, "
                                 f"but found invalid values:\n{value}")

    def expand(self, batch_shape, _instance=None):
        """The same distribution with its parameters expanded (Tensor.expand: no copy) to
        `batch_shape`. The parameters are not checked again."""
        raise NotImplementedError

    @property
    def batch_shape(self):
        """The shape of the batch of independent distributions."""
        return self._batch_shape

    @property
    def event_shape(self):
        """The shape of one sample of one distribution of the batch."""
        return self._event_shape

    @property
    def arg_constraints(self):
        """Parameter name -> the Constraint it must satisfy."""
        raise NotImplementedError

    @property
    def support(self):
        """The Constraint every sample satisfies."""
        raise NotImplementedError

    @property
    def mean(self):
        raise NotImplementedError

    @property
    def mode(self):
        raise NotImplementedError(f"{self.__class__} does not implement mode")

    @property
    def variance(self):
        raise NotImplementedError

    @property
    def stddev(self):
        return self.variance.sqrt()

    def sample(self, sample_shape=torch.Size()):
        """A sample of shape sample_shape + batch_shape + event_shape, without a graph."""
        with torch.no_grad():
            return self.rsample(sample_shape)

    def rsample(self, sample_shape=torch.Size()):
        """A reparameterised sample: gradients flow back to the parameters."""
        raise NotImplementedError

    def sample_n(self, n):
        warnings.warn('sample_n will be deprecated. Use .sample((n,)) instead', UserWarning)
        return self.sample(torch.Size((n,)))

    def log_prob(self, value):
        """The log of the density (or mass) at `value`."""
        raise NotImplementedError

    def cdf(self, value):
        """The cumulative distribution function at `value`."""
        raise NotImplementedError

    def icdf(self, value):
        """The inverse of the cumulative distribution function at `value`."""
        raise NotImplementedError

    def enumerate_support(self, expand=True):
        """Every value of a discrete distribution's support along dimension 0, broadcast
        over the batch (expand=True) or with size-1 batch dimensions."""
        raise NotImplementedError

    def entropy(self):
        """The entropy of each distribution of the batch."""
        raise NotImplementedError

    def perplexity(self):
        return torch.exp(self.entropy())

    def _extended_shape(self, sample_shape=torch.Size()):
        """sample_shape + batch_shape + event_shape: the shape of a sample."""
        if not isinstance(sample_shape, torch.Size):
            sample_shape = torch.Size(sample_shape)
        return sample_shape + self._batch_shape + self._event_shape

    def _validate_sample(self, value):
        """Checks a value given to log_prob, cdf or icdf: a tensor whose rightmost sizes
        are event_shape, broadcastable with batch_shape + event_shape, in the support."""
        if not isinstance(value, torch.Tensor):
            raise ValueError('The value argument to log_prob must be a Tensor')

        event_dim_start = len(value.size()) - len(self._event_shape)
        if value.size()[event_dim_start:] != self._event_shape:
            raise ValueError('The right-most size of value must match event_shape: {} vs {}.'.format(
                value.size(), self._event_shape))

        actual_shape = value.size()
        expected_shape = self._batch_shape + self._event_shape
        for i, j in zip(reversed(actual_shape), reversed(expected_shape)):
            if i != 1 and j != 1 and i != j:
                raise ValueError('Value is not broadcastable with batch_shape+event_shape: {} vs {}.'.format(
                    actual_shape, expected_shape))
        try:
            support = self.support
        except NotImplementedError:
            warnings.warn(f'{self.__class__} does not define `support` to enable ' +
                          'sample validation. Please initialize the distribution with ' +
                          '`validate_args=False` to turn off validation.')
            return
        assert support is not None
        if not support.check(value).all():
            raise ValueError("Expected value argument "
                             f"({type(value).__name__} of shape {tuple(value.shape)}) "
                             f"to be within the support ({repr(support)}) "
                             f"of the distribution {repr(self)}, "
                             f"but found invalid values:\n{value}")

    def _get_checked_instance(self, cls, _instance=None):
        """The object expand() fills: `_instance` from a subclass's own expand, else a bare
        instance of this type. A subclass with its own __init__ must write its own expand,
        since cls.expand does not know its parameters."""
        if _instance is None and type(self).__init__ != cls.__init__:
            raise NotImplementedError("Subclass {} of {} that defines a custom __init__ method "
                                      "must also define a custom .expand() method.".format(
                                          self.__class__.__name__, cls.__name__))
        return self.__new__(type(self)) if _instance is None else _instance

    def __repr__(self):
        # The parameters given or already computed (a lazy one shows once it was read);
        # a one-element tensor as its number, a larger one as its size.
        names = [name for name in self.arg_constraints if name in self.__dict__]
        shown = []
        for name in names:
            value = self.__dict__[name]
            shown.append('{}: {}'.format(name, value if value.numel() == 1 else value.size()))
        return self.__class__.__name__ + '(' + ', '.join(shown) + ')'
