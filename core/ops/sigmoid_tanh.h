#pragma once
// The values of sigmoid and tanh as PyTorch 1.13's AVX2 CPU kernels compute them
// (Note [sigmoid and tanh kernels]); the ops themselves are in ops.h.

#include "core/tensor/tensor.h"

namespace agv::ops::kernel {

/// sigmoid of every element of a float32/float64 tensor, as a fresh contiguous tensor.
/// `inPlace`: the loop is sigmoid_'s, which writes into `in` itself (its strides decide
/// which elements meet the vector body); otherwise torch.sigmoid's, into a new output.
Tensor sigmoidValues(const Tensor& in, bool inPlace);
/// tanh of every element of a float32/float64 tensor, as a fresh contiguous tensor.
Tensor tanhValues(const Tensor& in);

}  // namespace agv::ops::kernel
