#pragma once
// torch._C._nn.upsample_nearest1d/2d/3d, upsample_linear1d, upsample_bilinear2d and
// upsample_trilinear3d (the .vec overloads F.interpolate calls), computed as PyTorch 1.13's CPU kernels compute them:
// source indices and weights in the tensor's dtype (UpSample.h), each output a weighted
// sum t0 * w0 + t1 * w1 per dimension, the backward scattering in output order.

#include <optional>
#include <vector>

#include "core/tensor/tensor.h"

namespace agv::ops {

enum class UpsampleMode { Nearest, Linear };

/// `input` of shape (N, C, spatial...) with one, two or three spatial dims resized to
/// `outputSize` or by `scaleFactors` (exactly one given). Linear is linear for 1 spatial
/// dim, bilinear for 2, trilinear for 3. Records UpsampleNearest{1,2,3}DBackward1 /
/// UpsampleLinear1DBackward1 / UpsampleBilinear2DBackward1 / UpsampleTrilinear3DBackward1.
Tensor upsample(const Tensor& input, UpsampleMode mode, const std::optional<IntList>& outputSize,
                const std::optional<std::vector<double>>& scaleFactors, bool alignCorners);

}  // namespace agv::ops
