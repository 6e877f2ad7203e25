#pragma once
// The two 16-bit floating types, stored as their bits, as c10::Half and c10::BFloat16.
//
// Note [16-bit floats compute in float]
// Neither type has arithmetic of its own: a value converts to float exactly, and a
// float converts back with round to nearest even. The operators below compute in
// float and round the result, which is what PyTorch's CPU scalar code does with
// c10::Half / c10::BFloat16 (each elementwise op rounds once per element). A double
// (or an integer) reaches a 16-bit type through float, as PyTorch's
// static_cast<Half>(double) does: the value is rounded twice.

#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>

namespace agv {

namespace detail {

/// IEEE binary16 bits -> float (exact).
constexpr float halfBitsToFloat(uint16_t h)
{
    const uint32_t sign = uint32_t(h & 0x8000u) << 16;
    const uint32_t exponent = (h >> 10) & 0x1Fu;
    const uint32_t mantissa = h & 0x3FFu;
    if (exponent == 0x1F)  // inf / NaN: keep the payload
        return std::bit_cast<float>(sign | 0x7F800000u | (mantissa << 13));
    if (exponent != 0)
        return std::bit_cast<float>(sign | ((exponent + 112) << 23) | (mantissa << 13));
    // Subnormal half: mantissa * 2^-24, exact in float.
    const float magnitude = float(mantissa) * 0x1p-24f;
    return sign ? -magnitude : magnitude;
}

/// float -> IEEE binary16 bits, round to nearest even; overflow gives inf, every NaN
/// becomes the quiet NaN 0x7E00 with the sign kept (c10's fp16_ieee_from_fp32_value).
constexpr uint16_t floatToHalfBits(float f)
{
    const uint32_t w = std::bit_cast<uint32_t>(f);
    const uint16_t sign = uint16_t((w >> 16) & 0x8000u);
    const uint32_t absBits = w & 0x7FFFFFFFu;
    if (absBits > 0x7F800000u)
        return sign | 0x7E00u;
    if (absBits >= 0x477FF000u)  // 65520 and above round to inf
        return sign | 0x7C00u;
    const int32_t exponent = int32_t(absBits >> 23) - 127;
    if (exponent >= -14) {
        // Normal half: drop 13 mantissa bits with round to nearest even.
        const uint32_t rebased = absBits - (uint32_t(127 - 15) << 23);
        const uint32_t rounded = rebased + 0xFFFu + ((rebased >> 13) & 1u);
        return sign | uint16_t(rounded >> 13);
    }
    if (exponent < -25)  // below half the smallest subnormal: zero
        return sign;
    // Subnormal half: the 24-bit significand shifted right, round to nearest even.
    const uint32_t significand = (absBits & 0x7FFFFFu) | 0x800000u;
    const int shift = -exponent - 1;  // 14 .. 24: bits dropped beyond the 10-bit field (13 + (-14 - exponent))
    const uint32_t kept = significand >> shift;
    const uint32_t rest = significand & ((1u << shift) - 1);
    const uint32_t halfway = 1u << (shift - 1);
    const uint32_t roundUp = rest > halfway || (rest == halfway && (kept & 1u));
    return sign | uint16_t(kept + roundUp);
}

/// bfloat16 bits -> float (exact): the upper half of a float.
constexpr float bfloat16BitsToFloat(uint16_t b) { return std::bit_cast<float>(uint32_t(b) << 16); }

/// float -> bfloat16 bits, round to nearest even; NaN becomes 0x7FC0 (c10's round_to_nearest_even).
constexpr uint16_t floatToBfloat16Bits(float f)
{
    const uint32_t w = std::bit_cast<uint32_t>(f);
    if ((w & 0x7FFFFFFFu) > 0x7F800000u)
        return 0x7FC0u;
    return uint16_t((w + 0x7FFFu + ((w >> 16) & 1u)) >> 16);
}

/// The arithmetic shared by both types; see Note [16-bit floats compute in float].
template <typename Self>
struct Float16Arithmetic {
    friend Self operator+(Self a, Self b) { return Self(float(a) + float(b)); }
    friend Self operator-(Self a, Self b) { return Self(float(a) - float(b)); }
    friend Self operator*(Self a, Self b) { return Self(float(a) * float(b)); }
    friend Self operator/(Self a, Self b) { return Self(float(a) / float(b)); }
    friend Self operator-(Self a) { return Self(-float(a)); }
    friend Self& operator+=(Self& a, Self b) { return a = a + b; }
    friend Self& operator-=(Self& a, Self b) { return a = a - b; }
    friend Self& operator*=(Self& a, Self b) { return a = a * b; }
    friend Self& operator/=(Self& a, Self b) { return a = a / b; }
    friend bool operator==(Self a, Self b) { return float(a) == float(b); }
    friend bool operator!=(Self a, Self b) { return float(a) != float(b); }
    friend bool operator<(Self a, Self b) { return float(a) < float(b); }
    friend bool operator<=(Self a, Self b) { return float(a) <= float(b); }
    friend bool operator>(Self a, Self b) { return float(a) > float(b); }
    friend bool operator>=(Self a, Self b) { return float(a) >= float(b); }
};

}  // namespace detail

/// torch.float16: 1 sign, 5 exponent, 10 mantissa bits.
struct Half : detail::Float16Arithmetic<Half> {
    uint16_t bits = 0;

    Half() = default;
    constexpr Half(float value) : bits(detail::floatToHalfBits(value)) {}
    constexpr operator float() const { return detail::halfBitsToFloat(bits); }
    static constexpr Half fromBits(uint16_t b)
    {
        Half h;
        h.bits = b;
        return h;
    }
};

/// torch.bfloat16: 1 sign, 8 exponent, 7 mantissa bits (a float with its low half cut off).
struct BFloat16 : detail::Float16Arithmetic<BFloat16> {
    uint16_t bits = 0;

    BFloat16() = default;
    constexpr BFloat16(float value) : bits(detail::floatToBfloat16Bits(value)) {}
    constexpr operator float() const { return detail::bfloat16BitsToFloat(bits); }
    static constexpr BFloat16 fromBits(uint16_t b)
    {
        BFloat16 h;
        h.bits = b;
        return h;
    }
};

static_assert(sizeof(Half) == 2 && sizeof(BFloat16) == 2);

/// True for float, double, Half and BFloat16: the kernels' "is a floating type".
template <typename T>
inline constexpr bool kIsFloating = std::is_floating_point_v<T> || std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;

/// True for Half and BFloat16, which kernels widen to float to compute.
template <typename T>
inline constexpr bool kIsReducedFloat = std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;

}  // namespace agv
