"""kl_divergence(p, q): KL(p || q) by the formula registered for the pair of types.

Lookup picks the most specific registered pair by subclass order, as PyTorch's does, and
warns (RuntimeWarning) when the order by p and the order by q disagree. The pairs of
PyTorch 1.13 among our distributions are registered in PyTorch's order (which decides
ties): Bernoulli, Categorical, any ExponentialFamily (by Bregman divergence; two
different families are refused), Normal, OneHotCategorical and Uniform with their own
kind, then Normal-Uniform and Uniform-Normal."""

import math
import warnings
from functools import total_ordering

import torch
from torch.distributions.bernoulli import Bernoulli
from torch.distributions.categorical import Categorical
from torch.distributions.distribution import Distribution
from torch.distributions.exp_family import ExponentialFamily
from torch.distributions.normal import Normal
from torch.distributions.one_hot_categorical import OneHotCategorical
from torch.distributions.uniform import Uniform
from torch.distributions.utils import _sum_rightmost

__all__ = ["register_kl", "kl_divergence"]

_KL_REGISTRY = {}  # (type_p, type_q) -> function: what was registered
_KL_MEMOIZE = {}  # (type(p), type(q)) -> function (or NotImplemented): what lookup found


def register_kl(type_p, type_q):
    """Decorator: registers fun(p, q) as KL(p || q) for p of type_p and q of type_q (and
    their subclasses, when no more specific pair is registered)."""
    if not isinstance(type_p, type) and issubclass(type_p, Distribution):
        raise TypeError('Expected type_p to be a Distribution subclass but got {}'.format(type_p))
    if not isinstance(type_q, type) and issubclass(type_q, Distribution):
        raise TypeError('Expected type_q to be a Distribution subclass but got {}'.format(type_q))

    def decorator(fun):
        _KL_REGISTRY[type_p, type_q] = fun
        _KL_MEMOIZE.clear()  # a new pair can change what the earlier lookups found
        return fun

    return decorator


@total_ordering
class _Match(object):
    """A registered pair ordered lexicographically by subclass: smaller is more specific."""
    __slots__ = ['types']

    def __init__(self, *types):
        self.types = types

    def __eq__(self, other):
        return self.types == other.types

    def __le__(self, other):
        for x, y in zip(self.types, other.types):
            if not issubclass(x, y):
                return False
            if x is not y:
                break
        return True


def _dispatch_kl(type_p, type_q):
    """The most specific registered function for (type_p, type_q), or NotImplemented."""
    matches = [(super_p, super_q) for super_p, super_q in _KL_REGISTRY
               if issubclass(type_p, super_p) and issubclass(type_q, super_q)]
    if not matches:
        return NotImplemented
    left_p, left_q = min(_Match(*m) for m in matches).types
    right_q, right_p = min(_Match(*reversed(m)) for m in matches).types
    left_fun = _KL_REGISTRY[left_p, left_q]
    right_fun = _KL_REGISTRY[right_p, right_q]
    if left_fun is not right_fun:
        warnings.warn('Ambiguous kl_divergence({}, {}). Please register_kl({}, {})'.format(
            type_p.__name__, type_q.__name__, left_p.__name__, right_q.__name__), RuntimeWarning)
    return left_fun


def kl_divergence(p, q):
    """KL(p || q), batched over the batch shape. NotImplementedError when no formula is
    registered for the two types."""
    try:
        fun = _KL_MEMOIZE[type(p), type(q)]
    except KeyError:
        fun = _dispatch_kl(type(p), type(q))
        _KL_MEMOIZE[type(p), type(q)] = fun
    if fun is NotImplemented:
        raise NotImplementedError("No KL(p || q) is implemented for p type {} and q type {}".format(
            p.__class__.__name__, q.__class__.__name__))
    return fun(p, q)


