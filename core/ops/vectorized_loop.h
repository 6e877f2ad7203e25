#pragma once
// Which elements PyTorch's cpu_kernel_vec computes with its Vectorized body and which
// with its scalar body (Note [cpu_kernel_vec bodies]).

#include <vector>

#include "core/tensor/tensor.h"

namespace agv::ops::kernel {

/// For an elementwise op over `sizes`, one flag per element in row-major order: true
/// where PyTorch 1.13's cpu_kernel_vec uses the Vectorized body, false where it uses
/// the scalar one. `strides` holds each operand's element strides as broadcast to
/// `sizes` (0 along broadcast dims), the output first; an empty entry is an output the
/// op allocates. `lanes` is the number of elements in one AVX2 vector (8 floats, 4 doubles).
std::vector<bool> vectorizedElements(const IntList& sizes, const std::vector<IntList>& strides, int64_t lanes);

}  // namespace agv::ops::kernel
