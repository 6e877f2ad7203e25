#pragma once
// Note [Partial overlap of an in-place op's input]
// TensorIterator refuses an in-place op whose input shares memory with the written tensor
// in a way that is not the very same elements (at::assert_no_partial_overlap): the write
// would change elements the op still has to read. 1.13 decides it as get_overlap_status
// does: only when both tensors are non-overlapping and dense; the same first and last byte
// is a full overlap only when the strides agree too (as lists: `x.unsqueeze(0).add_(x)`
// is refused although it touches the same elements in the same order).

#include "core/tensor/tensor.h"

namespace agv::ops {

enum class MemOverlap { No, Full, Partial, TooHard };

/// at::get_overlap_status.
MemOverlap overlapStatus(const Tensor& a, const Tensor& b);

/// at::assert_no_partial_overlap: raises PyTorch's error when `written` and `input`
/// partially overlap.
void checkNoPartialOverlap(const Tensor& written, const Tensor& input);

}  // namespace agv::ops
