#pragma once
// The CPU kernels behind core/ops/grid_sample.h, without autograd: the 2-D ones in
// grid_sample_2d.cpp, the 3-D ones in grid_sample_3d.cpp. Their callers have checked
// the shapes and dtypes (input and grid of one floating dtype).

#include "core/ops/grid_sample.h"

namespace agv::ops::grid_sample {

/// grid_sampler_*_backward's results: the input's gradient (undefined when not asked
/// for) and the grid's.
struct Gradients {
    Tensor input;
    Tensor grid;
};

/// grid_sampler_2d_cpu's values: (N, C, H_out, W_out).
Tensor forward2d(const Tensor& input, const Tensor& grid, const GridSampleOptions& options);
/// grid_sampler_2d_backward_cpu: the input's gradient only when `inputGrad`.
Gradients backward2d(const Tensor& gradOutput, const Tensor& input, const Tensor& grid,
                     const GridSampleOptions& options, bool inputGrad);

/// grid_sampler_3d_cpu's values: (N, C, D_out, H_out, W_out).
Tensor forward3d(const Tensor& input, const Tensor& grid, const GridSampleOptions& options);
/// grid_sampler_3d_backward_cpu: the input's gradient only when `inputGrad`.
Gradients backward3d(const Tensor& gradOutput, const Tensor& input, const Tensor& grid,
                     const GridSampleOptions& options, bool inputGrad);

}  // namespace agv::ops::grid_sample
