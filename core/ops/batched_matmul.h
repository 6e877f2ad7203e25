#pragma once
// torch.baddbmm / torch.addbmm (linalg.cpp, beside bmm, whose kernels they share).

#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// beta * self + alpha * bmm(batch1, batch2), self broadcast to the product's shape (BaddbmmBackward0).
Tensor baddbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, Scalar beta = 1, Scalar alpha = 1);
/// beta * self + alpha * sum over the batch of batch1[b] @ batch2[b] (AddbmmBackward0).
Tensor addbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, Scalar beta = 1, Scalar alpha = 1);

}  // namespace agv::ops
