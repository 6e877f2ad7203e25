// The loops of PyTorch 1.13's SoftMaxKernel.cpp, lane by lane. Adds, subtracts,
// multiplies and divides of a Vectorized<T> round each lane as the scalar operation
// does, so only exp and log need SLEEF's vector functions (sleef_math.h) and only the
// order of the sums needs care: the row kernels reduce with vec::reduce_all
// (vectorized_reduce.h), the others accumulate each inner position down the dim.
// The elements a vector does not cover run PyTorch's scalar tail (std::exp).
// ATen splits the work over threads only for tensors far larger than a lesson's.

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

template <typename T>
constexpr int kLanes = int(32 / sizeof(T));  // one AVX2 register

template <typename T>
using Lanes = std::array<T, kLanes<T>>;

/// vec::maximum: NaN in either lane gives NaN.
template <typename T>
T vecMaximum(T a, T b)
{
    if (std::isnan(a) || std::isnan(b))
        return std::numeric_limits<T>::quiet_NaN();
    return a > b ? a : b;
}

template <typename T>
T rowMaximum(const T* x, int64_t n)
{
    T m = x[0];
    for (int64_t i = 1; i < n; ++i)
        m = vecMaximum(m, x[i]);
    return m;
}

/// _vec_softmax_lastdim: exp(x - max) by vec::map, its reduce_all sum, times 1 / sum.
template <typename T>
void softmaxRow(const T* x, T* out, int64_t n)
{
    const T maxValue = rowMaximum(x, n);
    // vec::map((x - max).exp()): SLEEF over the whole run, the tail zero-padded
    for (int64_t i = 0; i < n; ++i)
        out[i] = x[i] - maxValue;
    sleef::apply(sleef::Function::Exp, out, out, n);
    const T total = vectorized::mapSum<T, kLanes<T>>(out, n, [](Lanes<T>&) {});
    const T inverse = T(1) / total;
    for (int64_t i = 0; i < n; ++i)
        out[i] = out[i] * inverse;
}

/// _vec_softmax: a vector of inner positions at a time down the dim, scalar for the rest.
template <typename T>
void softmaxAcross(const T* in, T* out, const Shape& s)
{
    constexpr int L = kLanes<T>;
    const int64_t total = s.outer * s.inner;
    auto scalarColumn = [&](int64_t idx) {
        const T* x = in + (idx / s.inner) * s.dim * s.inner + idx % s.inner;
        T* o = out + (idx / s.inner) * s.dim * s.inner + idx % s.inner;
        T maxValue = x[0];
        for (int64_t d = 1; d < s.dim; ++d)
            maxValue = std::max(maxValue, x[d * s.inner]);
        T sum = 0;
        for (int64_t d = 0; d < s.dim; ++d) {
            o[d * s.inner] = std::exp(x[d * s.inner] - maxValue);
            sum += o[d * s.inner];
        }
        for (int64_t d = 0; d < s.dim; ++d)
            o[d * s.inner] = o[d * s.inner] / sum;
    };
    int64_t idx = 0;
    while (idx < total) {
        const int64_t innerIdx = idx % s.inner;
        if (innerIdx + L <= s.inner && idx + L <= total) {
            const T* x = in + (idx / s.inner) * s.dim * s.inner + innerIdx;
            T* o = out + (idx / s.inner) * s.dim * s.inner + innerIdx;
            Lanes<T> maxV, sumV{};
            std::copy(x, x + L, maxV.begin());
            for (int64_t d = 1; d < s.dim; ++d)
                for (int l = 0; l < L; ++l)
                    maxV[size_t(l)] = vecMaximum(maxV[size_t(l)], x[d * s.inner + l]);
            for (int64_t d = 0; d < s.dim; ++d) {
                Lanes<T> e;
                for (int l = 0; l < L; ++l)
                    e[size_t(l)] = x[d * s.inner + l] - maxV[size_t(l)];
                sleef::apply(sleef::Function::Exp, e.data(), e.data(), L);
                for (int l = 0; l < L; ++l) {
                    o[d * s.inner + l] = e[size_t(l)];
                    sumV[size_t(l)] = sumV[size_t(l)] + e[size_t(l)];
                }
            }
            for (int64_t d = 0; d < s.dim; ++d)
                for (int l = 0; l < L; ++l)
                    o[d * s.inner + l] = o[d * s.inner + l] / sumV[size_t(l)];
            idx += L;
        } else {
            const int64_t tail = idx + L > total ? total - idx : s.inner - innerIdx;
            for (int64_t i = 0; i < tail; ++i)
                scalarColumn(idx + i);
            idx += tail;
        }
    }
}

