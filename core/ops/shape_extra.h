#pragma once
// rot90, diag_embed and block_diag with PyTorch 1.13's kernels (their values are copies,
// laid out as 1.13 lays them out) and derivatives.yaml's formulas (shape_extra.cpp). Kept
// apart from ops.h so adding them rebuilds only their users.

#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// self rotated k quarter turns from dims[0] towards dims[1] (Rot90BackwardBackward0:
/// grad.rot90(-k, dims)). An odd k returns flip().transpose_() as 1.13 does: a fresh
/// tensor with transposed strides.
Tensor rot90(const Tensor& self, int64_t k = 1, const IntList& dims = {0, 1});

/// Zeros with self's last dim written onto the `offset` diagonal of the planes (dim1,
/// dim2) of the result, one dim more than self (DiagEmbedBackward0: grad.diagonal).
Tensor diagEmbed(const Tensor& self, int64_t offset = 0, int64_t dim1 = -2, int64_t dim2 = -1);

/// The tensors (at most 2-D; a 1-D one is a row, a 0-d one a 1x1 block) along the
/// diagonal of a zero matrix in their promoted dtype (BlockDiagBackward0: the blocks of grad).
Tensor blockDiag(const TensorList& tensors);

}  // namespace agv::ops
