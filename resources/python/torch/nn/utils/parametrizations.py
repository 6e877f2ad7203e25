"""torch.nn.utils.parametrizations: ready-made parametrizations (torch.nn.utils.parametrize).
Of PyTorch 1.13's two, spectral_norm is here; orthogonal is not, as the engine has neither
matrix_exp nor householder_product, which its maps are made of."""

import torch
from torch import Tensor
from torch.nn import functional as F
from torch.nn.modules.module import Module
from torch.nn.utils import parametrize

__all__ = ['spectral_norm']


class _SpectralNorm(Module):
    """weight / sigma, sigma the largest singular value of the weight as a matrix with rows
    along `dim`, estimated by power iteration on the buffers `_u` and `_v`; a vector is
    simply normalised."""

    def __init__(self, weight, n_power_iterations=1, dim=0, eps=1e-12):
        super().__init__()
        ndim = weight.ndim
        if dim >= ndim or dim < -ndim:
            raise IndexError("Dimension out of range (expected to be in range of "
                             f"[-{ndim}, {ndim - 1}] but got {dim})")
        if n_power_iterations <= 0:
            raise ValueError('Expected n_power_iterations to be positive, but '
                             'got n_power_iterations={}'.format(n_power_iterations))
        self.dim = dim if dim >= 0 else dim + ndim
        self.eps = eps
        if ndim > 1:
            self.n_power_iterations = n_power_iterations
            weight_mat = self._reshape_weight_to_matrix(weight)
            h, w = weight_mat.size()
            # Two draws from the global generator, u's first: seeded runs depend on them.
            u = weight_mat.new_empty(h).normal_(0, 1)
            v = weight_mat.new_empty(w).normal_(0, 1)
            self.register_buffer('_u', F.normalize(u, dim=0, eps=self.eps))
            self.register_buffer('_v', F.normalize(v, dim=0, eps=self.eps))
            # Fifteen steps make the first forward's sigma a reasonable estimate.
            self._power_method(weight_mat, 15)

    def _reshape_weight_to_matrix(self, weight):
        if self.dim != 0:
            weight = weight.permute(self.dim, *(d for d in range(weight.dim()) if d != self.dim))
        return weight.flatten(1)

    @torch.autograd.no_grad()
    def _power_method(self, weight_mat, n_power_iterations):
        # In place, as torch.nn.utils.spectral_norm does, for module replicas sharing the
        # buffers; forward clones them before use.
        for _ in range(n_power_iterations):
            self._u = F.normalize(torch.mv(weight_mat, self._v), dim=0, eps=self.eps, out=self._u)
            self._v = F.normalize(torch.mv(weight_mat.t(), self._u), dim=0, eps=self.eps, out=self._v)

    def forward(self, weight):
        if weight.ndim == 1:
            return F.normalize(weight, dim=0, eps=self.eps)
        weight_mat = self._reshape_weight_to_matrix(weight)
        if self.training:
            self._power_method(weight_mat, self.n_power_iterations)
        u = self._u.clone(memory_format=torch.contiguous_format)
        v = self._v.clone(memory_format=torch.contiguous_format)
        sigma = torch.dot(u, torch.mv(weight_mat, v))
        return weight / sigma

    def right_inverse(self, value):
        return value


def spectral_norm(module, name='weight', n_power_iterations=1, eps=1e-12, dim=None):
    """Registers _SpectralNorm on `module.<name>`: the weight over its spectral norm,
    n_power_iterations steps per training forward; dim defaults to 1 for transposed
    convolutions and 0 otherwise. Returns the module."""
    weight = getattr(module, name, None)
    if not isinstance(weight, Tensor):
        raise ValueError("Module '{}' has no parameter or buffer with name '{}'".format(module, name))
    if dim is None:
        if isinstance(module, torch.nn.modules.conv._ConvTransposeNd):
            dim = 1
        else:
            dim = 0
    parametrize.register_parametrization(module, name, _SpectralNorm(weight, n_power_iterations, dim, eps))
    return module
