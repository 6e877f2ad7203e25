#pragma once
// torch.amax / torch.amin (reduce_amax.cpp).

#include "core/tensor/tensor.h"

namespace agv::ops {

/// The largest (amax) or smallest (amin) element over `dims` (every dim when empty); NaN
/// propagates. AmaxBackward0 / AminBackward0 share the gradient evenly among ties.
Tensor amax(const Tensor& self, const IntList& dims = {}, bool keepdim = false);
Tensor amin(const Tensor& self, const IntList& dims = {}, bool keepdim = false);

}  // namespace agv::ops
