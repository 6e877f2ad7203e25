#pragma once
// norm.Scalar: at::norm(self, p) without dims (norm.cpp).

#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// at::norm(self, p), the overload norm_except_dim(v, p, -1) calls (and so weight_norm with
/// dim=None): the p-norm of every element, grad_fn NormBackward0 (saving p, self and the
/// result), where torch.norm and Tensor.norm, which name every dim, record NormBackward1.
Tensor normScalar(const Tensor& t, Scalar p);

}  // namespace agv::ops
