#pragma once
// F.logsigmoid (PyTorch 1.13's log_sigmoid_forward and log_sigmoid_backward kernels).

#include "core/tensor/tensor.h"

namespace agv::ops {

/// log(sigmoid(x)) as min(x, 0) - log1p(exp(-|x|)), through SLEEF on every element as
/// PyTorch's AVX2 kernel; LogSigmoidBackward0 saves self and buffer = exp(-|x|).
Tensor logSigmoid(const Tensor& input);

namespace internal {
/// log_sigmoid_backward(grad_output, self, buffer) = (max_deriv - sign * buffer / (1 +
/// buffer)) * grad_output (max_deriv 1 and sign 1 where self < 0, else 0 and -1); itself
/// differentiable (LogSigmoidBackwardBackward0).
Tensor logSigmoidBackward(const Tensor& gradOutput, const Tensor& self, const Tensor& buffer);
}  // namespace internal

}  // namespace agv::ops
