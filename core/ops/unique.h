#pragma once
// torch.unique and torch.unique_consecutive (unique.cpp): the distinct values of a tensor,
// or its distinct slices along a dim, with the inverse indices and the counts. None of
// them is differentiable in PyTorch 1.13: the values of a floating input get a grad_fn
// (Unique2Backward0, UniqueDimBackward0, UniqueConsecutiveBackward0) whose backward raises.

#include <optional>

#include "core/tensor/tensor.h"

namespace agv::ops {

/// What the unique ops return: the values, where each input element (or slice) went, and
/// how many there were of each. Inverse and counts that were not asked for may be empty.
struct UniqueResult {
    Tensor values;
    Tensor inverse;
    Tensor counts;
};

/// torch._unique2: the distinct elements, sorted or in the order 1.13's hash set visits
/// them (Note [Unsorted unique]).
UniqueResult unique2(const Tensor& self, bool sorted, bool returnInverse, bool returnCounts);
/// torch.unique_dim: the distinct slices along `dim`, in lexicographic order, with the
/// inverse and the counts (1.13 computes both whatever return_inverse / return_counts say).
UniqueResult uniqueDim(const Tensor& self, int64_t dim);
/// torch.unique_consecutive: runs of equal elements (or slices along `dim`) collapsed to one.
UniqueResult uniqueConsecutive(const Tensor& self, std::optional<int64_t> dim, bool returnInverse,
                               bool returnCounts);

}  // namespace agv::ops
