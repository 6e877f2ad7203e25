#pragma once

// Pooling ops added after ops.h settled: adaptive max pooling and the 3-d pools.
// (Declared here rather than in ops.h, which half the tree includes.)

#include <optional>
#include <utility>

#include "core/tensor/tensor.h"

namespace agv::ops {

/// adaptive_max_pool2d: the largest value of each adaptive window and its flat index in
/// the input plane; input (N, C, H, W) or (C, H, W). Node AdaptiveMaxPool2DBackward0.
std::pair<Tensor, Tensor> adaptiveMaxPool2d(const Tensor& self, const IntList& outputSize);

/// adaptive_avg_pool3d over (N, C, T, H, W) or (C, T, H, W); node AdaptiveAvgPool3DBackward0
/// (an all-ones output size is a mean, as in PyTorch). In adaptive_pool3d.cpp.
Tensor adaptiveAvgPool3d(const Tensor& self, const IntList& outputSize);

/// adaptive_max_pool3d: each adaptive window's largest value and its flat index in the
/// input volume; node AdaptiveMaxPool3DBackward0. In adaptive_pool3d.cpp.
std::pair<Tensor, Tensor> adaptiveMaxPool3d(const Tensor& self, const IntList& outputSize);

/// avg_pool3d over (N, C, T, H, W) or (C, T, H, W); node AvgPool3DBackward0.
Tensor avgPool3d(const Tensor& self, const IntList& kernel, const IntList& stride, const IntList& padding,
                 bool ceilMode, bool countIncludePad, std::optional<int64_t> divisorOverride);

/// max_pool3d_with_indices over (N, C, T, H, W) or (C, T, H, W); node MaxPool3DWithIndicesBackward0.
std::pair<Tensor, Tensor> maxPool3dWithIndices(const Tensor& self, const IntList& kernel, const IntList& stride,
                                               const IntList& padding, const IntList& dilation, bool ceilMode);

}  // namespace agv::ops
