#pragma once
// index_fill / index_fill_ and index_copy / index_copy_ (index_fill_copy.cpp): whole slices
// along `dim` set to one value or copied from a source, with PyTorch 1.13's checks, nodes
// and derivatives.yaml formulas. Kept apart from ops.h so adding them rebuilds only their users.

#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// self with the slices index[i] along dim set to `value` (negative indices count from the
/// end). A number value gives IndexFillBackward0, a 0-d tensor value IndexFillBackward1,
/// whose value gets the sum of the gradient over the distinct filled slices.
Tensor indexFill(const Tensor& self, int64_t dim, const Tensor& index, Scalar value);
Tensor indexFill(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value);
Tensor& indexFillInplace(Tensor& self, int64_t dim, const Tensor& index, Scalar value);
Tensor& indexFillInplace(Tensor& self, int64_t dim, const Tensor& index, const Tensor& value);

/// self with the slice index[i] along dim replaced by source's slice i; a 0-d source goes
/// to the single index (IndexCopyBackward0: self gets grad.index_fill(dim, index, 0),
/// source the gradient's selected slices).
Tensor indexCopy(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source);
Tensor& indexCopyInplace(Tensor& self, int64_t dim, const Tensor& index, const Tensor& source);

}  // namespace agv::ops
