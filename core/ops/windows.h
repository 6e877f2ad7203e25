#pragma once
// Window functions of torch.signal's predecessors in torch.*: torch.kaiser_window
// (special_functions.cpp, next to the i0 it divides).

#include "core/device/device.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// torch.kaiser_window: I0(beta * sqrt(1 - ((k - a) / a)^2)) / I0(beta), a = (N - 1) / 2,
/// over N = length (+1 when periodic, the last value dropped), in the dtype itself as
/// 1.13's CPU kernel computes it (bfloat16 rounding every step).
Tensor kaiserWindow(int64_t length, bool periodic, double beta, ScalarType dtype, Device device = {});

}  // namespace agv::ops
