#include "core/ops/gpu_dispatch.h"

#include "core/ops/iterator_layout.h"
#include "core/ops/kernels.h"
#include "core/ops/ops.h"
#include "core/ops/type_promotion.h"

namespace agv::ops::gpu_dispatch {

namespace {

bool isNumber(const Tensor& t) { return t.impl()->isWrappedNumber(); }

bool onKernels(const Tensor& t) { return t.defined() && t.device().isCuda() && gpu::kernelsActive(); }

/// A 0-dim CPU tensor beside a cuda one: TensorIterator's CPU scalar, which the CUDA kernel
/// takes by value as it takes a Python number (opmath_gpu_kernel_with_scalars).
bool isCpuScalarBeside(const Tensor& t, const Tensor& other)
{
    return t.defined() && t.device().isCpu() && t.dim() == 0 && onKernels(other);
}

bool passedByValue(const Tensor& t, const Tensor& other) { return isNumber(t) || isCpuScalarBeside(t, other); }

/// A Python number is a CPU scalar to PyTorch's CUDA kernels: passed by value.
gpu::Operand numberOperand(const Tensor& t, gpu::ElementType type)
{
    gpu::Operand op;
    op.type = type;
    op.isNumber = true;
    op.numberIsIntegral = !isFloatingType(t.dtype());
    if (op.numberIsIntegral)
        op.intNumberValue = t.intValueAt(0);
    else
        op.numberValue = t.valueAt(0);
    return op;
}

gpu::Operand memoryOperand(const Tensor& t, gpu::ElementType type, const IntList& shape)
{
    gpu::Operand op;
    op.data = t.rawData();
    op.type = type;
    op.strides = kernel::broadcastStrides(t, shape);
    return op;
}

bool takes(gpu::BinaryOp op, ScalarType computeType)
{
    switch (op) {
    case gpu::BinaryOp::AddScaled: return computeType != ScalarType::Bool;
    case gpu::BinaryOp::Div: return computeType == ScalarType::Float32 || computeType == ScalarType::Float64;
    case gpu::BinaryOp::ThresholdBackward: return computeType != ScalarType::Bool;
    default: return true;
    }
}

}  // namespace

std::optional<gpu::ElementType> elementType(ScalarType dtype)
{
    switch (dtype) {
    case ScalarType::Float32: return gpu::ElementType::Float32;
    case ScalarType::Float64: return gpu::ElementType::Float64;
    case ScalarType::Int64: return gpu::ElementType::Int64;
    case ScalarType::Int32: return gpu::ElementType::Int32;
    case ScalarType::Int16: return gpu::ElementType::Int16;
    case ScalarType::Int8: return gpu::ElementType::Int8;
    case ScalarType::UInt8: return gpu::ElementType::UInt8;
    case ScalarType::Bool: return gpu::ElementType::Bool;
    case ScalarType::Half:
    case ScalarType::BFloat16: return std::nullopt;
    }
    return std::nullopt;
}

std::optional<Tensor> binary(gpu::BinaryOp op, const Tensor& a, const Tensor& b, ScalarType computeType,
                             ScalarType outType, double alpha)
{
    if (!(onKernels(a) || isCpuScalarBeside(a, b)) || !(onKernels(b) || isCpuScalarBeside(b, a)) ||
        !takes(op, computeType))
        return std::nullopt;
    const std::optional<gpu::ElementType> type = elementType(computeType);
    const std::optional<gpu::ElementType> outElement = elementType(outType);
    if (!type || !outElement || (outType != computeType && outType != ScalarType::Bool))
        return std::nullopt;
    checkSameDevice(a, b);
    const IntList shape = broadcastShapes(a.sizes(), b.sizes());
    if (shape.size() > size_t(gpu::kMaxDims))
        return std::nullopt;
    const IntList strides = elementwiseOutputStrides(shape, {&a, &b});
    // Operands in the compute type first (on the GPU too, through copy below). A CPU scalar
    // is cast on the host, as TensorIterator casts it before the kernel reads its value.
    const bool aByValue = passedByValue(a, b), bByValue = passedByValue(b, a);
    const Tensor x = isNumber(a) ? a : kernel::convert(a, computeType);
    const Tensor y = isNumber(b) ? b : kernel::convert(b, computeType);
    Tensor out = kernel::newStridedTensor(shape, strides, outType, aByValue ? b.device() : a.device());
    const gpu::Operand ox = aByValue ? numberOperand(x, *type) : memoryOperand(x, *type, shape);
    const gpu::Operand oy = bByValue ? numberOperand(y, *type) : memoryOperand(y, *type, shape);
    if (!gpu::binary(op, shape, memoryOperand(out, *outElement, shape), ox, oy, alpha))
        return std::nullopt;
    return out;
}

std::optional<Tensor> binaryWithNumber(gpu::BinaryOp op, const Tensor& a, const Scalar& number,
                                       ScalarType computeType, ScalarType outType, double alpha)
{
    if (!onKernels(a) || !takes(op, computeType) || a.dim() > gpu::kMaxDims)
        return std::nullopt;
    const std::optional<gpu::ElementType> type = elementType(computeType);
    const std::optional<gpu::ElementType> outElement = elementType(outType);
    if (!type || !outElement || (outType != computeType && outType != ScalarType::Bool))
        return std::nullopt;
    const IntList strides = elementwiseOutputStrides(a.sizes(), {&a});
    const Tensor x = kernel::convert(a, computeType);
    Tensor out = kernel::newStridedTensor(a.sizes(), strides, outType, a.device());
    gpu::Operand y;
    y.type = *type;
    y.isNumber = true;
    // As the CPU's tensor-and-number kernel: the number in double for a floating result.
    y.numberIsIntegral = !isFloatingType(computeType);
    y.intNumberValue = number.toInt();
    y.numberValue = number.toDouble();
    if (!gpu::binary(op, a.sizes(), memoryOperand(out, *outElement, a.sizes()), memoryOperand(x, *type, a.sizes()), y,
                     alpha))
        return std::nullopt;
    return out;
}

bool binaryInPlace(gpu::BinaryOp op, const Tensor& self, const Tensor& other, double alpha)
{
    const bool otherByValue = passedByValue(other, self);
    if (!onKernels(self) || !(otherByValue || (onKernels(other) && self.device() == other.device())) ||
        self.dim() > gpu::kMaxDims)
        return false;
    if (resultType({&self, &other}) != self.dtype() || !takes(op, self.dtype()) ||
        !isExpandableTo(other.sizes(), self.sizes()))
        return false;
    const std::optional<gpu::ElementType> type = elementType(self.dtype());
    if (!type)
        return false;
    const IntList& shape = self.sizes();
    const Tensor y = isNumber(other) ? other : kernel::convert(other, self.dtype());
    const gpu::Operand oy = otherByValue ? numberOperand(y, *type) : memoryOperand(y, *type, shape);
    const gpu::Operand oself = memoryOperand(self, *type, shape);
    return gpu::binary(op, shape, oself, oself, oy, alpha);
}

std::optional<Tensor> unary(gpu::UnaryOp op, const Tensor& t)
{
    if (!onKernels(t) || t.dim() > gpu::kMaxDims)
        return std::nullopt;
    const std::optional<gpu::ElementType> type = elementType(t.dtype());
    if (!type)
        return std::nullopt;
    Tensor out = kernel::newStridedTensor(t.sizes(), elementwiseOutputStrides(t.sizes(), {&t}), t.dtype(), t.device());
    if (!gpu::unary(op, t.sizes(), memoryOperand(out, *type, t.sizes()), memoryOperand(t, *type, t.sizes())))
        return std::nullopt;
    return out;
}

bool unaryInPlace(gpu::UnaryOp op, const Tensor& t)
{
    if (!onKernels(t) || t.dim() > gpu::kMaxDims)
        return false;
    const std::optional<gpu::ElementType> type = elementType(t.dtype());
    if (!type)
        return false;
    const gpu::Operand operand = memoryOperand(t, *type, t.sizes());
    return gpu::unary(op, t.sizes(), operand, operand);
}

bool copy(const Tensor& dst, const Tensor& src)
{
    if (!onKernels(dst) || !onKernels(src) || !(dst.device() == src.device()) || dst.dim() > gpu::kMaxDims)
        return false;
    const std::optional<gpu::ElementType> dstType = elementType(dst.dtype());
    const std::optional<gpu::ElementType> srcType = elementType(src.dtype());
    if (!dstType || !srcType)
        return false;
    return gpu::copy(dst.sizes(), memoryOperand(dst, *dstType, dst.sizes()), memoryOperand(src, *srcType, dst.sizes()));
}

}  // namespace agv::ops::gpu_dispatch
