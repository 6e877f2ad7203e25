// softmax and log_softmax of bfloat16 tensors and their backward, as PyTorch 1.13's
// CPU kernels round them (SoftMaxKernel.cpp, SoftMax.cpp).
//
// Note [bfloat16 softmax rounding]
// 1.13 widens bfloat16 to float inside each kernel, but where it rounds back differs
// from kernel to kernel, and that is what the last bit depends on:
// - softmax along the last dim (_vec_softmax_lastdim's BFloat16 case) keeps exp(x - max)
//   in a float buffer, sums it in float and rounds only out = e * (1 / sum);
// - log_softmax along the last dim (the generic _vec_log_softmax_lastdim, whose
//   scalar_t is BFloat16) rounds the sum of exp(x - max) to bfloat16, takes its log in
//   float and rounds that too, then rounds out = (x - max) - log;
// - softmax along another dim (_vec_softmax's BFloat16 case) divides float e by the
//   float sum for the positions a 16-lane vector covers; its scalar tail stores e as
//   bfloat16 first and divides that (two roundings);
// - log_softmax along another dim computes in float and rounds once at the end;
// - the backward along the last dim rounds its sum (sum(g * y), or sum(g) for
//   log_softmax) to bfloat16 before using it, then rounds the result; along another dim
//   it computes in float throughout and rounds once.
// exp and log are SLEEF's where 1.13's run on whole vectors, std:: on scalar tails.

#include "core/ops/softmax_kernels.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "core/ops/sleef_math.h"
#include "core/ops/vectorized_reduce.h"

