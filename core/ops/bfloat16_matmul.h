#pragma once
// bfloat16 matrix products as PyTorch 1.13's CPU computes them (see Note [bfloat16 matrix
// products] in bfloat16_matmul.cpp).

#include "core/tensor/tensor.h"

namespace agv::ops::bfloat16 {

/// result (m x n, row-major contiguous, holding the broadcast `self` when beta != 0) =
/// beta * result + alpha * a (m x k) @ b (k x n): addmm_impl_cpu_ on bfloat16 operands.
/// `a` and `b` are bfloat16 matrices of any strides; k > 0.
void addmmInto(Tensor& result, const Tensor& a, const Tensor& b, double beta, double alpha);

/// bmm / baddbmm's oneDNN path (mkldnn_matmul over the batch): whether 1.13 takes it for
/// these operands, and the product itself, result (batch x m x n, contiguous, holding self
/// when beta != 0) = beta * result + alpha * a @ b.
bool batchedTakesOneDnn(const Tensor& a, const Tensor& b);
void batchedOneDnnInto(Tensor& result, const Tensor& a, const Tensor& b, double beta, double alpha);

/// mkldnn_matmul for mv / addmv (more than 16^3 matrix elements) and dot (vectors of more
/// than 16^3 elements): y (m, contiguous, holding self when beta != 0) = beta * y + alpha *
/// mat @ vec, or the dot product of a and b into the one-element `result`. Each returns
/// false, computing nothing, where 1.13 takes its scalar loops instead.
bool matrixVectorOneDnn(Tensor& y, const Tensor& mat, const Tensor& vec, double beta, double alpha);
bool dotOneDnn(Tensor& result, const Tensor& a, const Tensor& b);

}  // namespace agv::ops::bfloat16
