#pragma once
// torch.take (elements at flat indices, TakeBackward0) and torch.bincount (counts or
// summed weights per non-negative integer; no derivative in PyTorch 1.13).

#include <optional>

#include "core/tensor/tensor.h"

namespace agv::ops {

/// self.flatten()[index], shaped like index; negative indices count from the end.
Tensor take(const Tensor& self, const Tensor& index);

/// How often each value 0..max(self) occurs (int64), or the sum of its weights (float32
/// weights sum in float32, any other dtype in float64); at least `minlength` bins.
Tensor bincount(const Tensor& self, const std::optional<Tensor>& weights, int64_t minlength);

}  // namespace agv::ops
