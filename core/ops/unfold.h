#pragma once
// Tensor.unfold (unfold.cpp): the windows of `size` elements every `step` along one dim,
// as a view, with PyTorch 1.13's checks and nodes. Kept apart from ops.h so adding it
// rebuilds only its users.

#include "core/tensor/tensor.h"

namespace agv::ops {

/// A view with `dimension` shrunk to the number of windows and a new last dim of `size`
/// (UnfoldBackward0: unfold_backward adds each window's gradient back, window by window).
Tensor unfold(const Tensor& self, int64_t dimension, int64_t size, int64_t step);

}  // namespace agv::ops
