#pragma once
// Ops that place values into bins, none differentiable: torch.histc (equal-width bins
// between min and max) and torch.searchsorted / torch.bucketize (the insertion points of
// values among sorted boundaries). See binning.cpp.

#include <optional>
#include <string>

#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// torch.histc: counts of `self`'s elements in `bins` equal bins over [min, max]; with
/// min == max the range is the data's (widened by 1 each side when still empty).
Tensor histc(const Tensor& self, int64_t bins = 100, const Scalar& min = Scalar(int64_t(0)),
             const Scalar& max = Scalar(int64_t(0)));

/// torch.searchsorted: for each value, the index where it would be inserted in the last
/// dim of `sortedSequence` (through `sorter` when given) to keep it sorted; `right` (or
/// side == "right") takes the index after equal boundaries.
Tensor searchsorted(const Tensor& sortedSequence, const Tensor& values, bool outInt32 = false, bool right = false,
                    const std::optional<std::string>& side = {}, const Tensor& sorter = {});
/// torch.searchsorted with a Python number for the values (a 0-d result).
Tensor searchsorted(const Tensor& sortedSequence, const Scalar& value, bool outInt32 = false, bool right = false,
                    const std::optional<std::string>& side = {}, const Tensor& sorter = {});

/// torch.bucketize: searchsorted of `values` among 1-D `boundaries`.
Tensor bucketize(const Tensor& values, const Tensor& boundaries, bool outInt32 = false, bool right = false);
Tensor bucketize(const Scalar& value, const Tensor& boundaries, bool outInt32 = false, bool right = false);

}  // namespace agv::ops
