#pragma once
// The activations of activations.cpp that PyTorch 1.13 gives nodes of their own, beyond
// silu, elu and softplus (declared in ops.h), and the activations' in-place forms: their values and gradients follow its CPU
// kernels bit for bit. The composite ones (selu, softsign, tanhshrink, softmin) are
// built from other ops in torch/nn/functional.py, as PyTorch builds them.

#include "core/ops/ops.h"

namespace agv::ops {

/// elu(x, alpha, 1, 1 / alpha) with its own node (CeluBackward0); alpha 0 is refused.
Tensor celu(const Tensor& self, Scalar alpha = 1.0);
/// value where x <= threshold, else x; every dtype but bool (ThresholdBackward0).
Tensor threshold(const Tensor& self, Scalar threshold, Scalar value);
/// 0 where -lambd <= x <= lambd, else x (HardshrinkBackward0).
Tensor hardshrink(const Tensor& self, Scalar lambd = 0.5);
/// x - lambd above lambd, x + lambd below -lambd, else 0 (SoftshrinkBackward0); lambd >= 0.
Tensor softshrink(const Tensor& self, Scalar lambd = 0.5);
/// min(max(x + 3, 0), 6) / 6 (HardsigmoidBackward0).
Tensor hardsigmoid(const Tensor& self);
/// x * min(max(x + 3, 0), 6) / 6 (HardswishBackward0).
Tensor hardswish(const Tensor& self);
/// x * tanh(softplus(x)) (MishBackward0).
Tensor mish(const Tensor& self);
/// The first half of `dim` times the sigmoid of the second half (GluBackward0).
Tensor glu(const Tensor& self, int64_t dim = -1);
/// max(x, min), NaN passing through (ClampMinBackward0); relu is clamp_min(x, 0) with its own node.
Tensor clampMin(const Tensor& self, Scalar min);
/// x where x > 0, else weight * x: one weight per channel (dim 1) or one shared (PreluBackward0).
Tensor prelu(const Tensor& self, const Tensor& weight);

/// silu_, hardsigmoid_, hardswish_ and mish_ (inplace.cpp): the out-of-place op's node,
/// saving a clone of the original self, as 1.13 records them.
Tensor& siluInplace(Tensor& self);
Tensor& hardsigmoidInplace(Tensor& self);
Tensor& hardswishInplace(Tensor& self);
Tensor& mishInplace(Tensor& self);

/// elu_ (selu_ with SELU's constants): EluBackward1, which saves the result and
/// differentiates through it, so it refuses a negative alpha in backward.
Tensor& eluInplace(Tensor& self, double alpha = 1.0, double scale = 1.0, double inputScale = 1.0);
/// celu_: CeluBackward1, elu_'s formula with input_scale 1 / alpha.
Tensor& celuInplace(Tensor& self, Scalar alpha = 1.0);
/// threshold_: ThresholdBackward1, saving a clone of the original self.
Tensor& thresholdInplace(Tensor& self, Scalar threshold, Scalar value);

namespace internal {

/// The values (no graph) and the backward kernels the in-place forms share.
Tensor siluValues(const Tensor& self);
Tensor hardsigmoidValues(const Tensor& self);
Tensor hardswishValues(const Tensor& self);
Tensor mishValues(const Tensor& self);
/// silu's: the fused kernel, or under grad mode the composite that double backward records.
Tensor siluBackward(const Tensor& grad, const Tensor& self);
Tensor hardsigmoidBackward(const Tensor& grad, const Tensor& self);
Tensor hardswishBackward(const Tensor& grad, const Tensor& self);
Tensor mishBackward(const Tensor& grad, const Tensor& self);
Tensor eluResultValues(const Tensor& self, double alpha, double scale, double inputScale);
/// elu_backward(grad, alpha, scale, input_scale, is_result=true, result).
Tensor eluBackwardFromResult(const Tensor& grad, const Tensor& result, double alpha, double scale, double inputScale);
Tensor thresholdValues(const Tensor& self, Scalar threshold, Scalar value);
Tensor thresholdBackward(const Tensor& grad, const Tensor& self, Scalar threshold);

}  // namespace internal

}  // namespace agv::ops