/// The inner positions in blocks of CHUNK_SIZE (a multiple of the vector width) that
/// the vertical kernels (_vec_logsoftmax, the backward ones) walk; `body` gets the block's
/// offset of its first element and its width.
template <typename T, typename Body>
void forEachBlock(const Shape& s, Body body)
{
    constexpr int64_t L = kLanes<T>;
    constexpr int64_t blockBytes = 128 * 1024;
    int64_t chunk = std::max<int64_t>(blockBytes / s.dim / int64_t(sizeof(T)), L);
    chunk = chunk / L * L;
    const int64_t chunks = (s.inner + chunk - 1) / chunk;
    for (int64_t i = 0; i < s.outer * chunks; ++i) {
        const int64_t begin = (i % chunks) * chunk;
        body((i / chunks) * s.dim * s.inner + begin, std::min(chunk, s.inner - begin));
    }
}

/// How many of `size` positions the vector body covers; the rest are the scalar tail.
template <typename T>
int64_t vectorPart(int64_t size)
{
    return size - size % kLanes<T>;
}

/// exp of acc's positions [0, vectorised) through SLEEF, the rest through std::exp.
template <typename T>
void expSplit(T* values, int64_t size)
{
    const int64_t vectorised = vectorPart<T>(size);
    sleef::apply(sleef::Function::Exp, values, values, vectorised);
    for (int64_t p = vectorised; p < size; ++p)
        values[p] = std::exp(values[p]);
}

/// _vec_logsoftmax: max and sum of exp(x - max) down the dim per position, log of the
/// sum by vec::map, then x - max - log(sum).
template <typename T>
void logSoftmaxAcross(const T* in, T* out, const Shape& s)
{
    std::vector<T> maxBuf, sumBuf, term;
    forEachBlock<T>(s, [&](int64_t base, int64_t size) {
        maxBuf.assign(size_t(size), -std::numeric_limits<T>::infinity());
        sumBuf.assign(size_t(size), T(0));
        term.resize(size_t(size));
        for (int64_t d = 0; d < s.dim; ++d) {
            const T* x = in + base + d * s.inner;
            for (int64_t p = 0; p < size; ++p)  // blendv(max, x, x > max), NaN never taken
                maxBuf[size_t(p)] = x[p] > maxBuf[size_t(p)] ? x[p] : maxBuf[size_t(p)];
        }
        for (int64_t d = 0; d < s.dim; ++d) {
            const T* x = in + base + d * s.inner;
            for (int64_t p = 0; p < size; ++p)
                term[size_t(p)] = x[p] - maxBuf[size_t(p)];
            expSplit(term.data(), size);
            for (int64_t p = 0; p < size; ++p)
                sumBuf[size_t(p)] += term[size_t(p)];
        }
        sleef::apply(sleef::Function::Log, sumBuf.data(), sumBuf.data(), size);  // vec::map(log)
        for (int64_t d = 0; d < s.dim; ++d) {
            const T* x = in + base + d * s.inner;
            T* o = out + base + d * s.inner;
            for (int64_t p = 0; p < size; ++p)
                o[p] = x[p] - maxBuf[size_t(p)] - sumBuf[size_t(p)];
        }
    });
}

/// map2_reduce_all(x * y, +, g, y, n). GCC builds ATen's AVX2 kernels with -mfma and
/// contracts `acc + x * y` into one fused multiply-add wherever the product has no other
/// use: every vector after the first, and the tail; a row shorter than a vector sums
/// its products lane by lane, unfused.
template <typename T>
T sumOfProducts(const T* g, const T* y, int64_t n)
{
    constexpr int L = kLanes<T>;
    Lanes<T> acc{};
    if (n < L) {
        for (int64_t l = 0; l < n; ++l)
            acc[size_t(l)] = g[l] * y[l];
        return vectorized::reduceLanes<T, L>(acc, n);
    }
    for (int l = 0; l < L; ++l)
        acc[size_t(l)] = g[l] * y[l];
    for (int64_t i = L; i < n; i += L) {
        const int64_t count = std::min<int64_t>(L, n - i);
        for (int64_t l = 0; l < count; ++l)
            acc[size_t(l)] = std::fma(g[i + l], y[i + l], acc[size_t(l)]);
    }
    return vectorized::reduceLanes<T, L>(acc, L);
}

