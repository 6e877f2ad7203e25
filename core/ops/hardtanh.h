#pragma once
// hardtanh and hardtanh_ (hardtanh.cpp; the in-place one in inplace.cpp): clamp's values,
// HardtanhBackward0's gradient (zero at and beyond the bounds), and the
// HardtanhBackwardBackward0 its double backward records. relu6 is hardtanh(0, 6).

#include "core/autograd/node.h"
#include "core/ops/ops.h"

namespace agv::ops {

/// at::hardtanh: self clamped to [min, max] (integer bounds for an integer self);
/// PyTorch's error for a bool self.
Tensor hardtanh(const Tensor& self, Scalar min, Scalar max);
Tensor& hardtanhInplace(Tensor& self, Scalar min, Scalar max);

namespace internal {

/// The bounds as hardtanh_out hands them to clamp: truncated to integers for an integer self.
void hardtanhBounds(const Tensor& self, Scalar& min, Scalar& max);
/// hardtanh's values into a new tensor (no graph).
Tensor hardtanhValues(const Tensor& self, Scalar min, Scalar max);
/// hardtanh_backward: grad where min < self < max (compared in self's dtype), else 0.
Tensor hardtanhBackward(const Tensor& grad, const Tensor& self, Scalar min, Scalar max);

}  // namespace internal

}  // namespace agv::ops
