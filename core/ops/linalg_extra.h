#pragma once
// vdot, addmv / addmv_, addr / addr_, dist and cross / linalg.cross with PyTorch 1.13's
// CPU kernels and derivatives.yaml formulas (linalg_extra.cpp; addmv lives in linalg.cpp
// beside mv, whose BLAS call it shares; dist in norm.cpp, whose kernel it is). Kept apart
// from ops.h so adding them rebuilds only their users.

#include <optional>

#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// The dot product of two 1-D tensors, the first conjugated (a no-op for real tensors);
/// dot's checks and kernel (VdotBackward0).
Tensor vdot(const Tensor& self, const Tensor& other);

/// beta * self + alpha * (mat @ vec), self broadcast to mat.size(0) and left unread when
/// beta is 0; one BLAS gemv call as addmv_impl_cpu makes it (AddmvBackward0).
Tensor addmv(const Tensor& self, const Tensor& mat, const Tensor& vec, Scalar beta = 1, Scalar alpha = 1);
Tensor& addmvInplace(Tensor& self, const Tensor& mat, const Tensor& vec, Scalar beta = 1, Scalar alpha = 1);

/// beta * self + alpha * outer(vec1, vec2) elementwise, in the operands' promoted dtype
/// (AddrBackward0); addr_ writes into a 2-D self of exactly that shape.
Tensor addr(const Tensor& self, const Tensor& vec1, const Tensor& vec2, Scalar beta = 1, Scalar alpha = 1);
Tensor& addrInplace(Tensor& self, const Tensor& vec1, const Tensor& vec2, Scalar beta = 1, Scalar alpha = 1);

/// The p-norm of self - other, broadcast (DistBackward0: norm_backward of the difference).
Tensor dist(const Tensor& self, const Tensor& other, Scalar p = 2);

/// The cross product of 3-vectors along `dim` (LinalgCrossBackward0), inputs broadcast.
/// torch.linalg.cross's dim defaults to -1; torch.cross's `dim` None means the first dim
/// of size 3 (with 1.13's deprecation warning, given by the binding).
Tensor linalgCross(const Tensor& self, const Tensor& other, int64_t dim = -1);

}  // namespace agv::ops
