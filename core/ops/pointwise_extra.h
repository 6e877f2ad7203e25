#pragma once
// nan_to_num, clamp_max (and clamp_min's tensor bound), isposinf / isneginf / signbit,
// logaddexp / logaddexp2, deg2rad / rad2deg, hypot, logit and heaviside, with PyTorch
// 1.13's CPU kernels and derivatives.yaml formulas (pointwise_extra.cpp), and their
// in-place forms (inplace.cpp). Kept apart from ops.h so adding them rebuilds only their users.

#include <optional>

#include "core/autograd/node.h"
#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// NaN, +inf and -inf replaced by `nan` (0 by default), `posinf` and `neginf` (the dtype's
/// largest and lowest finite values by default); an integral or bool input comes back as
/// a copy (NanToNumBackward0: grad * isfinite(self)).
Tensor nanToNum(const Tensor& self, std::optional<double> nan = {}, std::optional<double> posinf = {},
                std::optional<double> neginf = {});
Tensor& nanToNumInplace(Tensor& self, std::optional<double> nan = {}, std::optional<double> posinf = {},
                        std::optional<double> neginf = {});

/// min(x, max), NaN passing through; an integral input meets a float bound in the
/// promoted type (ClampMaxBackward0). With a tensor bound it is minimum(self, max)
/// (ClampMaxBackward1), and clamp_min's tensor overload maximum(self, min) (ClampMinBackward1).
Tensor clampMax(const Tensor& self, Scalar max);
Tensor clampMax(const Tensor& self, const Tensor& max);
Tensor clampMin(const Tensor& self, const Tensor& min);
Tensor& clampMaxInplace(Tensor& self, Scalar max);
Tensor& clampMaxInplace(Tensor& self, const Tensor& max);
Tensor& clampMinInplace(Tensor& self, Scalar min);
Tensor& clampMinInplace(Tensor& self, const Tensor& min);

/// Bool tensors, never differentiable: x == +inf, x == -inf, and the sign bit (-0.0 and
/// negative NaNs included; false for bool and unsigned inputs).
Tensor isposinf(const Tensor& self);
Tensor isneginf(const Tensor& self);
Tensor signbit(const Tensor& self);

/// log(exp(a) + exp(b)) as max(a, b) + log(1 + exp(-|a - b|)), and log2(2^a + 2^b) alike
/// (LogaddexpBackward0 / Logaddexp2Backward0); float, double and bfloat16 only.
Tensor logaddexp(const Tensor& self, const Tensor& other);
Tensor logaddexp2(const Tensor& self, const Tensor& other);

/// self * (pi / 180) and self * (180 / pi) through mul with a wrapped number; integral
/// inputs give the default dtype (Deg2RadBackward0 / Rad2DegBackward0).
Tensor deg2rad(const Tensor& self);
Tensor rad2deg(const Tensor& self);
Tensor& deg2radInplace(Tensor& self);
Tensor& rad2degInplace(Tensor& self);

/// sqrt(a^2 + b^2) without overflow (HypotBackward0, which saves the result).
Tensor hypot(const Tensor& self, const Tensor& other);
Tensor& hypotInplace(Tensor& self, const Tensor& other);

/// log(x / (1 - x)), x first clamped to [eps, 1 - eps] when eps is given (LogitBackward0).
Tensor logit(const Tensor& self, std::optional<double> eps = {});
Tensor& logitInplace(Tensor& self, std::optional<double> eps = {});

/// values where x == 0, else 1 for x > 0 and 0 below; both of one dtype. PyTorch 1.13
/// has no derivative for it: a NotImplemented node whose backward raises.
Tensor heaviside(const Tensor& self, const Tensor& values);
Tensor& heavisideInplace(Tensor& self, const Tensor& values);

namespace internal {

/// The formulas the out-of-place and in-place forms share (pointwise_extra.cpp).
Tensor isfiniteMask(const Tensor& self);
Tensor clampMaxValues(const Tensor& self, const Scalar& max);
Tensor clampMinValues(const Tensor& self, const Scalar& min);
/// where(self <= max, grad, 0) / where(self >= min, grad, 0).
Tensor clampMaxBackward(const Tensor& grad, const Tensor& self, const Scalar& max);
Tensor clampMinBackward(const Tensor& grad, const Tensor& self, const Scalar& min);
/// ClampMaxBackward1 / ClampMinBackward1: the gradients of self and of the bound.
Tensor clampMaxTensorBackwardSelf(const Tensor& grad, const Tensor& self, const Tensor& max);
Tensor clampMaxTensorBackwardMax(const Tensor& grad, const Tensor& self, const Tensor& max);
Tensor clampMinTensorBackwardSelf(const Tensor& grad, const Tensor& self, const Tensor& min);
Tensor clampMinTensorBackwardMin(const Tensor& grad, const Tensor& self, const Tensor& min);
/// deg2rad_backward / rad2deg_backward: grad times the wrapped constant.
Tensor deg2radBackward(const Tensor& grad);
Tensor rad2degBackward(const Tensor& grad);
/// LogitBackward0's formula: logit_backward's kernel, or under grad mode the composite
/// infinitely_differentiable_logit_backward.
Tensor logitBackward(const Tensor& grad, const Tensor& self, std::optional<double> eps);
/// HypotBackward0's rule, out of place and in place (saves: other, self, then the result):
/// grad * self / result and grad * other / result.
variable_list hypotGradients(BackwardNode& n, const variable_list& g);
/// heaviside's values without a node (the dtype check first).
Tensor heavisideValues(const Tensor& self, const Tensor& values);

}  // namespace internal

}  // namespace agv::ops
