#pragma once
// fmax / fmin, copysign, gcd / lcm and nextafter with PyTorch 1.13's CPU kernels, type
// promotion and derivatives.yaml formulas (binary_special.cpp), and their in-place forms
// where 1.13 has them. Kept apart from ops.h so adding them rebuilds only their users.

#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// The larger (smaller) of two elements, a NaN losing to a number (std::fmax / std::fmin);
/// integral and bool operands take maximum's (minimum's) kernel. FmaxBackward0 /
/// FminBackward0 send the gradient to the element chosen, to self on a tie.
Tensor fmax(const Tensor& self, const Tensor& other);
Tensor fmin(const Tensor& self, const Tensor& other);

/// |self| with the sign bit of other, in the promoted floating type (integral operands give
/// the default float). A tensor other records CopysignBackward0 (other's gradient is zeros),
/// a number CopysignBackward1; both save self and the result.
Tensor copysign(const Tensor& self, const Tensor& other);
Tensor copysign(const Tensor& self, Scalar other);
Tensor& copysignInplace(Tensor& self, const Tensor& other);
Tensor& copysignInplace(Tensor& self, Scalar other);

/// The greatest common divisor (least common multiple) of integers, never negative except
/// where the int64 minimum wraps, as c10's calc_gcd computes it; other dtypes are refused
/// with the kernel's "not implemented" error. No derivative: integer results need none.
Tensor gcd(const Tensor& self, const Tensor& other);
Tensor lcm(const Tensor& self, const Tensor& other);
Tensor& gcdInplace(Tensor& self, const Tensor& other);
Tensor& lcmInplace(Tensor& self, const Tensor& other);

/// The next representable value after self towards other (float, double, bfloat16).
/// NextafterBackward0 has no formula in 1.13: its backward raises NotImplementedError.
Tensor nextafter(const Tensor& self, const Tensor& other);
Tensor& nextafterInplace(Tensor& self, const Tensor& other);

}  // namespace agv::ops
