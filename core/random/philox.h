#pragma once
// Philox4x32-10, the counter-based generator behind PyTorch's CUDA random kernels
// (through cuRAND's curandStatePhilox4_32_10_t), and cuRAND's transforms of its 32-bit
// outputs into uniform and normal floats and doubles. See Note [The CUDA generator].

#include <array>
#include <cstdint>

namespace agv::random {

using Philox4 = std::array<uint32_t, 4>;

/// One stream of a Philox generator, as curand_init(seed, subsequence, offset) sets it up
/// (offset in 32-bit outputs): next4() is curand4.
class PhiloxStream {
public:
    PhiloxStream(uint64_t seed, uint64_t subsequence, uint64_t offset);

    /// The next four 32-bit outputs (curand4).
    Philox4 next4();

private:
    void increment(uint64_t n);
    Philox4 m_counter{};
    std::array<uint32_t, 2> m_key{};
    Philox4 m_output{};
    uint32_t m_withinOutput = 0;  // cuRAND's STATE: outputs of the block already used
};

/// Philox4x32 with 10 rounds of `counter` under `key`.
Philox4 philox4x32x10(Philox4 counter, std::array<uint32_t, 2> key);

/// curand_uniform4's element: (0, 1], x * 2^-32 + 2^-33 in float (one fused multiply-add,
/// as nvcc compiles it).
float uniformFloat(uint32_t x);
/// curand_uniform2_double's element: (0, 1] from 53 bits of x and y.
double uniformDouble(uint32_t x, uint32_t y);
/// _curand_box_muller: two standard normal floats from two outputs.
std::array<float, 2> boxMullerFloat(uint32_t x, uint32_t y);
/// _curand_box_muller_double: two standard normal doubles from four outputs.
std::array<double, 2> boxMullerDouble(uint32_t x0, uint32_t x1, uint32_t y0, uint32_t y1);

}  // namespace agv::random