@register_kl(Bernoulli, Bernoulli)
def _kl_bernoulli_bernoulli(p, q):
    # Through softplus of the logits; the cases log(0) would make NaN are then set by hand:
    # infinite where q gives 0 to what p can draw, 0 where p never draws it.
    softplus = torch.nn.functional.softplus
    t1 = p.probs * (softplus(-q.logits) - softplus(-p.logits))
    t1[q.probs == 0] = math.inf
    t1[p.probs == 0] = 0
    t2 = (1 - p.probs) * (softplus(q.logits) - softplus(p.logits))
    t2[q.probs == 1] = math.inf
    t2[p.probs == 1] = 0
    return t1 + t2


@register_kl(Categorical, Categorical)
def _kl_categorical_categorical(p, q):
    t = p.probs * (p.logits - q.logits)
    t[(q.probs == 0).expand_as(t)] = math.inf
    t[(p.probs == 0).expand_as(t)] = 0
    return t.sum(-1)


@register_kl(ExponentialFamily, ExponentialFamily)
def _kl_expfamily_expfamily(p, q):
    # KL between two members of one exponential family is the Bregman divergence of its
    # log normaliser F: F(theta_q) - F(theta_p) - <theta_q - theta_p, grad F(theta_p)>.
    if not type(p) == type(q):
        # PyTorch's message carries the indentation of its source's continuation line.
        raise NotImplementedError("The cross KL-divergence between different exponential families cannot" +
                                  " " * 29 + "be computed using Bregman divergences")
    p_nparams = [theta.detach().requires_grad_() for theta in p._natural_params]
    q_nparams = q._natural_params
    p_log_normalizer = p._log_normalizer(*p_nparams)
    gradients = torch.autograd.grad(p_log_normalizer.sum(), p_nparams, create_graph=True)
    result = q._log_normalizer(*q_nparams) - p_log_normalizer
    for p_theta, q_theta, gradient in zip(p_nparams, q_nparams, gradients):
        result -= _sum_rightmost((q_theta - p_theta) * gradient, len(q.event_shape))
    return result


@register_kl(Normal, Normal)
def _kl_normal_normal(p, q):
    var_ratio = (p.scale / q.scale).pow(2)
    t1 = ((p.loc - q.loc) / q.scale).pow(2)
    return 0.5 * (var_ratio + t1 - 1 - var_ratio.log())


@register_kl(OneHotCategorical, OneHotCategorical)
def _kl_onehotcategorical_onehotcategorical(p, q):
    return _kl_categorical_categorical(p._categorical, q._categorical)


@register_kl(Uniform, Uniform)
def _kl_uniform_uniform(p, q):
    result = ((q.high - q.low) / (p.high - p.low)).log()
    # Infinite where p puts mass outside q's interval.
    result[(q.low > p.low) | (q.high < p.high)] = math.inf
    return result


@register_kl(Normal, Uniform)
def _kl_normal_uniform(p, q):
    # A normal has mass outside every bounded interval.
    return torch.full_like(p.loc, math.inf)


@register_kl(Uniform, Normal)
def _kl_uniform_normal(p, q):
    common_term = p.high - p.low
    t1 = (math.sqrt(math.pi * 2) * q.scale / common_term).log()
    t2 = (common_term).pow(2) / 12
    t3 = ((p.high + p.low - 2 * q.loc) / 2).pow(2)
    return t1 + 0.5 * (t2 + t3) / q.scale.pow(2)


def _add_kl_info():
    """Lists the registered pairs at the end of kl_divergence's docstring."""
    rows = ["KL divergence is currently implemented for the following distribution pairs:"]
    for p, q in sorted(_KL_REGISTRY, key=lambda pair: (pair[0].__name__, pair[1].__name__)):
        rows.append("* :class:`~torch.distributions.{}` and :class:`~torch.distributions.{}`".format(
            p.__name__, q.__name__))
    if kl_divergence.__doc__:  # None under python -OO
        kl_divergence.__doc__ += '\n\t'.join(rows)
