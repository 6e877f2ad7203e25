// See Note [One element, one draw] (distributions.h). Every formula was checked against
// PyTorch 1.13's output for the same seed, element by element.

#include "core/random/distributions.h"

#include <cmath>
#include <numbers>

#include "core/random/generator.h"

namespace agv::random {

double exponential(Generator& generator, double lambda)
{
    const double u = generator.uniformDouble();
    // 1 - u lies in (0, 1]; lambda == 0 gives inf, as in PyTorch.
    return -1.0 / lambda * std::log(1.0 - u);
}

double geometric(Generator& generator, double p)
{
    const double u = generator.uniformDouble();
    return std::ceil(std::log(u) / std::log(1.0 - p));
}

double cauchy(Generator& generator, double median, double sigma)
{
    const double u = generator.uniformDouble();
    // u - 0.5 is exact; PyTorch's AVX2 build fuses sigma * tan(...) + median.
    return std::fma(sigma, std::tan(std::numbers::pi * (u - 0.5)), median);
}

double logNormal(Generator& generator, double mean, double std)
{
    // Generator::normal(0, 1) is the standard normal itself (times 1, plus 0, exactly);
    // the kernel's val * std + mean is fused in PyTorch's AVX2 build.
    return std::exp(std::fma(generator.normal(), std, mean));
}

int64_t poisson(Generator& generator, double lambda)
{
    if (lambda >= 10) {
        // Transformed rejection with squeeze (W. Hoermann, "The transformed rejection
        // method for generating Poisson random variables", 1993), with PyTorch's constants
        // and its order of operations (Distributions.cpp is built without FMA).
        const double sqrtLambda = std::sqrt(lambda);
        const double logLambda = std::log(lambda);
        const double b = 0.931 + 2.53 * sqrtLambda;
        const double a = -0.059 + 0.02483 * b;
        const double invAlpha = 1.1239 + 1.1328 / (b - 3.4);
        const double vr = 0.9277 - 3.6224 / (b - 2);
        while (true) {
            const double u = generator.uniformDouble() - 0.5;
            const double v = generator.uniformDouble();
            const double us = 0.5 - std::fabs(u);
            const auto k = static_cast<int64_t>(std::floor((2 * a / us + b) * u + lambda + 0.43));
            if (us >= 0.07 && v <= vr)
                return k;
            if (k < 0 || (us < 0.013 && v > us))
                continue;
            const double lhs = std::log(v) + std::log(invAlpha) - std::log(a / (us * us) + b);
            const double rhs = -lambda + static_cast<double>(k) * logLambda - std::lgamma(static_cast<double>(k) + 1);
            if (lhs <= rhs)
                return k;
        }
    }
    if (lambda == 0)
        return 0;
    // Knuth's method: count the uniforms whose running product stays above exp(-lambda).
    const double limit = std::exp(-lambda);
    int64_t count = 0;
    double product = 1.0;
    while (true) {
        product *= generator.uniformDouble();
        if (!(product > limit))
            return count;
        ++count;
    }
}

int64_t uniformIntFromTo(Generator& generator, uint64_t range, int64_t from, bool wide)
{
    const uint64_t draw = wide ? generator.random64() : generator.random();
    // Unsigned arithmetic: from + range may pass INT64_MAX on the way, as in PyTorch.
    return static_cast<int64_t>(draw % range + static_cast<uint64_t>(from));
}

int64_t uniformIntFullRange(Generator& generator)
{
    return static_cast<int64_t>(generator.random64());
}

int64_t uniformIntModulo(Generator& generator, uint64_t modulus, bool wide)
{
    const uint64_t draw = wide ? generator.random64() : generator.random();
    return static_cast<int64_t>(draw % modulus);
}

}  // namespace agv::random
