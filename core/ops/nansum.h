#pragma once
// torch.nansum: sum treating NaN as zero, the same cascade sum over the same layout as
// sum (1.13's cascade_sum<ignore_nan=true> loads NaN as 0); NansumBackward0 passes the
// gradient to the elements that are not NaN.

#include <optional>

#include "core/tensor/tensor.h"

namespace agv::ops {

/// Over every element (`dims` absent) or over `dims`.
Tensor nansum(const Tensor& t, const std::optional<IntList>& dims, bool keepdim, std::optional<ScalarType> dtype);

}  // namespace agv::ops
