#pragma once
// The ops' side of the GPU kernels (Note [GPU kernels]): whether a cuda tensor's op runs
// there, and the engine's tensors turned into the kernels' operands. Each function answers
// nullopt / false when the GPU does not take the op, before allocating anything, and the
// op then runs its CPU kernel.

#include <optional>

#include "core/device/gpu_kernels.h"
#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::ops::gpu_dispatch {

/// The kernels' element type of `dtype`; nullopt for float16 and bfloat16 (CPU kernels).
std::optional<gpu::ElementType> elementType(ScalarType dtype);

/// op(a, b) computed in `computeType` into a fresh `outType` tensor laid out as
/// TensorIterator lays out the output; nullopt when a and b are not cuda tensors the
/// kernels take (the caller's CPU kernel then runs, its checks included).
std::optional<Tensor> binary(gpu::BinaryOp op, const Tensor& a, const Tensor& b, ScalarType computeType,
                             ScalarType outType, double alpha = 1);

/// op(a, number) as binary, the number (a Python number: a CPU scalar to PyTorch's CUDA
/// kernels) passed by value rather than as a wrapped-number tensor.
std::optional<Tensor> binaryWithNumber(gpu::BinaryOp op, const Tensor& a, const Scalar& number, ScalarType computeType,
                                       ScalarType outType, double alpha = 1);

/// self = op(self, other) in place, other broadcast to self, when self's dtype is the
/// operands' common one (a wider common dtype: the caller's kernel). false as binary.
bool binaryInPlace(gpu::BinaryOp op, const Tensor& self, const Tensor& other, double alpha = 1);

/// op(t) into a fresh tensor of t's dtype; nullopt as binary.
std::optional<Tensor> unary(gpu::UnaryOp op, const Tensor& t);

/// t = op(t) in place; false as binaryInPlace.
bool unaryInPlace(gpu::UnaryOp op, const Tensor& t);

/// dst = src (converted; src broadcast to dst) when both are on the GPU the kernels run on.
bool copy(const Tensor& dst, const Tensor& src);

}  // namespace agv::ops::gpu_dispatch
