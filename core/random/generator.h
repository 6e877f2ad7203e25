#pragma once
// The random number generator behind randn, rand, randint, bernoulli and dropout.
//
// Like PyTorch's CPU generator it is a 32-bit Mersenne Twister (mt19937) seeded with
// the low 32 bits of the seed, draws floats from 24 random bits and doubles from 53,
// and caches the second value of each Box-Muller pair. The kernels draw from it in
// PyTorch's order (randn of 16 or more elements: core/random/normal_fill.h), so a
// seeded script prints PyTorch's numbers, and a seed or a saved state replays the same
// stream: checkpointing stashes and restores exactly that.

#include <cstdint>
#include <optional>
#include <vector>

namespace agv {

class Generator {
public:
    /// PyTorch's default_rng_seed_val: the seed a fresh process starts from.
    static constexpr uint64_t kDefaultSeed = 67280421310721ULL;

    explicit Generator(uint64_t seed = kDefaultSeed);

    /// torch.manual_seed(seed). Only the low 32 bits reach the engine, as in PyTorch;
    /// initialSeed() still returns the full value.
    void manualSeed(uint64_t seed);
    /// torch.seed(): reseeds from a non-deterministic source and returns the new seed.
    uint64_t seed();
    /// torch.initial_seed().
    uint64_t initialSeed() const { return m_seed; }

    /// torch.get_rng_state() / set_rng_state(): an opaque byte string; setState of a
    /// saved state makes the generator produce the same subsequent draws again.
    std::vector<uint8_t> getState() const;
    /// Throws agv::Error (RuntimeError) when the bytes are not a state of this generator.
    void setState(const std::vector<uint8_t>& state);

    /// Raw engine output.
    uint32_t random();
    uint64_t random64();

    /// Uniform in [0, 1), 53 random bits.
    double uniformDouble();
    /// Uniform in [0, 1), 24 random bits.
    float uniformFloat();
    /// Normal(mean, std) by Box-Muller; every other call uses the cached second value.
    double normal(double mean = 0.0, double std = 1.0);
    /// Uniform integer in [low, high); throws RuntimeError unless low < high.
    int64_t randint(int64_t low, int64_t high);
    /// True with probability p; throws RuntimeError unless 0 <= p <= 1.
    bool bernoulli(double p);

private:
    static constexpr int kStateWords = 624;

    void twist();

    uint64_t m_seed = kDefaultSeed;
    uint32_t m_words[kStateWords] = {};
    uint32_t m_index = kStateWords;
    std::optional<double> m_nextNormal;  // the unused half of the last Box-Muller pair
};

/// The process-wide generator used when no generator is passed (torch.default_generator).
Generator& defaultGenerator();

/// What an op's `Generator*` is when its `generator=` argument was a GPU's generator
/// (torch.Generator(device='cuda')): a cuda draw then takes that generator
/// (cudaGeneratorFor in cuda_generator.h); a CPU op refuses it.
Generator* cudaGeneratorArgument();

/// check_generator's RuntimeError for a GPU's generator given to a CPU op.
[[noreturn]] void refuseCudaGeneratorOnCpu();

/// `generator`, or the default generator when it is null (an op's optional argument).
inline Generator& generatorOrDefault(Generator* generator)
{
    if (generator && generator == cudaGeneratorArgument())
        refuseCudaGeneratorOnCpu();
    return generator ? *generator : defaultGenerator();
}

}  // namespace agv
