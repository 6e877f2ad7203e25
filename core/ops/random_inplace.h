#pragma once
// Tensor.exponential_, geometric_, cauchy_, log_normal_ and random_ (in place), and
// torch.poisson: PyTorch 1.13's CPU samplers, drawing the same numbers for the same seed
// (core/random/distributions.h), with PyTorch's checks and its nodes, whose gradient is
// zero (derivatives.yaml: `self: zeros_like(grad)`): ExponentialBackward0,
// GeometricBackward0, CauchyBackward0, LogNormalBackward0, RandomBackward0/1/2 and
// PoissonBackward0.

#include <cstdint>
#include <optional>

#include "core/tensor/tensor.h"

namespace agv {
class Generator;
}

namespace agv::ops {

Tensor& exponentialInplace(Tensor& self, double lambda, Generator* generator);
Tensor& geometricInplace(Tensor& self, double p, Generator* generator);
Tensor& cauchyInplace(Tensor& self, double median, double sigma, Generator* generator);
Tensor& logNormalInplace(Tensor& self, double mean, double std, Generator* generator);

/// random_(): integers in [0, 2^mantissa] for floating tensors, [0, max] for integer ones
/// (RandomBackward2).
Tensor& randomInplace(Tensor& self, Generator* generator);
/// random_(to): [0, to) (RandomBackward1).
Tensor& randomToInplace(Tensor& self, int64_t to, Generator* generator);
/// random_(from, to): [from, to), or [from, the dtype's largest integer] when `to` is
/// None (RandomBackward0).
Tensor& randomFromToInplace(Tensor& self, int64_t from, std::optional<int64_t> to, Generator* generator);

/// torch.poisson(rates): one Poisson count per rate, in rates' dtype (PoissonBackward0).
Tensor poisson(const Tensor& rates, Generator* generator);

}  // namespace agv::ops
