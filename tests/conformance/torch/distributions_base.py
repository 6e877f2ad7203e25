# torch.distributions' base: import paths, shapes, argument validation and its switch,
# the errors and warnings of Distribution, constraints, and a user-defined subclass.
import warnings

import torch
import torch.distributions
import torch.distributions as D
from torch.distributions import Distribution, Normal, constraints
from torch.distributions.utils import broadcast_all, lazy_property, logits_to_probs, probs_to_logits

print(torch.distributions.Normal is Normal, D.Bernoulli.__module__, D.kl_divergence is D.kl.kl_divergence)
print(isinstance(Normal(0.0, 1.0), D.ExponentialFamily), issubclass(D.Categorical, Distribution))

# Shapes: sample_shape + batch_shape + event_shape.
m = Normal(torch.zeros(3, 2), 1.0)
for shape in ((), (4,), [2, 5], torch.Size([1])):
    print(shape, m._extended_shape(shape), m.sample(shape).shape)
print(m.batch_shape, m.event_shape, type(m.batch_shape).__name__)
print(D.OneHotCategorical(torch.ones(3, 4)).sample((2,)).shape)

# Validation is on by default: parameters and values are checked.
print(Distribution._validate_args, m._validate_args)
try:
    Normal(torch.tensor([0.0, 1.0]), torch.tensor([1.0, -1.0]))
except ValueError as e:
    print("ValueError:", e)
try:
    Normal(torch.tensor([[float('nan')]]), 1.0)
except ValueError as e:
    print("ValueError:", e)
try:
    Normal(0.0, 0.0)
except ValueError as e:
    print("ValueError:", e)
try:
    m.log_prob([0.0])
except ValueError as e:
    print("ValueError:", e)
try:
    m.log_prob(torch.zeros(4))
except ValueError as e:
    print("ValueError:", e)
try:
    D.OneHotCategorical(torch.ones(4)).log_prob(torch.ones(3))
except ValueError as e:
    print("ValueError:", e)
print(m.log_prob(torch.zeros(5, 1, 1)).shape)

# validate_args=False, per distribution and by default.
print(Normal(0.0, -1.0, validate_args=False).scale)
Distribution.set_default_validate_args(False)
bad = Normal(0.0, -1.0)
print(bad._validate_args, bad.log_prob(torch.tensor(1.0)))
Distribution.set_default_validate_args(True)
try:
    Normal(0.0, -1.0)
except ValueError as e:
    print("ValueError:", e)
try:
    Normal(0.0, -1.0, validate_args=True)
except ValueError as e:
    print("ValueError:", e)
for value in (1, 'yes', None):
    try:
        Distribution.set_default_validate_args(value)
        print("accepted", value)
    except ValueError as e:
        print("ValueError:", repr(e))

# Constraints: repr and check.
for c in (constraints.real, constraints.positive, constraints.nonnegative, constraints.unit_interval,
          constraints.boolean, constraints.simplex, constraints.real_vector, constraints.one_hot,
          constraints.nonnegative_integer, constraints.positive_integer, constraints.interval(-1, 2.5),
          constraints.half_open_interval(0, 1), constraints.greater_than(2), constraints.greater_than_eq(2),
          constraints.less_than(-1.5), constraints.integer_interval(0, 3), constraints.dependent,
          constraints.independent(constraints.positive, 2)):
    print(repr(c), c.is_discrete if not constraints.is_dependent(c) else '-', getattr(c, 'event_dim', None)
          if not constraints.is_dependent(c) else '-')
x = torch.tensor([[-1.0, 0.0, 0.5], [1.0, 2.0, float('nan')]])
print(constraints.real.check(x), constraints.positive.check(x), constraints.unit_interval.check(x))
print(constraints.boolean.check(x), constraints.nonnegative_integer.check(x), constraints.real_vector.check(x))
print(constraints.simplex.check(torch.tensor([[0.25, 0.75], [0.5, 0.6]])),
      constraints.one_hot.check(torch.tensor([[0.0, 1.0], [1.0, 1.0]])))
print(constraints.independent(constraints.real, 2).check(x), constraints.half_open_interval(0, 1).check(x))
print(constraints.cat([constraints.real, constraints.positive], dim=1, lengths=[2, 1]).check(x))
print(constraints.stack([constraints.positive, constraints.real], dim=0).check(x))
print(constraints.multinomial(3).check(torch.tensor([[1.0, 2.0], [3.0, 1.0]])))
try:
    constraints.dependent.check(x)
except ValueError as e:
    print("ValueError:", e)
for attribute in ('is_discrete', 'event_dim'):
    try:
        getattr(constraints.dependent, attribute)
    except NotImplementedError as e:
        print("NotImplementedError:", e)
print(constraints.dependent(is_discrete=True, event_dim=1).event_dim, constraints.is_dependent(D.Uniform.support))
print(D.Categorical.support.is_discrete, D.Categorical.support.event_dim, D.Categorical(torch.ones(5)).support)
try:
    constraints.independent(constraints.real, 3).check(torch.zeros(2))
except ValueError as e:
    print("ValueError:", e)

# Utilities.
print(broadcast_all(1.0, torch.tensor([1, 2]), torch.zeros(2, 1, dtype=torch.float64)))
print(broadcast_all(1, 2.5))
try:
    broadcast_all(1.0, [2.0])
except ValueError as e:
    print("ValueError:", e)
p = torch.tensor([0.0, 0.3, 1.0])
print(probs_to_logits(p, is_binary=True), probs_to_logits(p), logits_to_probs(torch.tensor([0.0, 1.0])))
print(isinstance(D.Bernoulli.probs, lazy_property), isinstance(D.Bernoulli.probs, property))

# A user-defined distribution.
class Coin(Distribution):
    def __init__(self, p, validate_args=None):
        self.p = p
        super().__init__(torch.Size(), validate_args=validate_args)


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    coin = Coin(torch.tensor(0.5))
    print([str(w.message) for w in caught])
print(Coin(torch.tensor(0.5), validate_args=False).batch_shape)
for call in (lambda: coin.sample(), lambda: coin.log_prob(torch.tensor(1.0)), lambda: coin.entropy(),
             lambda: coin.mean, lambda: coin.variance, lambda: coin.cdf(torch.tensor(0.0)),
             lambda: coin.enumerate_support(), lambda: coin.expand((2,))):
    try:
        call()
    except NotImplementedError as e:
        print("NotImplementedError:", repr(e))
try:
    coin.mode
except NotImplementedError as e:
    print("NotImplementedError:", e)
try:
    repr(coin)
except NotImplementedError as e:
    print("NotImplementedError in repr:", repr(e))


class Shifted(Normal):
    def __init__(self, loc, validate_args=None):
        super().__init__(loc, 1.0, validate_args=validate_args)


try:
    Shifted(torch.zeros(2)).expand((3, 2))
except NotImplementedError as e:
    print("NotImplementedError:", e)


class Plain(Normal):
    pass


print(type(Plain(0.0, 1.0).expand((2,))).__name__)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.manual_seed(0)
    print(Normal(0.0, 1.0).sample_n(3))
    print([(w.category.__name__, str(w.message)) for w in caught])
print(Normal(0.0, 1.0).has_enumerate_support, D.Bernoulli(0.5).has_rsample)
