#pragma once
// torch.logcumsumexp (logcumsumexp.cpp): log(cumsum(exp(self))) along a dim, computed as
// PyTorch 1.13's CPU kernel does, with LogcumsumexpBackward0. Kept apart from ops.h so
// adding it rebuilds only its users.

#include "core/tensor/tensor.h"

namespace agv::ops {

/// The running log-sum-exp along `dim` (float, double and bfloat16; a 0-d tensor is
/// copied). LogcumsumexpBackward0 saves self and the result.
Tensor logcumsumexp(const Tensor& self, int64_t dim);

}  // namespace agv::ops
