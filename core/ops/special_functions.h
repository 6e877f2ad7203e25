#pragma once
// The special functions of PyTorch 1.13's CPU kernels: lgamma, digamma, polygamma
// (trigamma and the Hurwitz zeta behind it), erfinv, i0 and sinc, with derivatives.yaml's
// formulas and their in-place forms. The series are
// Cephes' (Note [The special functions' series]); kept apart from ops.h so adding them
// rebuilds only their users.

#include <cstdint>

#include "core/tensor/tensor.h"

namespace agv::ops {

/// log|Gamma(x)| (LgammaBackward0: grad * digamma(self)).
Tensor lgamma(const Tensor& self);
/// Gamma'(x) / Gamma(x) (DigammaBackward0: grad * polygamma(1, self)).
Tensor digamma(const Tensor& self);
/// The n-th derivative of digamma, n >= 0 (PolygammaBackward0: grad * polygamma(n + 1, self)).
Tensor polygamma(int64_t n, const Tensor& self);
/// The inverse of erf on [-1, 1] (ErfinvBackward0).
Tensor erfinv(const Tensor& self);
/// The modified Bessel function of the first kind, order 0 (I0Backward0: grad * special_i1(self)).
Tensor i0(const Tensor& self);
/// sin(pi x) / (pi x), 1 at 0 (SincBackward0).
Tensor sinc(const Tensor& self);

Tensor& lgammaInplace(Tensor& self);
Tensor& digammaInplace(Tensor& self);
Tensor& polygammaInplace(Tensor& self, int64_t n);
Tensor& erfinvInplace(Tensor& self);
Tensor& i0Inplace(Tensor& self);
Tensor& sincInplace(Tensor& self);

}  // namespace agv::ops
