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
Tensor& eluInplace(Tensor& self, Scalar alpha = 1.0, Scalar scale = 1, Scalar inputScale = 1);
/// celu_: CeluBackward1, elu_'s formula with input_scale 1 / alpha.
Tensor& celuInplace(Tensor& self, Scalar alpha = 1.0);
/// threshold_: ThresholdBackward1, saving a clone of the original self.
Tensor& thresholdInplace(Tensor& self, Scalar threshold, Scalar value);
/// leaky_relu_: LeakyReluBackward1, saving the result; like elu_, its backward refuses a
/// negative slope (the result no longer tells which inputs were negative).
Tensor& leakyReluInplace(Tensor& self, double negativeSlope);

namespace internal {

// The values (no graph) and the backward functions the in-place forms (and relu and
// leaky_relu, in pointwise.cpp) share. The backward functions are differentiable, as
// 1.13's are: under create_graph they record the node derivatives.yaml gives them
// (EluBackwardBackward0...) or, for silu and mish, the composite PyTorch differentiates.

Tensor siluValues(const Tensor& self);
Tensor hardsigmoidValues(const Tensor& self);
Tensor hardswishValues(const Tensor& self);
Tensor mishValues(const Tensor& self);
/// silu's: the fused kernel, or under grad mode the composite that double backward records.
Tensor siluBackward(const Tensor& grad, const Tensor& self);
/// hardsigmoid_backward has no derivative in 1.13: under grad mode its result's grad_fn is
/// a NotImplemented node whose backward raises.
Tensor hardsigmoidBackward(const Tensor& grad, const Tensor& self);
/// HardswishBackwardBackward0.
Tensor hardswishBackward(const Tensor& grad, const Tensor& self);
/// mish's, like silu's: the fused kernel, or infinitely_differentiable_mish_backward.
Tensor mishBackward(const Tensor& grad, const Tensor& self);

/// The numbers elu_backward takes, kept with their Python type (the nodes show them).
struct EluCoefficients {
    Scalar alpha = 1.0;
    Scalar scale = 1;
    Scalar inputScale = 1;
};
Tensor eluResultValues(const Tensor& self, const EluCoefficients& c);
/// elu_backward(grad, alpha, scale, input_scale, is_result, self_or_result): what
/// EluBackward0/1 and CeluBackward0/1 pass on (EluBackwardBackward0). From the result it
/// refuses a negative alpha.
Tensor eluBackward(const Tensor& grad, const EluCoefficients& c, bool isResult, const Tensor& selfOrResult);
Tensor thresholdValues(const Tensor& self, Scalar threshold, Scalar value);
/// threshold_backward: what ThresholdBackward0/1 and ReluBackward0 pass on (ThresholdBackwardBackward0).
Tensor thresholdBackward(const Tensor& grad, const Tensor& self, Scalar threshold);
/// leaky_relu_backward(grad, self, negative_slope, false) (LeakyReluBackwardBackward0).
Tensor leakyReluBackward(const Tensor& grad, const Tensor& self, Scalar negativeSlope);
/// glu_backward(grad, self, dim), dim as glu was given it (GluBackwardBackward0).
Tensor gluBackward(const Tensor& grad, const Tensor& self, int64_t dim);

}  // namespace internal

}  // namespace agv::ops
