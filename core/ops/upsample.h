#pragma once
// torch._C._nn.upsample_nearest1d/2d/3d, _upsample_nearest_exact1d/2d/3d, upsample_linear1d,
// upsample_bilinear2d, upsample_trilinear3d, upsample_bicubic2d, _upsample_bilinear2d_aa and
// _upsample_bicubic2d_aa (the .vec overloads F.interpolate calls), computed as PyTorch 1.13's
// CPU kernels compute them: source indices and weights in the tensor's dtype (UpSample.h),
// each linear output a weighted sum t0 * w0 + t1 * w1 per dimension, the backward
// scattering in output order. Bicubic and antialiasing live in core/ops/upsample_kernels.h.

#include <optional>
#include <vector>

#include "core/tensor/tensor.h"

namespace agv::ops {

/// Nearest is 1.13's legacy floor(o * scale); NearestExact rounds the pixel centre,
/// floor((o + 0.5) * scale); Cubic is bicubic (2 spatial dims only).
enum class UpsampleMode { Nearest, NearestExact, Linear, Cubic };

/// `input` of shape (N, C, spatial...) with one, two or three spatial dims resized to
/// `outputSize` or by `scaleFactors` (exactly one given). Linear is linear for 1 spatial
/// dim, bilinear for 2, trilinear for 3; `antialias` (Linear and Cubic over 2 spatial
/// dims) filters like Pillow. Records UpsampleNearest{1,2,3}DBackward1 /
/// UpsampleNearestExact{1,2,3}DBackward1 / UpsampleLinear1DBackward1 /
/// UpsampleBilinear2DBackward1 / UpsampleTrilinear3DBackward1 / UpsampleBicubic2DBackward1 /
/// UpsampleBilinear2DAaBackward1 / UpsampleBicubic2DAaBackward1.
Tensor upsample(const Tensor& input, UpsampleMode mode, const std::optional<IntList>& outputSize,
                const std::optional<std::vector<double>>& scaleFactors, bool alignCorners, bool antialias = false);

}  // namespace agv::ops
