// Bitwise ops of integer and bool tensors, as PyTorch 1.13's CPU kernels compute them
// (BinaryOpsKernel.cpp): in the operands' promoted type, floating types refused.

#include "core/ops/bitwise.h"

#include <type_traits>

#include "core/ops/inplace_checks.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/type_promotion.h"
#include "core/ops/view_inplace.h"
#include "core/ops/zero_tensor.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

const char* kernelName(BitwiseOp op)
{
    switch (op) {
    case BitwiseOp::And: return "bitwise_and_cpu";
    case BitwiseOp::Or: return "bitwise_or_cpu";
    case BitwiseOp::Xor: return "bitwise_xor_cpu";
    case BitwiseOp::LeftShift: return "lshift_cpu";
    case BitwiseOp::RightShift: return "rshift_cpu";
    }
    return "?";
}

bool isShift(BitwiseOp op) { return op == BitwiseOp::LeftShift || op == BitwiseOp::RightShift; }

// Note [Shift counts]
// PyTorch's shift kernels are plain C++: `static_cast<make_unsigned_t<T>>(a) << b` and
// `a >> b`. A type narrower than int is promoted to int first, and x86's shift
// instructions take the count modulo the promoted type's width, so int32 << 32 leaves
// the value as it was, int8 << 33 doubles it, uint8 200 << 8 is 0 once truncated, and a
// negative count is a large one. C++ calls those shifts undefined; we mask the count
// ourselves and shift unsigned values to get the same bits.
template <typename T>
T shiftLeft(T a, T b)
{
    using Promoted = std::conditional_t<(sizeof(T) < 4), uint32_t, std::make_unsigned_t<T>>;
    constexpr uint64_t mask = sizeof(Promoted) * 8 - 1;
    const Promoted value = Promoted(std::make_unsigned_t<T>(a));
    return static_cast<T>(value << (uint64_t(b) & mask));
}

template <typename T>
T shiftRight(T a, T b)
{
    using Promoted = std::conditional_t<(sizeof(T) < 4), int32_t, T>;
    constexpr uint64_t mask = sizeof(Promoted) * 8 - 1;
    return static_cast<T>(Promoted(a) >> (uint64_t(b) & mask));
}

template <typename T>
T apply(T a, T b, BitwiseOp op)
{
    if constexpr (std::is_same_v<T, bool>) {
        switch (op) {
        case BitwiseOp::And: return a && b;
        case BitwiseOp::Or: return a || b;
        default: return a != b;
        }
    } else {
        switch (op) {
        case BitwiseOp::And: return T(a & b);
        case BitwiseOp::Or: return T(a | b);
        case BitwiseOp::Xor: return T(a ^ b);
        case BitwiseOp::LeftShift: return shiftLeft(a, b);
        case BitwiseOp::RightShift: return shiftRight(a, b);
        }
        return T(0);
    }
}

template <typename T>
Tensor computeTyped(const Tensor& x, const Tensor& y, const IntList& shape, ScalarType type, BitwiseOp op)
{
    if constexpr (std::is_floating_point_v<T>)
        return Tensor();  // refused by checkType before the dispatch
    else
        return kernel::mapBinary<T, T>(x, y, shape, type, [op](T p, T q) { return apply(p, q, op); });
}

template <typename T>
Tensor notTyped(const Tensor& t)
{
    if constexpr (std::is_floating_point_v<T>)
        return Tensor();  // refused before the dispatch
    else if constexpr (std::is_same_v<T, bool>)
        return kernel::mapUnary<T, T>(t, t.dtype(), [](T x) { return !x; });
    else
        return kernel::mapUnary<T, T>(t, t.dtype(), [](T x) { return T(~x); });
}

void checkType(ScalarType type, BitwiseOp op)
{
    const bool takes = isShift(op) ? isIntegralType(type, false) : isIntegralType(type, true);
    if (!takes)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(type, kernelName(op));
}

Tensor compute(const Tensor& a, const Tensor& b, ScalarType type, BitwiseOp op)
{
    checkSameDevice(a, b);
    checkType(type, op);
    const IntList shape = broadcastShapes(a.sizes(), b.sizes());
    const Tensor x = kernel::convert(a, type);
    const Tensor y = kernel::convert(b, type);
    return AGV_DISPATCH_ALL(type, kernelName(op), [&] { return computeTyped<scalar_t>(x, y, shape, type, op); });
}

}  // namespace

const char* bitwiseFunctionName(BitwiseOp op)
{
    switch (op) {
    case BitwiseOp::And: return "bitwise_and";
    case BitwiseOp::Or: return "bitwise_or";
    case BitwiseOp::Xor: return "bitwise_xor";
    case BitwiseOp::LeftShift: return "bitwise_left_shift";
    case BitwiseOp::RightShift: return "bitwise_right_shift";
    }
    return "?";
}

Tensor bitwise(const Tensor& a, const Tensor& b, BitwiseOp op)
{
    Tensor out = compute(a, b, resultType({&a, &b}), op);
    announceTensor(out);
    return out;
}

Tensor& bitwiseInplace(Tensor& self, const Tensor& other, BitwiseOp op)
{
    checkResultType(self, other);
    checkNotZeroTensor(self);
    Tensor result;
    {
        trace::MuteGuard mute;
        result = compute(self, other, resultType({&self, &other}), op);
    }
    kernel::copyInto(self, result);
    self.bumpVersion(kernelName(op));
    return self;
}

Tensor bitwiseNot(const Tensor& t)
{
    if (!isIntegralType(t.dtype(), true))
        throw AGV_DISPATCH_NOT_IMPLEMENTED(t.dtype(), "bitwise_not_cpu");
    Tensor out = AGV_DISPATCH_ALL(t.dtype(), "bitwise_not_cpu", [&] { return notTyped<scalar_t>(t); });
    announceTensor(out);
    return out;
}

Tensor& bitwiseNotInplace(Tensor& self)
{
    checkInplace(self);
    checkNoInternalOverlap(self);
    checkNotZeroTensor(self);
    Tensor result;
    {
        trace::MuteGuard mute;
        result = bitwiseNot(self);
    }
    kernel::copyInto(self, result);
    self.bumpVersion("bitwise_not_");
    return self;
}

}  // namespace agv::ops
