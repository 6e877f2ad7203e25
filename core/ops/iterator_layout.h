#pragma once
// Note [Output layout of elementwise ops]
// PyTorch 1.13's TensorIterator does not make every fresh output contiguous: it lays it
// out as its inputs are laid out, and that shows (x.t().exp().stride() is (1, 5), and a
// .view(-1) of it fails), as does the rounding of a reduction of it that follows
// (Note [Reduction geometry]). compute_fast_setup_type first: when every input has the
// output's shape and all are contiguous, the output is; when all are non-overlapping and
// dense with equal strides (a transposed tensor), it takes those strides. Otherwise
// reorder_dimensions sorts the dims by the inputs' strides (a broadcast dim, stride 0,
// leaves the comparison to the next input) and the output is dense in that order.
// clone(), .to() and the *_like factories (MemoryFormat::Preserve) keep the input's
// strides when it is non-overlapping and dense, and are otherwise dense in the order of
// its strides (infer_dense_strides, the order TensorIterator finds for it alone).

#include <initializer_list>
#include <vector>

#include "core/tensor/tensor.h"

namespace agv::ops {

/// c10's is_non_overlapping_and_dense: the elements fill a block of memory exactly, in any
/// order of dims.
bool isNonOverlappingAndDense(const IntList& sizes, const IntList& strides);
inline bool isNonOverlappingAndDense(const Tensor& t) { return isNonOverlappingAndDense(t.sizes(), t.strides()); }

/// is_contiguous(MemoryFormat::ChannelsLast) of a 4-d geometry (C fastest, then W, H, N),
/// or ChannelsLast3d of a 5-d one (C, W, H, D, N); size-1 dims' strides do not count.
bool isChannelsLastContiguous(const IntList& sizes, const IntList& strides);
inline bool isChannelsLastContiguous(const Tensor& t) { return isChannelsLastContiguous(t.sizes(), t.strides()); }

/// TensorIterator::reorder_dimensions: the dims of `shape`, innermost first, sorted by the
/// operands' strides (each operand asked in turn; a broadcast dim, stride 0, leaves the
/// comparison to the next; equal strides put the shorter dim first). When
/// `firstIsReductionOutput`, operand 0 is a reduction's output and its reduced dims
/// (stride 0) come first.
std::vector<size_t> iteratorDimOrder(const IntList& shape, const std::vector<IntList>& operandStrides,
                                     bool firstIsReductionOutput = false);

/// The strides TensorIterator gives the fresh output of shape `shape` of an elementwise op
/// of `inputs` (Note [Output layout of elementwise ops]).
IntList elementwiseOutputStrides(const IntList& shape, std::initializer_list<const Tensor*> inputs);

/// MemoryFormat::Preserve: t's strides when non-overlapping and dense, else dense in their order.
IntList preservedStrides(const Tensor& t);

}  // namespace agv::ops
