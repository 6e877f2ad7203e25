#pragma once
// The derivative of convolution's backward (ConvolutionBackwardBackward0), kept apart
// from the kernels: it is written with differentiable ops, not below autograd.

#include "core/autograd/node.h"
#include "core/ops/convolution.h"

namespace agv::ops::conv {

/// PyTorch 1.13's _convolution_double_backward: from the gradients of convolution_backward's
/// grad_input, grad_weight and grad_bias (any may be undefined), the gradients of its
/// grad_output, input and weight, in that order. `p` holds the convolution's own parameters
/// (one value per spatial dimension, 1-d convolutions not widened).
variable_list doubleBackward(const Tensor& ggI, const Tensor& ggW, const Tensor& ggb, const Tensor& gradOutput,
                             const Tensor& weight, const Tensor& input, const Params& p);

}  // namespace agv::ops::conv
