#pragma once
// The rest of PyTorch 1.13's torch.special: entr, ndtr, ndtri, log_ndtr, i0e, i1, i1e,
// erfcx, xlog1py, zeta, bessel_j0, bessel_j1 and multigammaln (torch.mvlgamma), with
// derivatives.yaml's formulas under 1.13's node names (SpecialEntrBackward0, ...). The
// scalar series are core/ops/special_series.h's; kept apart from special_functions.h so
// adding them rebuilds only their users.

#include <cstdint>

#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// -x log x (SpecialEntrBackward0: grad * -(1 + log self)).
Tensor entr(const Tensor& self);
/// The standard normal CDF, composed as 1.13 does: (1 + erf(x / sqrt 2)) * 0.5, so its
/// graph is MulBackward1 <- AddBackward1 <- ErfBackward0 <- MulBackward1.
Tensor ndtr(const Tensor& self);
/// The inverse of ndtr on [0, 1] (SpecialNdtriBackward0).
Tensor ndtri(const Tensor& self);
/// log(ndtr(x)), accurate far into the left tail (SpecialLogNdtrBackward0).
Tensor logNdtr(const Tensor& self);
/// exp(-|x|) I0(x) (SpecialI0EBackward0).
Tensor i0e(const Tensor& self);
/// The modified Bessel function of the first kind, order 1 (SpecialI1Backward0).
Tensor i1(const Tensor& self);
/// exp(-|x|) I1(x) (SpecialI1EBackward0).
Tensor i1e(const Tensor& self);
/// exp(x^2) erfc(x) (SpecialErfcxBackward0).
Tensor erfcx(const Tensor& self);
/// The Bessel functions of the first kind, orders 0 and 1: not differentiable in 1.13
/// (the result never requires grad).
Tensor besselJ0(const Tensor& self);
Tensor besselJ1(const Tensor& self);

/// self * log1p(other), 0 where self is 0 (SpecialXlog1PyBackward0 / 1 / 2).
Tensor xlog1py(const Tensor& self, const Tensor& other);
Tensor xlog1py(Scalar self, const Tensor& other);
Tensor xlog1py(const Tensor& self, Scalar other);

/// The Hurwitz zeta function zeta(x, q) (SpecialZetaBackward0 / 1 / 2; the derivative
/// in x is not implemented, as in 1.13).
Tensor zeta(const Tensor& x, const Tensor& q);
Tensor zeta(Scalar x, const Tensor& q);
Tensor zeta(const Tensor& x, Scalar q);

/// The multivariate log-gamma function of dimension p (MvlgammaBackward0).
Tensor mvlgamma(const Tensor& self, int64_t p);
Tensor& mvlgammaInplace(Tensor& self, int64_t p);

}  // namespace agv::ops
