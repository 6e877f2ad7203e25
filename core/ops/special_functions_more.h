#pragma once
// The last of PyTorch 1.13's torch.special: airy_ai, bessel_y0, bessel_y1, the modified
// Bessel functions i0, i1, k0, k1 and the scaled k0, k1, spherical_bessel_j0, the
// orthogonal polynomial families (Chebyshev T U V W and their shifted forms, Hermite H
// and He, Laguerre L, Legendre P) and the regularized incomplete gamma functions
// (torch.igamma / igammac, special.gammainc / gammaincc). 1.13 declares all but igamma
// and igammac non-differentiable: their results never require grad. The element
// functions are core/ops/special_functions_more_kernels.h's.

#include "core/ops/scalar.h"
#include "core/ops/special_functions_more_kernels.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// f over self in float or double (integer and bool inputs in the default float type);
/// other dtypes are refused with the kernel's name ("airy_ai_cpu", ...).
Tensor specialUnary(special_kernels::Unary f, const Tensor& self);

/// f(x, n) with x and n broadcast and promoted to a floating type; a number joins as a
/// wrapped number. Float and double only ("chebyshev_polynomial_t_cpu", ...).
Tensor specialPolynomial(special_kernels::Polynomial f, const Tensor& x, const Tensor& n);
Tensor specialPolynomial(special_kernels::Polynomial f, Scalar x, const Tensor& n);
Tensor specialPolynomial(special_kernels::Polynomial f, const Tensor& x, Scalar n);

/// The regularized lower (P) and upper (Q) incomplete gamma functions of (a = self,
/// x = other), in their promoted dtype, which must be floating ("igamma_cpu" refuses
/// integers). IgammaBackward0 / IgammacBackward0: other's gradient is
/// +-grad * exp((self - 1) log(other) - other - lgamma(self)); self's is not implemented.
Tensor igamma(const Tensor& self, const Tensor& other);
Tensor igammac(const Tensor& self, const Tensor& other);
Tensor& igammaInplace(Tensor& self, const Tensor& other);
Tensor& igammacInplace(Tensor& self, const Tensor& other);

}  // namespace agv::ops
