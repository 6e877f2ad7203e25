#pragma once
// Tensor.resize_ and the resizing out= arguments get (1.13's resize_output).

#include "core/tensor/tensor.h"

namespace agv::ops {

/// Tensor.resize_: gives `t` the shape `sizes` with contiguous strides, keeping its storage
/// offset and the values in its first bytes. Memory grows by a new storage for this tensor
/// alone: other views of the old storage keep the old one (1.13 grows the shared storage
/// in place). New elements are zero.
void resizeInPlace(const Tensor& t, const IntList& sizes);

/// resize_output: resizeInPlace when the shape differs, with 1.13's warning (Resize.cpp)
/// when `out` had elements.
void resizeOutput(const Tensor& out, const IntList& sizes);

}  // namespace agv::ops
