"""torch.special: PyTorch 1.13's special-function namespace. Each name is the torch function
it aliases in ATen (special_gammaln is lgamma, special_expit is sigmoid, ...), so each
records the same node (LgammaBackward0, SigmoidBackward0, ...); the functions 1.13 has only
here (entr, ndtr, i0e, zeta, the Bessel and Airy functions, the orthogonal polynomials,
gammainc, ...) are torch._C._special's special_* builtins, as in 1.13."""

import torch
from torch._C import _special

__all__ = ["airy_ai", "bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1", "chebyshev_polynomial_t",
           "chebyshev_polynomial_u", "chebyshev_polynomial_v", "chebyshev_polynomial_w", "digamma", "entr", "erf",
           "erfc", "erfcx", "erfinv", "exp2", "expit", "expm1", "gammainc", "gammaincc", "gammaln",
           "hermite_polynomial_h", "hermite_polynomial_he", "i0", "i0e", "i1", "i1e", "laguerre_polynomial_l",
           "legendre_polynomial_p", "log1p", "log_ndtr", "log_softmax", "logit", "logsumexp", "modified_bessel_i0",
           "modified_bessel_i1", "modified_bessel_k0", "modified_bessel_k1", "multigammaln", "ndtr", "ndtri",
           "polygamma", "psi", "round", "shifted_chebyshev_polynomial_t", "shifted_chebyshev_polynomial_u",
           "shifted_chebyshev_polynomial_v", "shifted_chebyshev_polynomial_w", "scaled_modified_bessel_k0",
           "scaled_modified_bessel_k1", "sinc", "softmax", "spherical_bessel_j0", "xlog1py", "xlogy", "zeta"]

entr = _special.special_entr
ndtr = _special.special_ndtr
ndtri = _special.special_ndtri
log_ndtr = _special.special_log_ndtr
i0e = _special.special_i0e
i1 = _special.special_i1
i1e = _special.special_i1e
erfcx = _special.special_erfcx
bessel_j0 = _special.special_bessel_j0
bessel_j1 = _special.special_bessel_j1
bessel_y0 = _special.special_bessel_y0
bessel_y1 = _special.special_bessel_y1
modified_bessel_i0 = _special.special_modified_bessel_i0
modified_bessel_i1 = _special.special_modified_bessel_i1
modified_bessel_k0 = _special.special_modified_bessel_k0
modified_bessel_k1 = _special.special_modified_bessel_k1
scaled_modified_bessel_k0 = _special.special_scaled_modified_bessel_k0
scaled_modified_bessel_k1 = _special.special_scaled_modified_bessel_k1
spherical_bessel_j0 = _special.special_spherical_bessel_j0
airy_ai = _special.special_airy_ai
chebyshev_polynomial_t = _special.special_chebyshev_polynomial_t
chebyshev_polynomial_u = _special.special_chebyshev_polynomial_u
chebyshev_polynomial_v = _special.special_chebyshev_polynomial_v
chebyshev_polynomial_w = _special.special_chebyshev_polynomial_w
shifted_chebyshev_polynomial_t = _special.special_shifted_chebyshev_polynomial_t
shifted_chebyshev_polynomial_u = _special.special_shifted_chebyshev_polynomial_u
shifted_chebyshev_polynomial_v = _special.special_shifted_chebyshev_polynomial_v
shifted_chebyshev_polynomial_w = _special.special_shifted_chebyshev_polynomial_w
hermite_polynomial_h = _special.special_hermite_polynomial_h
hermite_polynomial_he = _special.special_hermite_polynomial_he
laguerre_polynomial_l = _special.special_laguerre_polynomial_l
legendre_polynomial_p = _special.special_legendre_polynomial_p
gammainc = _special.special_gammainc
gammaincc = _special.special_gammaincc
xlog1py = _special.special_xlog1py
zeta = _special.special_zeta
multigammaln = _special.special_multigammaln


def gammaln(input):
    return torch.lgamma(input)


def digamma(input):
    return torch.digamma(input)


psi = digamma


def polygamma(n, input):
    return torch.polygamma(n, input)


def erf(input):
    return torch.erf(input)


def erfc(input):
    return torch.erfc(input)


def erfinv(input):
    return torch.erfinv(input)


def exp2(input):
    return torch.exp2(input)


def expm1(input):
    return torch.expm1(input)


def log1p(input):
    return torch.log1p(input)


def expit(input):
    return torch.sigmoid(input)


def logit(input, eps=None):
    return torch.logit(input, eps)


def i0(input):
    return torch.i0(input)


def sinc(input):
    return torch.sinc(input)


def xlogy(input, other):
    return torch.xlogy(input, other)


def logsumexp(input, dim, keepdim=False):
    return torch.logsumexp(input, dim, keepdim)


def round(input, *, decimals=0):
    return torch.round(input, decimals=decimals) if decimals else torch.round(input)


def softmax(input, dim, *, dtype=None):
    return (input if dtype is None else input.to(dtype)).softmax(dim)


def log_softmax(input, dim, *, dtype=None):
    return (input if dtype is None else input.to(dtype)).log_softmax(dim)
