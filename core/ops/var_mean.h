#pragma once
// torch.var_mean and torch.std_mean (reduce_var.cpp): the variance (or standard
// deviation) and the mean from one Welford pass, recorded as one node with two outputs.

#include <optional>
#include <utility>

#include "core/tensor/tensor.h"

namespace agv::ops {

/// (var, mean) over `dims` (every dim when absent or empty); a correction left out
/// (None) is 1. VarMeanBackward0, saving self.
std::pair<Tensor, Tensor> varMean(const Tensor& self, const std::optional<IntList>& dims,
                                  std::optional<int64_t> correction, bool keepdim);
/// (std, mean) likewise; StdMeanBackward0 also saves the std as result0.
std::pair<Tensor, Tensor> stdMean(const Tensor& self, const std::optional<IntList>& dims,
                                  std::optional<int64_t> correction, bool keepdim);

}  // namespace agv::ops
