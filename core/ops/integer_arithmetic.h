#pragma once
// Integer tensor arithmetic as PyTorch's CPU kernels behave: int64 wraps around
// (two's complement) and a float converted to int64 that does not fit gives
// INT64_MIN (x86's cvttsd2si). Written out so that C++ never sees signed overflow
// or an out-of-range float-to-int conversion, both undefined behaviour.
// Floating types (and bool) pass through the ordinary operators.

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "core/tensor/half.h"

namespace agv::ops {

template <typename T>
inline constexpr bool kWrapsAround = std::is_integral_v<T> && !std::is_same_v<T, bool>;

template <typename T>
T wrappingAdd(T a, T b)
{
    if constexpr (kWrapsAround<T>)
        return static_cast<T>(static_cast<std::make_unsigned_t<T>>(a) + static_cast<std::make_unsigned_t<T>>(b));
    else
        return a + b;
}

template <typename T>
T wrappingSub(T a, T b)
{
    if constexpr (kWrapsAround<T>)
        return static_cast<T>(static_cast<std::make_unsigned_t<T>>(a) - static_cast<std::make_unsigned_t<T>>(b));
    else
        return a - b;
}

/// a + alpha * b as PyTorch's add kernel computes it: one fused multiply-add for
/// float and double (alpha rounded to the tensor's type first), wrapping for integers,
/// the product and the sum each rounded for Half and BFloat16.
template <typename T>
T addScaled(T a, T alpha, T b);

template <typename T>
T wrappingMul(T a, T b)
{
    if constexpr (kWrapsAround<T>)
        return static_cast<T>(static_cast<std::make_unsigned_t<T>>(a) * static_cast<std::make_unsigned_t<T>>(b));
    else if constexpr (std::is_same_v<T, bool>)
        return a && b;
    else
        return a * b;
}

template <typename T>
T wrappingNeg(T a)
{
    if constexpr (kWrapsAround<T>)
        return static_cast<T>(std::make_unsigned_t<T>(0) - static_cast<std::make_unsigned_t<T>>(a));
    else
        return -a;
}

/// x ** e for an integer e >= 0 by squaring, wrapping like PyTorch's integer pow.
template <typename T>
T wrappingPow(T x, uint64_t e)
{
    T result = 1;
    while (e) {
        if (e & 1)
            result = wrappingMul(result, x);
        x = wrappingMul(x, x);
        e >>= 1;
    }
    return result;
}

/// static_cast<To>(from), except that a floating value outside To's range (or NaN)
/// becomes To's minimum, as x86 conversions produce. A float becomes an int16 or int8
/// through x86's 32-bit conversion and a uint8 through int64 (c10's
/// static_cast_with_inter_type), the high bits then dropped: -1.0 is 255 as uint8.
template <typename To, typename From>
To convertValue(From from)
{
    if constexpr (kIsReducedFloat<From> && !std::is_same_v<To, From>) {
        return convertValue<To>(float(from));  // exact; float's rules then apply
    } else if constexpr (std::is_same_v<To, uint8_t> && std::is_floating_point_v<From>) {
        return static_cast<uint8_t>(convertValue<int64_t>(from));
    } else if constexpr (kWrapsAround<To> && sizeof(To) < 4 && std::is_floating_point_v<From>) {
        return static_cast<To>(convertValue<int32_t>(from));
    } else {
        if constexpr (kWrapsAround<To> && std::is_signed_v<To> && std::is_floating_point_v<From>) {
            constexpr From lowest = static_cast<From>(std::numeric_limits<To>::min());
            // -lowest is 2^63 for int64: exact in floating point, one past the largest To.
            if (!(from >= lowest && from < -lowest))
                return std::numeric_limits<To>::min();
        }
        return static_cast<To>(from);
    }
}

template <typename T>
T addScaled(T a, T alpha, T b)
{
    if constexpr (kIsReducedFloat<T>)
        return a + alpha * b;  // two roundings, as PyTorch's generic Vectorized<Half>::fmadd
    else if constexpr (std::is_floating_point_v<T>)
        return std::fma(b, alpha, a);
    else
        return wrappingAdd(a, wrappingMul(alpha, b));
}

/// ceil(log2(x)), and 1 for x <= 2: c10::utils::CeilLog2, which sizes PyTorch's cascade sums.
inline int64_t ceilLog2(int64_t x)
{
    if (x <= 2)
        return 1;
    int64_t bits = 0;
    for (uint64_t v = uint64_t(x - 1); v != 0; v >>= 1)
        ++bits;
    return bits;
}

}  // namespace agv::ops
