#pragma once
// Advanced indexing (index.cpp, the in-place index_put_ in inplace.cpp): aten::index,
// self[indices], and index_put_ / index_put, self[indices] = values (or += with
// accumulate=True). `indices` has one entry per leading dim of self: an int64 tensor, a bool
// mask (covering as many dims as it has) or an undefined tensor, which is PyTorch's None
// (`:`, that dim kept whole). Python's `x[:, idx]` and `x[idx] = v` come here.
// Note [Indexed dims in the result]: the dims the index tensors broadcast to replace the
// indexed dims where those are adjacent (x[:, i, j] keeps dim 0 first); where they are not
// (x[i, :, j]) they come first, as in NumPy.

#include "core/autograd/node.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"

namespace agv::ops {

/// Tensor.index(indices) as aten::index: a copy (IndexBackward0, which saves the indices as
/// given, None included); checks in 1.13's order (too many indices, index dtypes, mask shapes,
/// broadcast, then each element's bounds).
Tensor index(const Tensor& self, const TensorList& indices);

/// Tensor.index_put_(indices, values, accumulate): 1.13's _index_put_impl_ with its checks
/// in its order (number of indices, values or indices sharing self's memory, index dtypes,
/// mask shapes, broadcast, values' shape and dtype, then the bounds). Without accumulate, a
/// one-element `values` and a single mask is a masked fill, which casts the value to self's
/// dtype instead of refusing it and skips the overlap check.
Tensor& indexPutInplace(Tensor& self, const TensorList& indices, const Tensor& values, bool accumulate);
/// index_put: a copy of self written as index_put_ would (one IndexPutBackward0, no clone node).
Tensor indexPut(const Tensor& self, const TensorList& indices, const Tensor& values, bool accumulate);

namespace internal {

/// Index tensors resolved against self: one int64 tensor per indexed dim (`dims`), all of
/// `shape` (masks expanded to the coordinates of their true elements, then broadcast
/// together), and the tensors as given, which PyTorch saves (`_saved_indices`).
struct ResolvedIndices {
    TensorList indices;
    IntList dims;
    IntList shape;
    TensorList keys;
};

/// The keys resolved against self, with 1.13's dtype, mask-shape and broadcast checks.
ResolvedIndices resolveIndices(const Tensor& self, const TensorList& keys);
/// Raises 1.13's IndexError for the first element (in order) whose index is out of range.
void checkIndexBounds(const IntList& selfSizes, const ResolvedIndices& where);
/// self[where] with autograd (IndexBackward0), bounds already checked.
Tensor index(const Tensor& self, const ResolvedIndices& where);

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
