#pragma once
// normal_ of a contiguous float or double tensor of 16 or more elements, drawn as PyTorch
// 1.13's CPU kernel draws it (normal_fill.cpp): the same uniforms, the same Box-Muller
// blocks of 16, the same rounding.

#include <cstdint>

namespace agv {
class Generator;
}

namespace agv::random {

void normalFill(float* data, int64_t size, float mean, float stddev, Generator& generator);
void normalFill(double* data, int64_t size, double mean, double stddev, Generator& generator);

}  // namespace agv::random