namespace agv::ops::softmax_kernels {

namespace {

constexpr int kFloatLanes = 8;       // Vectorized<float> on AVX2
constexpr int kBFloat16Lanes = 16;   // Vectorized<BFloat16> on AVX2 (two float vectors)

using FloatLanes = std::array<float, kFloatLanes>;

float widen(BFloat16 v) { return float(v); }

/// Lanes are reduced as vec_reduce_all does (Note [Vectorised row reductions]).
float reduceFloatLanes(const FloatLanes& v, int64_t valid) { return vectorized::reduceLanes<float, kFloatLanes>(v, valid); }

/// exp of the first n values in place through SLEEF (whole vectors).
void sleefExp(float* values, int64_t n) { sleef::apply(sleef::Function::Exp, values, values, n); }

/// The BFloat16 case of _vec_softmax_lastdim for one row.
void softmaxRow(const BFloat16* x, BFloat16* out, int64_t n, std::vector<float>& buffer)
{
    buffer.resize(size_t(n));
    float* b = buffer.data();
    for (int64_t i = 0; i < n; ++i)
        b[i] = widen(x[i]);
    float maxValue = -std::numeric_limits<float>::infinity();
    const int64_t vectorMax = n - n % kBFloat16Lanes;
    bool nanSeen = false;
    for (int64_t i = 0; i < vectorMax; ++i) {
        nanSeen = nanSeen || std::isnan(b[i]);  // vec::maximum propagates NaN
        maxValue = std::max(maxValue, b[i]);
    }
    if (nanSeen)
        maxValue = std::numeric_limits<float>::quiet_NaN();
    for (int64_t i = vectorMax; i < n; ++i)
        maxValue = std::max(maxValue, b[i]);
    // (x - max).exp() a float vector at a time, summed lane-wise; then the scalar tail.
    const int64_t vectorExp = n - n % kFloatLanes;
    for (int64_t i = 0; i < n; ++i)
        b[i] = b[i] - maxValue;
    sleefExp(b, vectorExp);
    FloatLanes lanes{};
    for (int64_t i = 0; i < vectorExp; i += kFloatLanes)
        for (int l = 0; l < kFloatLanes; ++l)
            lanes[size_t(l)] += b[i + l];
    float total = reduceFloatLanes(lanes, kFloatLanes);
    for (int64_t i = vectorExp; i < n; ++i) {
        b[i] = std::exp(b[i]);
        total += b[i];
    }
    const float inverse = 1 / total;
    for (int64_t i = 0; i < n; ++i)
        out[i] = BFloat16(b[i] * inverse);
}

/// map_reduce_all<BFloat16>(exp(x - max), +): whole 16-lane vectors as two float
/// accumulators, a partial vector merged into the lanes it covers, then the two
/// accumulators added and reduced.
float sumOfShiftedExp(const BFloat16* x, int64_t n, float maxValue)
{
    auto load = [&](int64_t at, int64_t count, FloatLanes& lo, FloatLanes& hi) {
        std::array<float, kBFloat16Lanes> v{};
        for (int64_t i = 0; i < count; ++i)
            v[size_t(i)] = widen(x[at + i]);
        for (auto& value : v)
            value = value - maxValue;
        sleefExp(v.data(), kBFloat16Lanes);
        std::copy(v.begin(), v.begin() + kFloatLanes, lo.begin());
        std::copy(v.begin() + kFloatLanes, v.end(), hi.begin());
    };
    FloatLanes lo, hi;
    if (n < kBFloat16Lanes) {
        load(0, n, lo, hi);
        if (n > kFloatLanes) {
            for (int64_t l = 0; l < n - kFloatLanes; ++l)
                lo[size_t(l)] = lo[size_t(l)] + hi[size_t(l)];
            return reduceFloatLanes(lo, kFloatLanes);
        }
        return reduceFloatLanes(lo, n);
    }
    FloatLanes accLo, accHi;
    load(0, kBFloat16Lanes, accLo, accHi);
    int64_t d = kBFloat16Lanes;
    for (; d < n - n % kBFloat16Lanes; d += kBFloat16Lanes) {
        load(d, kBFloat16Lanes, lo, hi);
        for (int l = 0; l < kFloatLanes; ++l) {
            accLo[size_t(l)] += lo[size_t(l)];
            accHi[size_t(l)] += hi[size_t(l)];
        }
    }
    const int64_t rest = n - d;
    if (rest > 0) {
        load(d, rest, lo, hi);
        if (rest > kFloatLanes) {
            for (int l = 0; l < kFloatLanes; ++l)
                accLo[size_t(l)] += lo[size_t(l)];
            for (int64_t l = 0; l < rest - kFloatLanes; ++l)
                accHi[size_t(l)] += hi[size_t(l)];
        } else {
            for (int64_t l = 0; l < rest; ++l)
                accLo[size_t(l)] += lo[size_t(l)];
        }
    }
    for (int l = 0; l < kFloatLanes; ++l)
        accLo[size_t(l)] += accHi[size_t(l)];
    return reduceFloatLanes(accLo, kFloatLanes);
}

/// The generic _vec_log_softmax_lastdim with scalar_t BFloat16, for one row.
void logSoftmaxRow(const BFloat16* x, BFloat16* out, int64_t n)
{
    float maxValue = widen(x[0]);
    for (int64_t i = 1; i < n; ++i)
        maxValue = std::isnan(widen(x[i])) ? widen(x[i]) : std::max(maxValue, widen(x[i]));
    const BFloat16 total(sumOfShiftedExp(x, n, maxValue));
    std::array<float, kFloatLanes> logArg{};
    logArg[0] = widen(total);
    sleef::apply(sleef::Function::Log, logArg.data(), logArg.data(), kFloatLanes);
    const float logTotal = widen(BFloat16(logArg[0]));
    for (int64_t i = 0; i < n; ++i)
        out[i] = BFloat16((widen(x[i]) - maxValue) - logTotal);  // this order: pytorch/pytorch#11752
}

/// _vec_softmax's BFloat16 case: 16 inner positions at a time down the dim in float,
/// scalar columns (which round e before dividing) where a vector does not fit.
void softmaxAcross(const BFloat16* in, BFloat16* out, const Shape& s)
{
    const int64_t total = s.outer * s.inner;
    auto at = [&](int64_t idx) { return (idx / s.inner) * s.dim * s.inner + idx % s.inner; };
    auto scalarColumn = [&](int64_t idx) {
        const BFloat16* x = in + at(idx);
        BFloat16* o = out + at(idx);
        float maxValue = widen(x[0]);
        for (int64_t d = 1; d < s.dim; ++d)
            maxValue = std::max(maxValue, widen(x[d * s.inner]));
        float sum = 0;
        for (int64_t d = 0; d < s.dim; ++d) {
            const float e = std::exp(widen(x[d * s.inner]) - maxValue);
            sum += e;
            o[d * s.inner] = BFloat16(e);
        }
        for (int64_t d = 0; d < s.dim; ++d)
            o[d * s.inner] = BFloat16(widen(o[d * s.inner]) / sum);
    };
    constexpr int L = kBFloat16Lanes;
    std::vector<float> e(size_t(s.dim * L));
    int64_t idx = 0;
    while (idx < total) {
        const int64_t innerIdx = idx % s.inner;
        if (innerIdx + L <= s.inner && idx + L <= total) {
            const BFloat16* x = in + at(idx);
            BFloat16* o = out + at(idx);
            std::array<float, L> maxV, sumV{};
            for (int l = 0; l < L; ++l)
                maxV[size_t(l)] = widen(x[l]);
            for (int64_t d = 1; d < s.dim; ++d)
                for (int l = 0; l < L; ++l) {
                    const float v = widen(x[d * s.inner + l]);
                    maxV[size_t(l)] = std::isnan(v) || std::isnan(maxV[size_t(l)])
                                          ? std::numeric_limits<float>::quiet_NaN()
                                          : std::max(maxV[size_t(l)], v);
                }
            for (int64_t d = 0; d < s.dim; ++d) {
                float* row = e.data() + d * L;
                for (int l = 0; l < L; ++l)
                    row[l] = widen(x[d * s.inner + l]) - maxV[size_t(l)];
                sleefExp(row, L);
                for (int l = 0; l < L; ++l)
                    sumV[size_t(l)] = sumV[size_t(l)] + row[l];
            }
            for (int64_t d = 0; d < s.dim; ++d)
                for (int l = 0; l < L; ++l)
                    o[d * s.inner + l] = BFloat16(e[size_t(d * L + l)] / sumV[size_t(l)]);
            idx += L;
        } else {
            const int64_t tail = idx + L > total ? total - idx : s.inner - innerIdx;
            for (int64_t i = 0; i < tail; ++i)
                scalarColumn(idx + i);
            idx += tail;
        }
    }
}

/// log_softmax along another dim: max, sum of exp(x - max) and its log in float per
/// position, rounded once as out = (x - max) - log(sum).
void logSoftmaxAcross(const BFloat16* in, BFloat16* out, const Shape& s)
{
    std::vector<float> maxBuf(size_t(s.inner)), sumBuf(size_t(s.inner)), term(size_t(s.inner));
    const int64_t vectorPart = s.inner - s.inner % kFloatLanes;
    for (int64_t o = 0; o < s.outer; ++o) {
        const BFloat16* x = in + o * s.dim * s.inner;
        BFloat16* y = out + o * s.dim * s.inner;
        std::fill(maxBuf.begin(), maxBuf.end(), -std::numeric_limits<float>::infinity());
        std::fill(sumBuf.begin(), sumBuf.end(), 0.0f);
        for (int64_t d = 0; d < s.dim; ++d)
            for (int64_t p = 0; p < s.inner; ++p) {
                const float v = widen(x[d * s.inner + p]);
                maxBuf[size_t(p)] = v > maxBuf[size_t(p)] ? v : maxBuf[size_t(p)];
            }
        for (int64_t d = 0; d < s.dim; ++d) {
            for (int64_t p = 0; p < s.inner; ++p)
                term[size_t(p)] = widen(x[d * s.inner + p]) - maxBuf[size_t(p)];
            sleefExp(term.data(), vectorPart);
            for (int64_t p = vectorPart; p < s.inner; ++p)
                term[size_t(p)] = std::exp(term[size_t(p)]);
            for (int64_t p = 0; p < s.inner; ++p)
                sumBuf[size_t(p)] += term[size_t(p)];
        }
        sleef::apply(sleef::Function::Log, sumBuf.data(), sumBuf.data(), s.inner);
        for (int64_t d = 0; d < s.dim; ++d)
            for (int64_t p = 0; p < s.inner; ++p)
                y[d * s.inner + p] =
                    BFloat16(widen(x[d * s.inner + p]) - maxBuf[size_t(p)] - sumBuf[size_t(p)]);
    }
}

/// The generic _vec_host_softmax_backward_lastdim with scalar_t BFloat16 for one row:
/// the sum rounded to bfloat16 (Note [bfloat16 softmax rounding]), then y * (g - sum)
/// or g - exp(y) * sum, fused as GCC contracts it.
void backwardRow(const BFloat16* g, const BFloat16* y, BFloat16* gi, int64_t n, bool log)
{
    const int64_t step = 1;
    float sum = 0;
    for (int64_t i = 0; i < n; ++i)
        sum += log ? widen(g[i * step]) : widen(g[i * step]) * widen(y[i * step]);
    const float rounded = widen(BFloat16(sum));
    std::vector<float> e;
    if (log) {
        e.resize(size_t(n));
        for (int64_t i = 0; i < n; ++i)
            e[size_t(i)] = widen(y[i * step]);
        sleefExp(e.data(), n);
    }
    for (int64_t i = 0; i < n; ++i)
        gi[i * step] = log ? BFloat16(std::fma(-e[size_t(i)], rounded, widen(g[i * step])))
                           : BFloat16((widen(g[i * step]) - rounded) * widen(y[i * step]));
}

}  // namespace

bool forward(const BFloat16* in, BFloat16* out, const Shape& s, bool log)
{
    if (!sleef::available())
        return false;
    if (s.lastDim) {
        std::vector<float> buffer;
        for (int64_t r = 0; r < s.outer * s.inner; ++r) {
            if (log)
                logSoftmaxRow(in + r * s.dim, out + r * s.dim, s.dim);
            else
                softmaxRow(in + r * s.dim, out + r * s.dim, s.dim, buffer);
        }
    } else if (log) {
        logSoftmaxAcross(in, out, s);
    } else {
        softmaxAcross(in, out, s);
    }
    return true;
}

bool backward(const BFloat16* grad, const BFloat16* output, BFloat16* gradInput, const Shape& s, bool log)
{
    if (!sleef::available())
        return false;
    if (s.lastDim) {
        for (int64_t r = 0; r < s.outer * s.inner; ++r)
            backwardRow(grad + r * s.dim, output + r * s.dim, gradInput + r * s.dim, s.dim, log);
        return true;
    }
    // Along another dim 1.13 computes in float throughout and rounds once: the float
    // kernel's arithmetic on the widened values.
    const int64_t n = s.outer * s.dim * s.inner;
    const auto count = static_cast<size_t>(n);
    std::vector<float> g(count), y(count), gi(count);
    for (int64_t i = 0; i < n; ++i) {
        g[size_t(i)] = widen(grad[i]);
        y[size_t(i)] = widen(output[i]);
    }
    backward(g.data(), y.data(), gi.data(), s, log);
    for (int64_t i = 0; i < n; ++i)
        gradInput[i] = BFloat16(gi[size_t(i)]);
    return true;
}

}  // namespace agv::ops::softmax_kernels
