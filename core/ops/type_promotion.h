#pragma once
// PyTorch's result_type: dimensioned tensors outrank 0-d tensors, which outrank
// wrapped Python numbers; a lower-ranked operand only matters when its category
// (bool < integer < floating) is higher, and then it contributes its category's
// default (a Python float makes an int tensor float32, not float64).

#include <initializer_list>

#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

ScalarType resultType(std::initializer_list<const Tensor*> operands);
/// resultType({&t, wrapped number}) without materialising the number as a tensor.
ScalarType resultType(const Tensor& t, const Scalar& number);
/// at::native::sub_check: subtraction takes no bool operand (two messages).
void checkSubtraction(ScalarType a, ScalarType b);
/// TensorIterator's device check of a binary op's two inputs (compute_types with
/// allow_cpu_scalars): the common device is the first non-CPU one, and a 0-dim CPU tensor
/// may meet a cuda tensor there (x_cuda * torch.tensor(2.)); any other mix raises "Expected
/// all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!".
/// Returns the common device: where the result lives.
Device checkSameDevice(const Tensor& a, const Tensor& b);
/// The same check for an op writing into `out` (in place): out, an output, must be on the
/// common device itself (a CPU tensor cannot take x_cuda's values in place).
void checkOutputDevice(const Tensor& out, const Tensor& other);
/// Two tensors on one device, no CPU scalar allowed: ops that are not TensorIterator's.
void checkOnOneDevice(const Tensor& a, const Tensor& b);
/// TensorIterator's cast check of a result into an output: never down a category
/// (floating to integer, integer to bool).
bool canCast(ScalarType from, ScalarType to);
/// Result of a true division or a floating unary op: integers become the default float.
ScalarType floatResultType(ScalarType t);

}  // namespace agv::ops
