#pragma once
// One draw of each distribution behind Tensor.exponential_, geometric_, cauchy_,
// log_normal_, random_ and torch.poisson, as PyTorch 1.13's CPU kernels draw it
// (ATen/core/DistributionsHelper.h, ATen/native/Distributions.cpp): which generator
// call an element consumes and the arithmetic that turns it into a value, rounding step
// by rounding step. See Note [One element, one draw].
//
// Note [One element, one draw]
// The CPU kernels of these samplers walk the tensor in TensorIterator's order and call
// the generator once per element (poisson: as often as its rejection loop needs), so a
// seeded script reproduces PyTorch's numbers when the engine visits the elements in the
// same order (core/ops/random_inplace.cpp) and each element does what is below. The
// continuous distributions draw in double whatever the tensor's dtype (PyTorch
// instantiates them with <double>: a 53-bit uniform from random64()) and the value is
// rounded to the dtype once, at the store.

#include <cstdint>

namespace agv {
class Generator;
}

namespace agv::random {

/// -1 / lambda * log(1 - u).
double exponential(Generator& generator, double lambda);
/// ceil(log(u) / log(1 - p)): the number of trials up to the first success.
double geometric(Generator& generator, double p);
/// median + sigma * tan(pi * (u - 0.5)), the multiply-add fused (PyTorch's AVX2 kernel).
double cauchy(Generator& generator, double median, double sigma);
/// exp(normal(mean, std)), the normal from the generator's Box-Muller pairs and cache.
double logNormal(Generator& generator, double mean, double std);
/// A Poisson(lambda) count: Hoermann's transformed rejection for lambda >= 10, products
/// of uniforms below; lambda must be >= 0.
int64_t poisson(Generator& generator, double lambda);

/// random_(from, to) and random_(from, None): from + (draw % range), with the 64-bit draw
/// when `wide` (int64, float, double and bfloat16 tensors with range >= 2^32), as int64.
int64_t uniformIntFromTo(Generator& generator, uint64_t range, int64_t from, bool wide);
/// random_(-2^63, None): a whole 64-bit draw as an int64.
int64_t uniformIntFullRange(Generator& generator);
/// random_() without bounds: the draw modulo `modulus` (max + 1 of an integer dtype, 2 for
/// bool, 2^digits + 1 of a floating one), the 64-bit draw when `wide` (int64, double).
int64_t uniformIntModulo(Generator& generator, uint64_t modulus, bool wide);

}  // namespace agv::random
