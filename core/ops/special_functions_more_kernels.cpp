// Note [Special kernels built like PyTorch's AVX2 kernels]
// PyTorch 1.13 evaluates these functions in its per-CPU kernel files, which Debian's GCC
// 12 builds in GNU C++ mode (-ffp-contract=fast) with -mavx2 -mfma for AVX2 CPUs: the
// compiler fuses a * b + c into one rounding wherever Math.h's expressions let it, and
// which products it fuses follows from how each expression is written. Rather than
// guessing those places one by one (as core/ops/special_series.h spells them with
// std::fma), this file is built with -ffp-contract=fast (core/CMakeLists.txt) and
// compiles special_series_more.inc, whose expressions keep 1.13's, twice: once for AVX2
// and FMA (`fused`), used where the CPU has them, as PyTorch's AVX2 kernels are, and once
// for the baseline instruction set (`baseline`), where no multiply-add fuses, as in
// PyTorch's DEFAULT kernels on older CPUs.

#include "core/ops/special_functions_more_kernels.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "core/ops/special_series.h"
#include "core/ops/special_series_more_tables.h"

namespace agv::ops::special_kernels {

namespace {

using cephes::Table;
using namespace cephes;  // the coefficient tables

#pragma GCC push_options
#pragma GCC target("avx2,fma")
namespace fused {
constexpr bool kFusesMultiplyAdd = true;
#include "core/ops/special_series_more.inc"
}  // namespace fused
#pragma GCC pop_options

namespace baseline {
constexpr bool kFusesMultiplyAdd = false;
#include "core/ops/special_series_more.inc"
}  // namespace baseline

bool cpuHasFma()
{
    static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    return has;
}

}  // namespace

float evaluate(Unary f, float x)
{
    return cpuHasFma() ? fused::evaluateUnary(f, x) : baseline::evaluateUnary(f, x);
}

double evaluate(Unary f, double x)
{
    return cpuHasFma() ? fused::evaluateUnary(f, x) : baseline::evaluateUnary(f, x);
}

float evaluate(Polynomial f, float x, float n)
{
    return cpuHasFma() ? fused::evaluatePolynomial(f, x, n) : baseline::evaluatePolynomial(f, x, n);
}

double evaluate(Polynomial f, double x, double n)
{
    return cpuHasFma() ? fused::evaluatePolynomial(f, x, n) : baseline::evaluatePolynomial(f, x, n);
}

float evaluate(IncompleteGamma f, float a, float x)
{
    return cpuHasFma() ? fused::evaluateIncompleteGamma(f, a, x) : baseline::evaluateIncompleteGamma(f, a, x);
}

double evaluate(IncompleteGamma f, double a, double x)
{
    return cpuHasFma() ? fused::evaluateIncompleteGamma(f, a, x) : baseline::evaluateIncompleteGamma(f, a, x);
}

}  // namespace agv::ops::special_kernels
