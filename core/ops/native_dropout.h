#pragma once
// Dropout of a cuda tensor in training, as PyTorch's CUDA build runs it: native_dropout's
// fused kernel (a keep mask drawn from the GPU's generator, the kept values scaled in one
// pass) recorded as NativeDropoutBackward0, where the CPU's dropout is bernoulli_ and a
// product (MulBackward0). Kept apart from ops.h so adding it rebuilds only its users.

#include "core/tensor/tensor.h"

namespace agv::ops {

/// torch.nn.functional.dropout(input, p, training=True) of a cuda tensor with 0 < p < 1.
Tensor nativeDropout(const Tensor& input, double p);

}  // namespace agv::ops
