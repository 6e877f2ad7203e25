#pragma once
// torch.cdist and torch.pdist (F.pdist) with PyTorch 1.13's CPU kernels, nodes and errors
// (distance.cpp). Kept apart from ops.h so adding them rebuilds only their users.

#include <cstdint>
#include <optional>

#include "core/tensor/tensor.h"

namespace agv::ops {

/// The p-norm distance between each row of x1 (*, R1, M) and each row of x2 (*, R2, M),
/// batch dims broadcast: (*, R1, R2). computeMode is at::cdist's: none or 0 computes p = 2
/// through matrix products when R1 or R2 exceeds 25 (EuclideanDistBackward0 under a
/// ViewBackward0), 1 always, 2 never; every other case is one CdistBackward0.
Tensor cdist(const Tensor& x1, const Tensor& x2, double p = 2.0, std::optional<int64_t> computeMode = {});

/// The p-norm distance between every pair of rows i < j of a 2-D input, in row-major pair
/// order (PdistBackward0).
Tensor pdist(const Tensor& self, double p = 2.0);

}  // namespace agv::ops
