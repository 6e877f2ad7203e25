#pragma once
// The bodies of the GPU's elementwise kernels: what one thread does for one element.
// Compiled twice: by nvcc into the kernels (elementwise_launch.cu) and by g++ into their
// host emulation (gpu_kernels.cpp), which the tests run on machines without a GPU. So this
// header is C++17 and includes nothing of the engine. See Note [GPU kernels].

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "core/device/gpu_kernels.h"

#if defined(__CUDACC__)
#define AGV_HOST_DEVICE __host__ __device__
#else
#define AGV_HOST_DEVICE
#endif

namespace agv::gpu::body {

/// A loop over `numel` elements of a `ndim`-dimensional shape for up to three operands
/// (operand 0 is the output): per operand its base address and byte strides, or, for a
/// Python number, its value. Passed to the kernel by value.
struct Loop {
    int ndim = 0;
    int64_t numel = 0;
    int64_t sizes[kMaxDims] = {};
    int64_t byteStrides[3][kMaxDims] = {};
    char* base[3] = {};
    bool isNumber[3] = {};
    bool numberIsIntegral[3] = {};
    double numberValue[3] = {};
    int64_t intNumberValue[3] = {};
    BinaryOp binaryOp = BinaryOp::Mul;
    UnaryOp unaryOp = UnaryOp::Neg;
    double alpha = 1;
};

/// Byte offsets of element `linear` (row-major over the loop's shape) in each operand.
AGV_HOST_DEVICE inline void offsetsOf(const Loop& loop, int64_t linear, int64_t offsets[3])
{
    offsets[0] = offsets[1] = offsets[2] = 0;
    for (int d = loop.ndim - 1; d >= 0; --d) {
        const int64_t size = loop.sizes[d];
        const int64_t index = linear % size;
        linear /= size;
        offsets[0] += index * loop.byteStrides[0][d];
        offsets[1] += index * loop.byteStrides[1][d];
        offsets[2] += index * loop.byteStrides[2][d];
    }
}

template <typename T>
constexpr bool kIsFloat = std::is_floating_point_v<T>;

template <typename T>
constexpr bool kWraps = std::is_integral_v<T> && !std::is_same_v<T, bool>;

/// A value converted as the engine's CPU kernels convert it (ops::convertValue): a float
/// out of an integer type's range (or NaN) becomes its minimum, as x86 gives; uint8 goes
/// through int64 and int8/int16 through int32 (c10's static_cast_with_inter_type).
template <typename To, typename From>
AGV_HOST_DEVICE To convert(From from)
{
    if constexpr (std::is_same_v<To, bool>) {
        return from != From(0);
    } else if constexpr (std::is_same_v<To, uint8_t> && kIsFloat<From>) {
        return static_cast<uint8_t>(convert<int64_t>(from));
    } else if constexpr (kWraps<To> && sizeof(To) < 4 && kIsFloat<From>) {
        return static_cast<To>(convert<int32_t>(from));
    } else if constexpr (kWraps<To> && std::is_signed_v<To> && kIsFloat<From>) {
        const From lowest = static_cast<From>(std::numeric_limits<To>::min());
        if (!(from >= lowest && from < -lowest))
            return std::numeric_limits<To>::min();
        return static_cast<To>(from);
    } else {
        return static_cast<To>(from);
    }
}

/// The value of operand k at `offset`: from memory, or the Python number in T.
template <typename T>
AGV_HOST_DEVICE T load(const Loop& loop, int k, int64_t offset)
{
    if (loop.isNumber[k]) {
        if (loop.numberIsIntegral[k])
            return convert<T>(loop.intNumberValue[k]);
        return convert<T>(loop.numberValue[k]);
    }
    return *reinterpret_cast<const T*>(loop.base[k] + offset);
}

/// Integer arithmetic wraps around as PyTorch's does (two's complement), computed unsigned
/// so that neither compiler sees signed overflow.
template <typename T>
AGV_HOST_DEVICE T wrap(uint64_t v)
{
    return static_cast<T>(static_cast<std::make_unsigned_t<T>>(v));
}

template <typename T>
AGV_HOST_DEVICE T fusedAdd(T a, T alpha, T b)
{
    if constexpr (std::is_same_v<T, float>)
        return fmaf(b, alpha, a);
    else if constexpr (std::is_same_v<T, double>)
        return fma(b, alpha, a);
    else
        return wrap<T>(uint64_t(a) + uint64_t(alpha) * uint64_t(b));
}

template <typename T>
AGV_HOST_DEVICE T multiply(T a, T b)
{
    if constexpr (kWraps<T>)
        return wrap<T>(uint64_t(a) * uint64_t(b));
    else if constexpr (std::is_same_v<T, bool>)
        return a && b;
    else
        return a * b;
}

/// out = op(a, b) for element `linear`; In is the operands' type, Out the result's.
template <typename In, typename Out>
AGV_HOST_DEVICE void binaryAt(const Loop& loop, int64_t linear)
{
    int64_t off[3];
    offsetsOf(loop, linear, off);
    const In a = load<In>(loop, 1, off[1]);
    const In b = load<In>(loop, 2, off[2]);
    Out* out = reinterpret_cast<Out*>(loop.base[0] + off[0]);
    switch (loop.binaryOp) {
    case BinaryOp::Eq: *out = a == b; return;
    case BinaryOp::Ne: *out = a != b; return;
    case BinaryOp::Lt: *out = a < b; return;
    case BinaryOp::Le: *out = a <= b; return;
    case BinaryOp::Gt: *out = a > b; return;
    case BinaryOp::Ge: *out = a >= b; return;
    default: break;
    }
    // The arithmetic: its result has the operands' type (a bool result only from bools).
    if constexpr (std::is_same_v<Out, In>) {
        switch (loop.binaryOp) {
        case BinaryOp::AddScaled:
            if constexpr (!std::is_same_v<In, bool>)
                *out = fusedAdd<In>(a, convert<In>(loop.alpha), b);
            return;
        case BinaryOp::Mul: *out = multiply<In>(a, b); return;
        case BinaryOp::Div:
            if constexpr (kIsFloat<In>) {
                // div_true_kernel_cuda: by a CPU scalar (a Python number), a * (1 / b).
                if (loop.isNumber[2])
                    *out = a * (In(1) / b);
                else
                    *out = a / b;
            }
            return;
        case BinaryOp::ThresholdBackward: *out = a <= convert<In>(loop.alpha) ? In(0) : b; return;
        default: return;
        }
    }
}

template <typename T>
AGV_HOST_DEVICE void unaryAt(const Loop& loop, int64_t linear)
{
    int64_t off[3];
    offsetsOf(loop, linear, off);
    const T x = load<T>(loop, 1, off[1]);
    T* out = reinterpret_cast<T*>(loop.base[0] + off[0]);
    switch (loop.unaryOp) {
    case UnaryOp::Neg:
        if constexpr (kWraps<T>)
            *out = wrap<T>(uint64_t(0) - uint64_t(x));
        else if constexpr (!std::is_same_v<T, bool>)
            *out = -x;
        return;
    case UnaryOp::Relu:
        if constexpr (std::is_unsigned_v<T>)
            *out = x;
        else
            *out = x < T(0) ? T(0) : x;
        return;
    }
}

template <typename Dst, typename Src>
AGV_HOST_DEVICE void copyAt(const Loop& loop, int64_t linear)
{
    int64_t off[3];
    offsetsOf(loop, linear, off);
    *reinterpret_cast<Dst*>(loop.base[0] + off[0]) = convert<Dst>(load<Src>(loop, 1, off[1]));
}

/// Calls f(T{}) with T the C++ type of `type` (host code: picks the kernel to launch).
template <typename F>
void visitType(ElementType type, F&& f)
{
    switch (type) {
    case ElementType::Float32: f(float{}); return;
    case ElementType::Float64: f(double{}); return;
    case ElementType::Int64: f(int64_t{}); return;
    case ElementType::Int32: f(int32_t{}); return;
    case ElementType::Int16: f(int16_t{}); return;
    case ElementType::Int8: f(int8_t{}); return;
    case ElementType::UInt8: f(uint8_t{}); return;
    case ElementType::Bool: f(bool{}); return;
    }
}

}  // namespace agv::gpu::body
