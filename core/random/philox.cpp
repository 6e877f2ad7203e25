#include "core/random/philox.h"

#include <cmath>

namespace agv::random {

namespace {

constexpr uint32_t kW0 = 0x9E3779B9, kW1 = 0xBB67AE85;  // the key's increments per round
constexpr uint32_t kM0 = 0xD2511F53, kM1 = 0xCD9E8D57;  // the round's multipliers

// cuRAND's constants, as it writes them (float literals, rounded as floats).
constexpr float k2Pow32Inv = 2.3283064e-10f;
constexpr float k2Pow32Inv2Pi = 2.3283064e-10f * 6.2831855f;
constexpr double k2Pow53InvDouble = 1.1102230246251565e-16;
constexpr double kPiDouble = 3.1415926535897932;

Philox4 round(const Philox4& c, const std::array<uint32_t, 2>& k)
{
    const uint64_t p0 = uint64_t(kM0) * c[0];
    const uint64_t p1 = uint64_t(kM1) * c[2];
    return {uint32_t(p1 >> 32) ^ c[1] ^ k[0], uint32_t(p1), uint32_t(p0 >> 32) ^ c[3] ^ k[1], uint32_t(p0)};
}

uint64_t combined53(uint32_t x, uint32_t y) { return uint64_t(x) ^ (uint64_t(y) << (53 - 32)); }

}  // namespace

Philox4 philox4x32x10(Philox4 counter, std::array<uint32_t, 2> key)
{
    for (int r = 0; r < 9; ++r) {
        counter = round(counter, key);
        key[0] += kW0;
        key[1] += kW1;
    }
    return round(counter, key);
}

PhiloxStream::PhiloxStream(uint64_t seed, uint64_t subsequence, uint64_t offset)
    : m_key{uint32_t(seed), uint32_t(seed >> 32)}
{
    // skipahead_sequence: the subsequence is the counter's high 64 bits.
    m_counter[2] = uint32_t(subsequence);
    m_counter[3] = uint32_t(subsequence >> 32);
    // skipahead: whole blocks of four outputs, then the position inside one.
    m_withinOutput = uint32_t(offset & 3);
    increment(offset / 4);
    m_output = philox4x32x10(m_counter, m_key);
}

void PhiloxStream::increment(uint64_t n)
{
    // Philox_State_Incr: the low 64 bits of the counter, carried into the high ones.
    const uint32_t lo = uint32_t(n);
    uint32_t hi = uint32_t(n >> 32);
    m_counter[0] += lo;
    if (m_counter[0] < lo)
        ++hi;
    m_counter[1] += hi;
    if (hi <= m_counter[1])
        return;
    if (++m_counter[2])
        return;
    ++m_counter[3];
}

Philox4 PhiloxStream::next4()
{
    const Philox4 current = m_output;
    increment(1);
    m_output = philox4x32x10(m_counter, m_key);
    Philox4 r{};
    for (uint32_t i = 0; i < 4; ++i) {
        const uint32_t k = m_withinOutput + i;
        r[i] = k < 4 ? current[k] : m_output[k - 4];
    }
    return r;
}

float uniformFloat(uint32_t x) { return std::fma(float(x), k2Pow32Inv, k2Pow32Inv / 2.0f); }

double uniformDouble(uint32_t x, uint32_t y)
{
    return std::fma(double(combined53(x, y)), k2Pow53InvDouble, k2Pow53InvDouble / 2.0);
}

std::array<float, 2> boxMullerFloat(uint32_t x, uint32_t y)
{
    const float u = std::fma(float(x), k2Pow32Inv, k2Pow32Inv / 2.0f);
    const float v = std::fma(float(y), k2Pow32Inv2Pi, k2Pow32Inv2Pi / 2.0f);
    const float s = std::sqrt(-2.0f * std::log(u));
    return {std::sin(v) * s, std::cos(v) * s};
}

std::array<double, 2> boxMullerDouble(uint32_t x0, uint32_t x1, uint32_t y0, uint32_t y1)
{
    const double u = std::fma(double(combined53(x0, x1)), k2Pow53InvDouble, k2Pow53InvDouble / 2.0);
    const double v = std::fma(double(combined53(y0, y1)), k2Pow53InvDouble * 2.0, k2Pow53InvDouble);
    const double s = std::sqrt(-2.0 * std::log(u));
    return {std::sin(v * kPiDouble) * s, std::cos(v * kPiDouble) * s};
}

}  // namespace agv::random
