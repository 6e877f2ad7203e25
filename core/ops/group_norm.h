#pragma once
// native_group_norm (group_norm.cpp).

#include "core/tensor/tensor.h"

namespace agv::ops {

/// torch.group_norm: the channels of an (N, C, *) input normalised in `groups` groups,
/// then scaled by weight and shifted by bias per channel (either may be undefined);
/// grad_fn NativeGroupNormBackward0. An input not laid out in the memory format it suggests
/// is copied into it first (CloneBackward0); the result has that format.
Tensor groupNorm(const Tensor& input, int64_t groups, const Tensor& weight, const Tensor& bias, double eps);

}  // namespace agv::ops
