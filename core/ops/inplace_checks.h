#pragma once
// The checks every binary in-place op makes before it writes into `self`.

#include "core/tensor/tensor.h"

namespace agv::ops {

/// TensorIterator's shape check for an op writing into `self`: the operands broadcast
/// ("The size of tensor a ...") to exactly self's shape.
void checkBroadcastInto(const Tensor& self, const Tensor& other);

/// The checks of a binary in-place op, in PyTorch's order: autograd's (a leaf, a view of
/// one), then TensorIterator's shape, then its cast of the result type into self.
void checkResultType(const Tensor& self, const Tensor& other);

}  // namespace agv::ops
