// _upsample_bilinear2d_aa and _upsample_bicubic2d_aa's CPU kernels as PyTorch 1.13
// computes them (UpSampleKernel.cpp, after Pillow's Resample.c): each output is a
// normalised filter-weighted sum over every input pixel its support covers, so a
// downscale averages instead of skipping pixels. See Note [Antialias arithmetic of 1.13].

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "core/ops/kernels.h"
#include "core/ops/upsample_kernels.h"

namespace agv::ops::upsampling {

namespace {

// Note [Antialias arithmetic of 1.13]
// Every bit below was found by comparing with PyTorch 1.13:
// - The weights of one output: centre = scale * (i + 0.5); the support (1 for the
//   triangle, 2 for the cubic) widens by the scale when downscaling, and so does the
//   filter's argument shrink; weights are normalised by their sum. All in T, except
//   where 1.13's expressions mix in double literals (the + 0.5 and the cubic's |x| < 1
//   branch, whose `a` is a double).
// - The forward resizes the width first into a temporary (N, C, H, W_out), then the
//   height. Each weighted sum is sequential and unfused, except that 1.13's compiled
//   loop handles the last (taps - 1) % U terms, U = 4 for float and 2 for double, with
//   fused multiply-adds.
// - The backward adds (wx * wy) * g into the gradient with a fused multiply-add, per
//   output pixel and plane, height taps outer.

/// Pillow's filters, with the roundings of 1.13's aa_filter.
template <typename T>
T filterWeight(AntialiasFilter filter, T x)
{
    x = std::abs(x);
    if (filter == AntialiasFilter::Triangle)
        return x < 1.0 ? static_cast<T>(1.0 - x) : T(0);
    constexpr double a = -0.5;  // Keys' cubic; 1.13 uses -0.75 without antialias
    if (x < 1.0) {
        const double xd = x;
        return static_cast<T>(std::fma(std::fma(a + 2, xd, -(a + 3)) * xd, xd, 1.0));
    }
    if (x < 2.0)
        return std::fma(std::fma(std::fma(T(a), x, T(-5 * a)), x, T(8 * a)), x, T(-4 * a));
    return T(0);
}

/// One dim's taps: per output, the first source index, the number of taps and their weights.
template <typename T>
struct AntialiasTaps {
    std::vector<int64_t> first;
    std::vector<int64_t> count;
    std::vector<std::vector<T>> weights;
};

template <typename T>
AntialiasTaps<T> antialiasTaps(int64_t inputSize, int64_t outputSize, bool alignCorners,
                               const std::optional<double>& scaleFactor, AntialiasFilter filter)
{
    const T scale = areaPixelScale<T>(inputSize, outputSize, alignCorners, scaleFactor);
    const int interpSize = filter == AntialiasFilter::Triangle ? 2 : 4;
    const T support = scale >= 1.0 ? static_cast<T>((interpSize * 0.5) * scale) : static_cast<T>(interpSize * 0.5);
    const T invScale = scale >= 1.0 ? static_cast<T>(1.0 / scale) : T(1.0);
    AntialiasTaps<T> taps;
    for (int64_t i = 0; i < outputSize; ++i) {
        const T center = static_cast<T>(scale * (static_cast<double>(i) + 0.5));
        const int64_t first = std::max(static_cast<int64_t>(center - support + 0.5), int64_t(0));
        const int64_t count = std::min(static_cast<int64_t>(center + support + 0.5), inputSize) - first;
        std::vector<T> weights;
        T total = 0;
        for (int64_t j = 0; j < count; ++j) {
            const T distance = static_cast<T>(j + first) - center;
            const T w = filterWeight<T>(filter, static_cast<T>((distance + 0.5) * invScale));
            weights.push_back(w);
            total += w;
        }
        if (total != 0.0)
            for (T& w : weights)
                w /= total;
        taps.first.push_back(first);
        taps.count.push_back(std::max<int64_t>(count, 0));
        taps.weights.push_back(std::move(weights));
    }
    return taps;
}

/// sum_j source[j * stride] * weights[j], with the forward's roundings (see Note
/// [Antialias arithmetic of 1.13]).
template <typename T>
T weightedSum(const T* source, int64_t stride, const std::vector<T>& weights)
{
    const int64_t count = static_cast<int64_t>(weights.size());
    if (count == 0)
        return T(0);
    constexpr int64_t unroll = sizeof(T) == 4 ? 4 : 2;
    const int64_t firstFused = count - (count - 1) % unroll;
    T sum = source[0] * weights[0];
    for (int64_t j = 1; j < count; ++j) {
        const T value = source[j * stride];
        const T weight = weights[size_t(j)];
        sum = j >= firstFused ? std::fma(value, weight, sum) : sum + value * weight;
    }
    return sum;
}

}  // namespace

Tensor antialiasForward(const Tensor& input, const Resize2d& r, AntialiasFilter filter)
{
    const int64_t inH = r.inputHeight(), inW = r.inputWidth(), outH = r.outputHeight, outW = r.outputWidth;
    Tensor out = kernel::newTensor(r.outputSizes(), input.dtype(), input.device());
    AGV_DISPATCH_FLOATING(input.dtype(), "compute_indices_weights_aa", [&] {
        using T = scalar_t;
        const AntialiasTaps<T> w = antialiasTaps<T>(inW, outW, r.alignCorners, r.scaleWidth, filter);
        const AntialiasTaps<T> h = antialiasTaps<T>(inH, outH, r.alignCorners, r.scaleHeight, filter);
        std::vector<T> widthPass(size_t(r.planes() * inH * outW));
        const T* in = input.data<T>();
        for (int64_t row = 0; row < r.planes() * inH; ++row)
            for (int64_t x = 0; x < outW; ++x)
                widthPass[size_t(row * outW + x)] =
                    weightedSum(in + row * inW + w.first[size_t(x)], 1, w.weights[size_t(x)]);
        T* o = out.data<T>();
        for (int64_t p = 0; p < r.planes(); ++p)
            for (int64_t y = 0; y < outH; ++y)
                for (int64_t x = 0; x < outW; ++x)
                    *o++ = weightedSum(widthPass.data() + (p * inH + h.first[size_t(y)]) * outW + x, outW,
                                       h.weights[size_t(y)]);
    });
    return out;
}

Tensor antialiasBackward(const Tensor& gradOutput, const Resize2d& r, AntialiasFilter filter)
{
    const int64_t inH = r.inputHeight(), inW = r.inputWidth(), outH = r.outputHeight, outW = r.outputWidth;
    Tensor grad = kernel::newTensor(r.inputSizes, gradOutput.dtype(), gradOutput.device());
    std::memset(grad.rawData(), 0, grad.nbytes());
    AGV_DISPATCH_FLOATING(gradOutput.dtype(), "compute_indices_weights_aa", [&] {
        using T = scalar_t;
        const AntialiasTaps<T> w = antialiasTaps<T>(inW, outW, r.alignCorners, r.scaleWidth, filter);
        const AntialiasTaps<T> h = antialiasTaps<T>(inH, outH, r.alignCorners, r.scaleHeight, filter);
        const T* go = gradOutput.data<T>();
        T* gi = grad.data<T>();
        for (int64_t y = 0; y < outH; ++y)
            for (int64_t x = 0; x < outW; ++x)
                for (int64_t p = 0; p < r.planes(); ++p) {
                    const T g = go[(p * outH + y) * outW + x];
                    const std::vector<T>& wy = h.weights[size_t(y)];
                    const std::vector<T>& wx = w.weights[size_t(x)];
                    for (size_t a = 0; a < wy.size(); ++a) {
                        T* row = gi + (p * inH + h.first[size_t(y)] + int64_t(a)) * inW + w.first[size_t(x)];
                        for (size_t b = 0; b < wx.size(); ++b)
                            row[b] = std::fma(wx[b] * wy[a], g, row[b]);
                    }
                }
    });
    return grad;
}

}  // namespace agv::ops::upsampling
