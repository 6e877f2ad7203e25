#pragma once
// In-place remainder, fmod, floor division and tensor powers (x %= y, x //= y, x **= y),
// floor_divide's number overload, pow's self gradient, and the in-place cumulative
// sum and product. Kept apart from ops.h so adding them rebuilds only their users.

#include <initializer_list>
#include <optional>

#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// self %= other with Python's sign rule (RemainderBackward1 / RemainderBackward0).
Tensor& remainderInplace(Tensor& self, const Tensor& other);
Tensor& remainderInplace(Tensor& self, Scalar other);
/// self.fmod_(other): C's sign rule (FmodBackward1 / FmodBackward0).
Tensor& fmodInplace(Tensor& self, const Tensor& other);
Tensor& fmodInplace(Tensor& self, Scalar other);
/// self //= other. PyTorch 1.13 has no derivative for floor_divide: a result that needs
/// one gets a NotImplemented node whose backward raises.
Tensor& floorDivideInplace(Tensor& self, const Tensor& other);
Tensor& floorDivideInplace(Tensor& self, Scalar other);
/// torch.floor_divide(tensor, number): floor_divide.Scalar, whose NotImplemented node
/// has one edge.
Tensor floorDivide(const Tensor& a, Scalar b);
/// Ops with no derivatives.yaml entry in 1.13 (floor_divide, bincount) refuse an input
/// with a forward-mode tangent, before they run.
void refuseTangents(const char* atenName, std::initializer_list<const Tensor*> inputs);
/// self **= exponent with a tensor exponent (PowBackward1).
Tensor& powInplace(Tensor& self, const Tensor& exponent);

/// pow_backward_self: grad * (exponent * self ** (exponent - 1)), zero where the
/// exponent is 0 (so 0 ** 0 has gradient 0, not 0 * inf).
Tensor powBackwardSelf(const Tensor& grad, const Tensor& self, const Tensor& exponent);
/// pow_backward_exponent: grad * result * log(self), zero where self is 0 and the exponent >= 0.
Tensor powBackwardExponent(const Tensor& grad, const Tensor& self, const Tensor& exponent, const Tensor& result);

/// cumsum's and cumprod's backward formulas and cumprod's forward one (core/ops/reorder.cpp),
/// shared by the out-of-place and in-place forms.
Tensor cumsumBackward(const Tensor& grad, ScalarType selfType, int64_t dim);
Tensor cumprodBackward(const Tensor& grad, const Tensor& input, const Tensor& result, int64_t dim);
Tensor cumprodJvp(const Tensor& selfT, const Tensor& self, const Tensor& result, int64_t dim);

/// self.cumsum_(dim) / self.cumprod_(dim) (CumsumBackward0 / CumprodBackward0).
Tensor& cumsumInplace(Tensor& self, int64_t dim, std::optional<ScalarType> dtype = {});
Tensor& cumprodInplace(Tensor& self, int64_t dim, std::optional<ScalarType> dtype = {});

}  // namespace agv::ops
