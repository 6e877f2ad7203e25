#pragma once
// The second derivatives of the activations: what the backward of an activation's backward
// passes on (derivatives.yaml's entries for elu_backward, glu_backward, prelu_backward,
// softplus_backward and hardswish_backward, and FunctionsManual.cpp's helpers they call).
// They are written with the ops, in the order and with the Scalar overloads of 1.13's
// formulas, so the values match bit for bit and a third backward records PyTorch's nodes.

#include "core/ops/activations.h"
#include "core/ops/ops.h"

namespace agv::ops::internal {

/// elu_double_backward: grad * grad_output * input_scale times (self_or_result < 0), through
/// elu_backward when self_or_result is the input.
Tensor eluDoubleBackward(const Tensor& grad, const Tensor& gradOutput, const EluCoefficients& c, bool isResult,
                         const Tensor& selfOrResult);

/// softplus_double_backward(grad * grad_output, self, beta, threshold).
Tensor softplusDoubleBackward(const Tensor& grad, const Tensor& self, Scalar beta, Scalar threshold);

/// hardswish_backward's derivative in self: grad * grad_output / 3 where -3 < self < 3, else 0.
Tensor hardswishDoubleBackward(const Tensor& grad, const Tensor& gradOutput, const Tensor& self);

/// infinitely_differentiable_silu_backward: what SiluBackward0 passes on under grad mode.
Tensor infinitelyDifferentiableSiluBackward(const Tensor& gradOutput, const Tensor& self);
/// infinitely_differentiable_mish_backward: what MishBackward0 passes on under grad mode.
Tensor infinitelyDifferentiableMishBackward(const Tensor& gradOutput, const Tensor& self);

/// glu_double_backward_grad_output: glu_backward's derivative in grad_output (its transpose).
Tensor gluDoubleBackwardGradOutput(const Tensor& grad, const Tensor& self, int64_t dim);
/// glu_double_backward: glu_backward's derivative in self.
Tensor gluDoubleBackward(const Tensor& grad, const Tensor& gradOutput, const Tensor& self, int64_t dim);

/// prelu_double_backward(grads[0], grads[1], grad_output, self, weight): the gradients of
/// grad_output, self and weight; an undefined incoming gradient counts as zeros.
TensorList preluDoubleBackward(const Tensor& gradGradInput, const Tensor& gradGradWeight,
                                  const Tensor& gradOutput, const Tensor& self, const Tensor& weight);

}  // namespace agv::ops::internal
