#include "core/random/generator.h"

#include <bit>
#include <cmath>
#include <numbers>
#include <random>

#include "core/error.h"

namespace agv {

namespace {

// State layout, little-endian: version (1) | seed (8) | index (4) | 624 words (4 each) |
// has cached normal (1) | cached normal bits (8).
constexpr uint8_t kStateVersion = 1;
constexpr size_t kStateBytes = 1 + 8 + 4 + 624 * 4 + 1 + 8;

void putBytes(std::vector<uint8_t>& out, uint64_t value, int count)
{
    for (int i = 0; i < count; ++i)
        out.push_back(static_cast<uint8_t>(value >> (8 * i)));
}

uint64_t getBytes(const std::vector<uint8_t>& in, size_t& pos, int count)
{
    uint64_t value = 0;
    for (int i = 0; i < count; ++i)
        value |= static_cast<uint64_t>(in[pos++]) << (8 * i);
    return value;
}

}  // namespace

Generator::Generator(uint64_t seed) { manualSeed(seed); }

void Generator::manualSeed(uint64_t seed)
{
    m_seed = seed;
    // Knuth's initialisation, as in std::mt19937 and PyTorch's at::mt19937.
    m_words[0] = static_cast<uint32_t>(seed & 0xffffffffu);
    for (uint32_t i = 1; i < kStateWords; ++i)
        m_words[i] = 1812433253u * (m_words[i - 1] ^ (m_words[i - 1] >> 30)) + i;
    m_index = kStateWords;
    m_nextNormal.reset();
}

uint64_t Generator::seed()
{
    std::random_device device;
    const uint64_t fresh = (static_cast<uint64_t>(device()) << 32) | device();
    manualSeed(fresh);
    return fresh;
}

void Generator::twist()
{
    constexpr uint32_t kUpper = 0x80000000u;
    constexpr uint32_t kLower = 0x7fffffffu;
    constexpr uint32_t kMatrix = 0x9908b0dfu;
    constexpr int kShift = 397;
    for (int i = 0; i < kStateWords; ++i) {
        const uint32_t y = (m_words[i] & kUpper) | (m_words[(i + 1) % kStateWords] & kLower);
        m_words[i] = m_words[(i + kShift) % kStateWords] ^ (y >> 1) ^ ((y & 1u) ? kMatrix : 0u);
    }
    m_index = 0;
}

uint32_t Generator::random()
{
    if (m_index >= kStateWords)
        twist();
    uint32_t y = m_words[m_index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

uint64_t Generator::random64()
{
    const uint64_t high = random();
    const uint64_t low = random();
    return (high << 32) | low;
}

double Generator::uniformDouble()
{
    constexpr uint64_t kMask = (uint64_t(1) << 53) - 1;
    return static_cast<double>(random64() & kMask) * std::ldexp(1.0, -53);
}

float Generator::uniformFloat()
{
    constexpr uint32_t kMask = (uint32_t(1) << 24) - 1;
    return static_cast<float>(random() & kMask) * std::ldexp(1.0f, -24);
}

double Generator::normal(double mean, double std)
{
    if (m_nextNormal) {
        const double cached = *m_nextNormal;
        m_nextNormal.reset();
        return cached * std + mean;
    }
    const double u1 = uniformDouble();
    const double u2 = uniformDouble();
    // 1 - u2 lies in (0, 1], so the logarithm is finite.
    const double radius = std::sqrt(-2.0 * std::log(1.0 - u2));
    const double theta = 2.0 * std::numbers::pi * u1;
    m_nextNormal = radius * std::sin(theta);
    return radius * std::cos(theta) * std + mean;
}

int64_t Generator::randint(int64_t low, int64_t high)
{
    AGV_CHECK(low < high, RuntimeError, "random_ expects 'from' to be less than 'to', but got from=", low,
              " >= to=", high);
    // Unsigned arithmetic: the range of [INT64_MIN, INT64_MAX) does not fit an int64_t.
    const uint64_t range = static_cast<uint64_t>(high) - static_cast<uint64_t>(low);
    // Modulo like PyTorch's random_from_to: a slight bias towards small offsets when
    // the range does not divide 2^32 (or 2^64), far below what sampling could show.
    const uint64_t offset = range >= (uint64_t(1) << 32) ? random64() % range : random() % range;
    return static_cast<int64_t>(static_cast<uint64_t>(low) + offset);
}

bool Generator::bernoulli(double p)
{
    AGV_CHECK(p >= 0.0 && p <= 1.0, RuntimeError, "bernoulli_ expects p to be in [0, 1], but got p=", p);
    return uniformDouble() < p;
}

std::vector<uint8_t> Generator::getState() const
{
    std::vector<uint8_t> state;
    state.reserve(kStateBytes);
    state.push_back(kStateVersion);
    putBytes(state, m_seed, 8);
    putBytes(state, m_index, 4);
    for (uint32_t word : m_words)
        putBytes(state, word, 4);
    state.push_back(m_nextNormal ? 1 : 0);
    putBytes(state, std::bit_cast<uint64_t>(m_nextNormal.value_or(0.0)), 8);
    return state;
}

void Generator::setState(const std::vector<uint8_t>& state)
{
    AGV_CHECK(state.size() == kStateBytes, RuntimeError, "Expected a generator state of size ", kStateBytes,
              " but found the input RNG state size to be ", state.size());
    AGV_CHECK(state[0] == kStateVersion, RuntimeError, "Unsupported generator state version ", int(state[0]));
    size_t pos = 1;
    const uint64_t seed = getBytes(state, pos, 8);
    const auto index = static_cast<uint32_t>(getBytes(state, pos, 4));
    AGV_CHECK(index <= kStateWords, RuntimeError, "Invalid generator state: index ", index, " out of range");
    // Validate everything before touching the generator, so a bad state changes nothing.
    const uint8_t hasNormal = state[pos + kStateWords * 4];
    AGV_CHECK(hasNormal <= 1, RuntimeError, "Invalid generator state: bad cached-normal flag");

    m_seed = seed;
    m_index = index;
    for (uint32_t& word : m_words)
        word = static_cast<uint32_t>(getBytes(state, pos, 4));
    ++pos;  // the flag, read above
    const double cached = std::bit_cast<double>(getBytes(state, pos, 8));
    m_nextNormal = hasNormal ? std::optional<double>(cached) : std::nullopt;
}

Generator& defaultGenerator()
{
    static Generator generator;
    return generator;
}

Generator* cudaGeneratorArgument()
{
    // Never drawn from: only its address says "the GPU generator the argument named".
    static Generator stand_in;
    return &stand_in;
}

void refuseCudaGeneratorOnCpu()
{
    throw Error(PyExc::RuntimeError, "Expected a 'cpu' device type for generator but found 'cuda'");
}

}  // namespace agv
