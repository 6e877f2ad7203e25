#pragma once
// Bitwise and, or, xor, not and the shifts of integer and bool tensors (no autograd:
// PyTorch's kernels refuse floating types, and only floating tensors require grad).

#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

enum class BitwiseOp { And, Or, Xor, LeftShift, RightShift };

/// a <op> b in their promoted type; b may be a wrapped Python number (scalarTensor).
Tensor bitwise(const Tensor& a, const Tensor& b, BitwiseOp op);
/// self <op>= other: computed in the promoted type, then cast into self.
Tensor& bitwiseInplace(Tensor& self, const Tensor& other, BitwiseOp op);
/// ~t: logical not for bool, one's complement for integers.
Tensor bitwiseNot(const Tensor& t);
Tensor& bitwiseNotInplace(Tensor& self);

/// "bitwise_and", "bitwise_left_shift", ...: the torch function's name.
const char* bitwiseFunctionName(BitwiseOp op);

}  // namespace agv::ops
