#pragma once
// index_put_ and index_put (index.cpp, the in-place one in inplace.cpp): self[indices] =
// values, or += with accumulate=True, for a tuple of index tensors (int64 indices and bool
// masks) covering self's leading dims. Both record IndexPutBackward0, as PyTorch 1.13's do;
// `x[idx] = v` is index_put_ too.

#include "core/autograd/node.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"

namespace agv::ops {

/// Tensor.index_put_(indices, values, accumulate): 1.13's _index_put_impl_ with its checks
/// in its order (number of indices, values or indices sharing self's memory, index dtypes,
/// mask shapes, broadcast, values' shape and dtype, then the bounds). Without accumulate, a
/// one-element `values` and a single mask is a masked fill, which casts the value to self's
/// dtype instead of refusing it and skips the overlap check.
Tensor& indexPutInplace(Tensor& self, const TensorList& indices, const Tensor& values, bool accumulate);
/// index_put: a copy of self written as index_put_ would (one IndexPutBackward0, no clone node).
Tensor indexPut(const Tensor& self, const TensorList& indices, const Tensor& values, bool accumulate);

namespace internal {

/// The index tensors of index_put resolved against self: one int64 tensor per leading dim
/// covered, all of `shape` (masks expanded to the coordinates of their true elements,
/// then broadcast together), and the tensors as given, which PyTorch saves (`_saved_indices`).
struct ResolvedIndices {
    TensorList indices;
    IntList shape;
    TensorList keys;
};

/// What index_put_ writes: where, and the values to write there (`values`, or its cast to
/// self's dtype for a masked fill, or a copy where it overlaps self).
struct IndexPutPlan {
    ResolvedIndices where;
    Tensor source;
};

/// index_put_'s checks, in 1.13's order, and the resolved indices; raises PyTorch's errors.
/// `inplace`: self is written itself, so values and indices may not share its memory.
IndexPutPlan planIndexPut(const Tensor& self, const TensorList& keys, const Tensor& values, bool accumulate,
                          bool inplace);
/// self[where] = source (or += with accumulate; repeated indices add up in index order, as
/// 1.13's serial CPU kernel does); no autograd.
void writeIndexed(const Tensor& self, const ResolvedIndices& where, const Tensor& source, bool accumulate);
/// IndexPutBackward0's rule (index_put and index_put_ share it):
///   self: accumulate ? grad : grad.index_put(indices, zeros_like(values), false)
///   values: grad.index(indices), summed to values' shape.
/// It first unpacks the saved indices (slots 0..k-1), refusing ones modified in place since.
BackwardNode::Rule indexPutBackward(const ResolvedIndices& where, const Tensor& values, bool accumulate);
/// The tangent of index_put and index_put_: self_t.index_put(indices, values_t, accumulate).
ForwardRule indexPutForward(const TensorList& keys, bool accumulate);

}  // namespace internal

}  // namespace agv::ops
