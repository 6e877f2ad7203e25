#pragma once
// torch.grid_sampler, grid_sampler_2d and grid_sampler_3d (what F.grid_sample calls):
// `input` (N, C, [D,] H, W) read at the normalised locations of `grid` (N, [D,] H, W, 2|3),
// computed as PyTorch 1.13's CPU kernels compute them. The 2-D kernels follow the
// vectorised arithmetic of native/cpu/GridSamplerKernel.cpp, lane for lane
// (grid_sample_2d.cpp); the 3-D ones the scalar loops of GridSampler.cpp
// (grid_sample_3d.cpp).

#include <cstdint>

#include "core/tensor/tensor.h"

namespace agv::ops {

/// F.grid_sample's mode and padding_mode as the aten functions number them.
enum class GridSamplerInterpolation { Bilinear = 0, Nearest = 1, Bicubic = 2 };
enum class GridSamplerPadding { Zeros = 0, Border = 1, Reflection = 2 };

/// The non-tensor arguments of every grid sampler function.
struct GridSampleOptions {
    int64_t interpolationMode = 0;
    int64_t paddingMode = 0;
    bool alignCorners = false;

    GridSamplerInterpolation interpolation() const { return GridSamplerInterpolation(interpolationMode); }
    GridSamplerPadding padding() const { return GridSamplerPadding(paddingMode); }
};

/// torch.grid_sampler: grid_sampler_2d for a 4-D input, grid_sampler_3d otherwise.
Tensor gridSampler(const Tensor& input, const Tensor& grid, const GridSampleOptions& options);
/// torch.grid_sampler_2d; records GridSampler2DBackward0.
Tensor gridSampler2d(const Tensor& input, const Tensor& grid, const GridSampleOptions& options);
/// torch.grid_sampler_3d; records GridSampler3DBackward0.
Tensor gridSampler3d(const Tensor& input, const Tensor& grid, const GridSampleOptions& options);

}  // namespace agv::ops
