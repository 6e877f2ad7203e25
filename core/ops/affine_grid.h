#pragma once
// torch.affine_grid_generator (what F.affine_grid calls): the sampling grid of a batch
// of affine maps, computed as PyTorch 1.13's AffineGridGenerator.cpp computes it, a base
// grid of normalised coordinates times theta's transpose (bmm).

#include "core/tensor/tensor.h"

namespace agv::ops {

/// `theta` (N, 2, 3) for a 4-D `size` (N, C, H, W), giving an (N, H, W, 2) grid, or
/// (N, 3, 4) for a 5-D size, giving (N, D, H, W, 3). Records AffineGridGeneratorBackward0.
Tensor affineGridGenerator(const Tensor& theta, const IntList& size, bool alignCorners);

/// torch.affine_grid_generator_backward: theta's gradient from the grid's. Composite in
/// PyTorch, so its ops (bmm, view, transpose) record their own nodes under create_graph.
Tensor affineGridGeneratorBackward(const Tensor& grad, const IntList& size, bool alignCorners);

}  // namespace agv::ops