/// _vec_host_softmax_backward_lastdim: softmax: (g - sum(g * y)) * y; log_softmax:
/// g - exp(y) * sum(g), the product fused into the subtraction (see sumOfProducts).
template <typename T>
void backwardRow(const T* g, const T* y, T* gi, int64_t n, bool log)
{
    if (log) {
        const T total = vectorized::mapSum<T, kLanes<T>>(g, n, [](Lanes<T>&) {});
        std::vector<T> e(y, y + n);
        sleef::apply(sleef::Function::Exp, e.data(), e.data(), n);
        for (int64_t i = 0; i < n; ++i)
            gi[i] = std::fma(-e[size_t(i)], total, g[i]);
        return;
    }
    const T total = sumOfProducts(g, y, n);
    for (int64_t i = 0; i < n; ++i)
        gi[i] = (g[i] - total) * y[i];
}

/// _vec_softmax_backward / _vec_log_softmax_backward: the sum down the dim per position
/// (of g * y, fused, or of g), then y * (g - sum), or g - exp(y) * sum, fused.
template <typename T>
void backwardAcross(const T* g, const T* y, T* gi, const Shape& s, bool log)
{
    std::vector<T> sumBuf, e;
    forEachBlock<T>(s, [&](int64_t base, int64_t size) {
        sumBuf.assign(size_t(size), T(0));
        for (int64_t d = 0; d < s.dim; ++d) {
            const int64_t at = base + d * s.inner;
            for (int64_t p = 0; p < size; ++p)
                sumBuf[size_t(p)] = log ? sumBuf[size_t(p)] + g[at + p] : std::fma(g[at + p], y[at + p], sumBuf[size_t(p)]);
        }
        for (int64_t d = 0; d < s.dim; ++d) {
            const int64_t at = base + d * s.inner;
            if (log) {
                e.assign(y + at, y + at + size);
                expSplit(e.data(), size);
                for (int64_t p = 0; p < size; ++p)
                    gi[at + p] = std::fma(-e[size_t(p)], sumBuf[size_t(p)], g[at + p]);
            } else {
                for (int64_t p = 0; p < size; ++p)
                    gi[at + p] = y[at + p] * (g[at + p] - sumBuf[size_t(p)]);
            }
        }
    });
}

template <typename T>
bool forwardImpl(const T* in, T* out, const Shape& s, bool log)
{
    if (!sleef::available())
        return false;
    if (s.lastDim) {
        for (int64_t r = 0; r < s.outer * s.inner; ++r) {
            if (log)
                sleef::logSoftmaxRow(in + r * s.dim, out + r * s.dim, s.dim);
            else
                softmaxRow(in + r * s.dim, out + r * s.dim, s.dim);
        }
    } else if (log) {
        logSoftmaxAcross(in, out, s);
    } else {
        softmaxAcross(in, out, s);
    }
    return true;
}

template <typename T>
bool backwardImpl(const T* g, const T* y, T* gi, const Shape& s, bool log)
{
    if (!sleef::available())
        return false;
    if (s.lastDim) {
        for (int64_t r = 0; r < s.outer * s.inner; ++r)
            backwardRow(g + r * s.dim, y + r * s.dim, gi + r * s.dim, s.dim, log);
    } else {
        backwardAcross(g, y, gi, s, log);
    }
    return true;
}

}  // namespace

bool forward(const float* in, float* out, const Shape& shape, bool log) { return forwardImpl(in, out, shape, log); }
bool forward(const double* in, double* out, const Shape& shape, bool log) { return forwardImpl(in, out, shape, log); }

bool backward(const float* grad, const float* output, float* gradInput, const Shape& shape, bool log)
{
    return backwardImpl(grad, output, gradInput, shape, log);
}

bool backward(const double* grad, const double* output, double* gradInput, const Shape& shape, bool log)
{
    return backwardImpl(grad, output, gradInput, shape, log);
}

}  // namespace agv::ops::softmax_kernels
