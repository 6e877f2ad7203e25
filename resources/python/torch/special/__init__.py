"""torch.special: PyTorch 1.13's special-function namespace. Each name is the torch function
it aliases in ATen (special_gammaln is lgamma, special_expit is sigmoid, ...), so each
records the same node (LgammaBackward0, SigmoidBackward0, ...); the functions 1.13 has only
here (entr, ndtr, i0e, zeta, ...) are torch._C._special's special_* builtins, as in 1.13.
The Bessel functions beyond j0/j1, the orthogonal polynomial families, airy_ai, gammainc
and gammaincc are absent: using one raises AttributeError."""

import torch
from torch._C import _special

__all__ = ["bessel_j0", "bessel_j1", "digamma", "entr", "erf", "erfc", "erfcx", "erfinv", "exp2", "expit", "expm1",
           "gammaln", "i0", "i0e", "i1", "i1e", "log1p", "log_ndtr", "log_softmax", "logit", "logsumexp",
           "multigammaln", "ndtr", "ndtri", "polygamma", "psi", "round", "sinc", "softmax", "xlog1py", "xlogy", "zeta"]

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
