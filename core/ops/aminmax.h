#pragma once
// torch.aminmax: the smallest and largest elements in one pass, of every element or along
// a dim. PyTorch 1.13 has no derivative for it (see Note [NotImplemented nodes]).

#include <optional>
#include <utility>

#include "core/tensor/tensor.h"

namespace agv::ops {

/// (min, max) of every element (dim unset) or along dim; NaN when a NaN is there. Both
/// outputs share one NotImplemented node whose backward raises.
std::pair<Tensor, Tensor> aminmax(const Tensor& self, std::optional<int64_t> dim = {}, bool keepdim = false);

}  // namespace agv::ops
