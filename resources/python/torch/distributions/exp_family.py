"""ExponentialFamily: distributions whose density is exp(<t(x), theta> - F(theta) + k(x))."""

import torch
from torch.distributions.distribution import Distribution

__all__ = ['ExponentialFamily']


class ExponentialFamily(Distribution):
    """A subclass gives its natural parameters theta, its log normaliser F and the mean of
    its carrier measure k; the entropy then follows from F and its gradient (a Bregman
    divergence), computed with autograd."""

    @property
    def _natural_params(self):
        """The natural parameters: a tuple of tensors."""
        raise NotImplementedError

    def _log_normalizer(self, *natural_params):
        """F(theta) of the natural parameters given."""
        raise NotImplementedError

    @property
    def _mean_carrier_measure(self):
        """E[k(x)], needed for the entropy."""
        raise NotImplementedError

    def entropy(self):
        """-E[k(x)] + F(theta) - <theta, grad F(theta)>, batched."""
        result = -self._mean_carrier_measure
        natural_params = [p.detach().requires_grad_() for p in self._natural_params]
        log_normalizer = self._log_normalizer(*natural_params)
        gradients = torch.autograd.grad(log_normalizer.sum(), natural_params, create_graph=True)
        result += log_normalizer
        for theta, gradient in zip(natural_params, gradients):
            result -= (theta * gradient).reshape(self._batch_shape + (-1,)).sum(-1)
        return result
