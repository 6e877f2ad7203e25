#pragma once
// Reductions that pick one element of each slice by its rank or its frequency:
// torch.kthvalue, torch.median, torch.nanmedian and torch.mode (order_statistics.cpp), and the running
// extremes torch.cummax / torch.cummin (cummax_cummin.cpp).

#include <utility>

#include "core/tensor/tensor.h"

namespace agv::ops {

/// (values, indices) of the k-th smallest element along dim (KthvalueBackward0).
std::pair<Tensor, Tensor> kthvalue(const Tensor& self, int64_t k, int64_t dim = -1, bool keepdim = false);
/// The lower median of all elements, NaN when there is one (MedianBackward0).
Tensor median(const Tensor& self);
/// (values, indices) of the lower median along dim (MedianBackward1).
std::pair<Tensor, Tensor> median(const Tensor& self, int64_t dim, bool keepdim = false);
/// The lower median of the non-NaN elements, NaN when all are (NanmedianBackward0).
Tensor nanmedian(const Tensor& self);
/// (values, indices) of the lower median of each slice's non-NaN elements along dim
/// (NanmedianBackward1).
std::pair<Tensor, Tensor> nanmedian(const Tensor& self, int64_t dim, bool keepdim = false);
/// (values, indices) of the most frequent value along dim, the smallest among equally
/// frequent ones (ModeBackward0).
std::pair<Tensor, Tensor> mode(const Tensor& self, int64_t dim = -1, bool keepdim = false);

/// (values, indices) of the running maximum / minimum along dim; a tie moves the index
/// to the later element (CummaxBackward0 / CumminBackward0).
std::pair<Tensor, Tensor> cummax(const Tensor& self, int64_t dim);
std::pair<Tensor, Tensor> cummin(const Tensor& self, int64_t dim);

}  // namespace agv::ops
