"""torch.special: PyTorch 1.13's special-function namespace. Each name is the torch function
it aliases in ATen (special_gammaln is lgamma, special_expit is sigmoid, ...), so each
records the same node (LgammaBackward0, SigmoidBackward0, ...). The functions 1.13 has
here but autogradviz does not yet compute (entr, ndtr, i0e, i1, the Bessel and orthogonal
polynomial families, zeta, ...) are absent: using one raises AttributeError."""

import torch

__all__ = ["digamma", "erf", "erfc", "erfinv", "exp2", "expit", "expm1", "gammaln", "i0", "log1p", "log_softmax",
           "logit", "logsumexp", "polygamma", "psi", "round", "sinc", "softmax", "xlogy"]


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
