"""torch.distributions: probability distributions to sample from and score, for
reparameterised gradients (rsample) and score-function estimators (log_prob).

The part of PyTorch 1.13's package that learners use most: Distribution and
ExponentialFamily, Normal, Uniform, Bernoulli, Categorical, OneHotCategorical (and its
straight-through variant), constraints, and kl_divergence for pairs of the same family.
Samples draw from the global generator exactly as PyTorch's do (Tensor.normal_,
torch.normal, torch.rand, torch.bernoulli, torch.multinomial), so a seeded script draws
the same numbers. `import torch` does not run this package: it loads on first use
(torch/__init__.py)."""

from torch.distributions import constraints  # noqa: F401  (torch.distributions.constraints)
from torch.distributions.bernoulli import Bernoulli
from torch.distributions.categorical import Categorical
from torch.distributions.distribution import Distribution
from torch.distributions.exp_family import ExponentialFamily
from torch.distributions.kl import _add_kl_info, kl_divergence, register_kl
from torch.distributions.normal import Normal
from torch.distributions.one_hot_categorical import OneHotCategorical, OneHotCategoricalStraightThrough
from torch.distributions.uniform import Uniform

_add_kl_info()
del _add_kl_info

__all__ = [
    'Bernoulli',
    'Categorical',
    'Distribution',
    'ExponentialFamily',
    'Normal',
    'OneHotCategorical',
    'OneHotCategoricalStraightThrough',
    'Uniform',
    'kl_divergence',
    'register_kl',
]
