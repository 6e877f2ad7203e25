#include "core/ops/upsample.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/ops/dispatch_bfloat16.h"
#include "core/ops/iterator_layout.h"
#include "core/ops/kernels.h"
#include "core/ops/memory_format.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/ops/upsample_kernels.h"

namespace agv::ops {

namespace {

/// What the forward and backward kernels share: the mode, the sizes and each spatial
/// dim's scale (the scale factor given, if any).
struct Resize {
    UpsampleMode mode;
    bool alignCorners;
    bool antialias;
    IntList inputSizes;     // (N, C, spatial...)
    IntList outputSpatial;  // the spatial output sizes
    std::vector<std::optional<double>> scales;

    size_t spatialDims() const { return outputSpatial.size(); }
    int64_t inputSpatial(size_t d) const { return inputSizes[2 + d]; }
    int64_t planes() const { return inputSizes[0] * inputSizes[1]; }
    IntList outputSizes() const
    {
        IntList sizes{inputSizes[0], inputSizes[1]};
        sizes.insert(sizes.end(), outputSpatial.begin(), outputSpatial.end());
        return sizes;
    }
    bool nearest() const { return mode == UpsampleMode::Nearest || mode == UpsampleMode::NearestExact; }
    /// Bicubic and the antialiased modes: the 2-d kernels of upsample_kernels.h.
    bool separateKernel() const { return mode == UpsampleMode::Cubic || antialias; }
    upsampling::Resize2d resize2d() const
    {
        return {inputSizes, outputSpatial[0], outputSpatial[1], alignCorners, scales[0], scales[1]};
    }
};

// ---------------------------------------------------------------- UpSample.h's arithmetic

template <typename T>
T computeScalesValue(const std::optional<double>& scale, int64_t inputSize, int64_t outputSize)
{
    return (scale && *scale > 0.) ? static_cast<T>(1.0 / *scale) : (static_cast<T>(inputSize) / outputSize);
}

/// The linear kernels' source position: in double (at::acc_type of float and double on
/// the CPU), where PyTorch's build fuses scale * (dst + 0.5) - 0.5 into one multiply-add
/// (see Note [Fused multiply-adds in upsample]).
double linearSourceIndex(double scale, int64_t dstIndex, bool alignCorners)
{
    if (alignCorners)
        return scale * static_cast<double>(dstIndex);
    const double source = std::fma(scale, static_cast<double>(dstIndex) + 0.5, -0.5);
    return source < 0 ? 0.0 : source;
}

/// Per output position of one dim: the two source indices and their weights.
template <typename T>
struct Taps {
    std::vector<int64_t> index0, index1;
    std::vector<T> lambda0, lambda1;
};

template <typename T>
Taps<T> linearTaps(int64_t inputSize, int64_t outputSize, bool alignCorners, const std::optional<double>& scale)
{
    const T ratio = upsampling::areaPixelScale<T>(inputSize, outputSize, alignCorners, scale);
    Taps<T> taps;
    for (int64_t o = 0; o < outputSize; ++o) {
        int64_t i0, i1;
        T l0, l1;
        if (outputSize == inputSize) {
            i0 = i1 = o;
            l0 = T(1), l1 = T(0);
        } else {
            const double real = linearSourceIndex(static_cast<double>(ratio), o, alignCorners);
            i0 = std::min(static_cast<int64_t>(real), inputSize - 1);
            i1 = i0 + (i0 < inputSize - 1 ? 1 : 0);
            l1 = static_cast<T>(real - static_cast<double>(i0));
            l0 = static_cast<T>(1.0 - static_cast<double>(l1));
        }
        taps.index0.push_back(i0), taps.index1.push_back(i1);
        taps.lambda0.push_back(l0), taps.lambda1.push_back(l1);
    }
    return taps;
}

/// The forward kernel's nearest source (HelperInterpNearest): floorf of scale * o.
template <typename T>
std::vector<int64_t> nearestForwardIndices(int64_t inputSize, int64_t outputSize, const std::optional<double>& scale)
{
    const T ratio = upsampling::areaPixelScale<T>(inputSize, outputSize, false, scale);
    std::vector<int64_t> index;
    for (int64_t o = 0; o < outputSize; ++o) {
        // area_pixel_compute_source_index with align_corners; c10's BFloat16 * int64_t
        // converts the index to bfloat16 first
        const T real = ratio * static_cast<T>(o);
        index.push_back(std::min(static_cast<int64_t>(floorf(static_cast<float>(real))), inputSize - 1));
    }
    return index;
}

/// nearest_exact_idx, which 1.13's forward and backward kernels share: the source pixel
/// whose centre is nearest, floor((o + 0.5) * scale) with a float scale.
std::vector<int64_t> nearestExactIndices(int64_t inputSize, int64_t outputSize, const std::optional<double>& scale)
{
    const float ratio = computeScalesValue<float>(scale, inputSize, outputSize);
    std::vector<int64_t> index;
    for (int64_t o = 0; o < outputSize; ++o)
        index.push_back(std::min(static_cast<int64_t>(floorf(static_cast<float>((o + 0.5) * ratio))), inputSize - 1));
    return index;
}

/// The backward kernel's nearest_idx: exact for equal sizes and doubling, else a float scale.
std::vector<int64_t> nearestBackwardIndices(int64_t inputSize, int64_t outputSize, const std::optional<double>& scale)
{
    std::vector<int64_t> index;
    for (int64_t o = 0; o < outputSize; ++o) {
        if (outputSize == inputSize) {
            index.push_back(o);
        } else if (outputSize == 2 * inputSize) {
            index.push_back(o >> 1);
        } else {
            const float ratio = computeScalesValue<float>(scale, inputSize, outputSize);
            index.push_back(std::min(static_cast<int64_t>(floorf(o * ratio)), inputSize - 1));
        }
    }
    return index;
}

/// The forward's source index per output position, for either nearest mode.
template <typename T>
std::vector<int64_t> forwardNearest(UpsampleMode mode, int64_t inputSize, int64_t outputSize,
                                    const std::optional<double>& scale)
{
    return mode == UpsampleMode::NearestExact ? nearestExactIndices(inputSize, outputSize, scale)
                                              : nearestForwardIndices<T>(inputSize, outputSize, scale);
}

std::vector<int64_t> backwardNearest(UpsampleMode mode, int64_t inputSize, int64_t outputSize,
                                     const std::optional<double>& scale)
{
    return mode == UpsampleMode::NearestExact ? nearestExactIndices(inputSize, outputSize, scale)
                                              : nearestBackwardIndices(inputSize, outputSize, scale);
}

// ---------------------------------------------------------------- kernels

// Note [Fused multiply-adds in upsample]
// Debian's PyTorch compiles these kernels with floating-point contraction, so `t0 * w0 +
// t1 * w1` is fma(t0, w0, t1 * w1) and `g_in += a * b * g` is fma(a * b, g, g_in); found
// by comparing every output bit with PyTorch 1.13 (tests/conformance/torch/interpolate.py and
// interpolate_3d.py).
template <typename T>
T blend(T t0, T w0, T t1, T w1)
{
    return std::fma(t0, w0, t1 * w1);
}

// Note [Channels-last upsample sums]
// 1.13 takes cpu_upsample_linear_channels_last for a bilinear (trilinear) input that
// is_contiguous(channels_last(_3d)) -- a contiguous one-channel (N, 1, H, W) input is one
// (Note [Memory formats]). That kernel multiplies the weights first, in the input's type
// (w01 = h0 * w1, w001 = d0 * h0 * w1), then sums the corners of each pixel's channels
// two ways. The channels that fill whole AVX2 vectors (the first C - C % 8 of float, of
// 4 for double) take Vectorized's recursion, i00 * w00 + (i01 * w01 + (... + (i10 * w10
// + i11 * w11))), which Debian's build contracts to fmas with the last product the
// innermost addend: fma(i00, w00, fma(i01, w01, fma(i11, w11, i10 * w10))). The rest
// take the scalar tail, i00 * w00 + i01 * w01 + ... from the first, in double (its
// accscalar_t) and contracted the other way round, fma(i00, w00, i01 * w01) and then
// an fma per further term, rounded to T once at the end (a float's products are exact
// in double, so only double inputs see the contraction). Both found by comparing every bit with 1.13.
template <typename T, size_t N>
T channelsLastSum(const T (&corners)[N], const T (&weights)[N], bool vectorLane)
{
    if (vectorLane) {
        T sum = std::fma(corners[N - 1], weights[N - 1], corners[N - 2] * weights[N - 2]);
        for (size_t k = N - 2; k-- > 0;)
            sum = std::fma(corners[k], weights[k], sum);
        return sum;
    }
    double sum = std::fma(double(corners[0]), double(weights[0]), double(corners[1]) * double(weights[1]));
    for (size_t k = 2; k < N; ++k)
        sum = std::fma(double(corners[k]), double(weights[k]), sum);
    return T(sum);
}

/// The channels 1.13's channels-last kernel sums a whole AVX2 vector at a time.
template <typename T>
int64_t vectorChannels(int64_t channels)
{
    constexpr int64_t lanes = 32 / int64_t(sizeof(T));
    return channels - channels % lanes;
}

/// upsample_nearest3d and upsample_trilinear3d over (N, C, D, H, W): the generic kernel's
/// nesting, depth outermost (each output the depth blend of two height blends of two
/// width blends), and the backward's scatter to the eight corners in i000..i111 order.
Tensor forwardKernel3d(const Tensor& input, const Resize& r, bool channelsLastSums)
{
    Tensor out = kernel::newTensor(r.outputSizes(), input.dtype(), input.device());
    const int64_t inD = r.inputSpatial(0), inH = r.inputSpatial(1), inW = r.inputSpatial(2);
    const int64_t outD = r.outputSpatial[0], outH = r.outputSpatial[1], outW = r.outputSpatial[2];
    AGV_DISPATCH_FLOATING_AND_BFLOAT16(input.dtype(), "upsample", [&] {
        using T = scalar_t;
        const T* in = input.data<T>();
        T* o = out.data<T>();
        if (r.nearest()) {
            const auto id = forwardNearest<T>(r.mode, inD, outD, r.scales[0]);
            const auto ih = forwardNearest<T>(r.mode, inH, outH, r.scales[1]);
            const auto iw = forwardNearest<T>(r.mode, inW, outW, r.scales[2]);
            for (int64_t p = 0; p < r.planes(); ++p, in += inD * inH * inW)
                for (int64_t z = 0; z < outD; ++z)
                    for (int64_t y = 0; y < outH; ++y)
                        for (int64_t x = 0; x < outW; ++x)
                            *o++ = in[(id[size_t(z)] * inH + ih[size_t(y)]) * inW + iw[size_t(x)]];
            return;
        }
        const Taps<T> d = linearTaps<T>(inD, outD, r.alignCorners, r.scales[0]);
        const Taps<T> h = linearTaps<T>(inH, outH, r.alignCorners, r.scales[1]);
        const Taps<T> w = linearTaps<T>(inW, outW, r.alignCorners, r.scales[2]);
        auto row = [&](const T* rowStart, size_t i) {
            return blend(rowStart[w.index0[i]], w.lambda0[i], rowStart[w.index1[i]], w.lambda1[i]);
        };
        const int64_t channels = r.inputSizes[1], laneChannels = vectorChannels<T>(channels);
        for (int64_t p = 0; p < r.planes(); ++p, in += inD * inH * inW) {
            const bool vectorLane = p % channels < laneChannels;
            for (int64_t z = 0; z < outD; ++z) {
                const T* slice0 = in + d.index0[size_t(z)] * inH * inW;
                const T* slice1 = in + d.index1[size_t(z)] * inH * inW;
                for (int64_t y = 0; y < outH; ++y) {
                    const int64_t row0 = h.index0[size_t(y)] * inW, row1 = h.index1[size_t(y)] * inW;
                    const T h0 = h.lambda0[size_t(y)], h1 = h.lambda1[size_t(y)];
                    for (int64_t x = 0; x < outW; ++x) {
                        const size_t i = size_t(x);
                        if (channelsLastSums) {
                            const T d0 = d.lambda0[size_t(z)], d1 = d.lambda1[size_t(z)];
                            const T w0 = w.lambda0[i], w1 = w.lambda1[i];
                            const int64_t c0 = w.index0[i], c1 = w.index1[i];
                            *o++ = channelsLastSum(
                                {slice0[row0 + c0], slice0[row0 + c1], slice0[row1 + c0], slice0[row1 + c1],
                                 slice1[row0 + c0], slice1[row0 + c1], slice1[row1 + c0], slice1[row1 + c1]},
                                {d0 * h0 * w0, d0 * h0 * w1, d0 * h1 * w0, d0 * h1 * w1, d1 * h0 * w0, d1 * h0 * w1,
                                 d1 * h1 * w0, d1 * h1 * w1},
                                vectorLane);
                            continue;
                        }
                        const T t0 = blend(row(slice0 + row0, i), h0, row(slice0 + row1, i), h1);
                        const T t1 = blend(row(slice1 + row0, i), h0, row(slice1 + row1, i), h1);
                        *o++ = blend(t0, d.lambda0[size_t(z)], t1, d.lambda1[size_t(z)]);
                    }
                }
            }
        }
    });
    return out;
}

Tensor backwardKernel3d(const Tensor& gradOutput, const Resize& r)
{
    Tensor grad = kernel::newTensor(r.inputSizes, gradOutput.dtype(), gradOutput.device());
    std::memset(grad.rawData(), 0, grad.nbytes());
    const int64_t inD = r.inputSpatial(0), inH = r.inputSpatial(1), inW = r.inputSpatial(2);
    const int64_t outD = r.outputSpatial[0], outH = r.outputSpatial[1], outW = r.outputSpatial[2];
    AGV_DISPATCH_FLOATING_AND_BFLOAT16(gradOutput.dtype(), "upsample_backward", [&] {
        using T = scalar_t;
        const T* go = gradOutput.data<T>();
        T* gi = grad.data<T>();
        if (r.nearest()) {
            const auto id = backwardNearest(r.mode, inD, outD, r.scales[0]);
            const auto ih = backwardNearest(r.mode, inH, outH, r.scales[1]);
            const auto iw = backwardNearest(r.mode, inW, outW, r.scales[2]);
            for (int64_t p = 0; p < r.planes(); ++p, gi += inD * inH * inW)
                for (int64_t z = 0; z < outD; ++z)
                    for (int64_t y = 0; y < outH; ++y)
                        for (int64_t x = 0; x < outW; ++x)
                            gi[(id[size_t(z)] * inH + ih[size_t(y)]) * inW + iw[size_t(x)]] += *go++;
            return;
        }
        const Taps<T> d = linearTaps<T>(inD, outD, r.alignCorners, r.scales[0]);
        const Taps<T> h = linearTaps<T>(inH, outH, r.alignCorners, r.scales[1]);
        const Taps<T> w = linearTaps<T>(inW, outW, r.alignCorners, r.scales[2]);
        for (int64_t p = 0; p < r.planes(); ++p, gi += inD * inH * inW)
            for (int64_t z = 0; z < outD; ++z) {
                const int64_t slice[2] = {d.index0[size_t(z)] * inH, d.index1[size_t(z)] * inH};
                const T dl[2] = {d.lambda0[size_t(z)], d.lambda1[size_t(z)]};
                for (int64_t y = 0; y < outH; ++y) {
                    const int64_t row[2] = {h.index0[size_t(y)], h.index1[size_t(y)]};
                    const T hl[2] = {h.lambda0[size_t(y)], h.lambda1[size_t(y)]};
                    for (int64_t x = 0; x < outW; ++x, ++go) {
                        const int64_t col[2] = {w.index0[size_t(x)], w.index1[size_t(x)]};
                        const T wl[2] = {w.lambda0[size_t(x)], w.lambda1[size_t(x)]};
                        for (int a = 0; a < 2; ++a)
                            for (int b = 0; b < 2; ++b)
                                for (int c = 0; c < 2; ++c) {
                                    T& g = gi[(slice[a] + row[b]) * inW + col[c]];
                                    g = std::fma(dl[a] * hl[b] * wl[c], *go, g);
                                }
                    }
                }
            }
    });
    return grad;
}

upsampling::AntialiasFilter antialiasFilter(const Resize& r)
{
    return r.mode == UpsampleMode::Cubic ? upsampling::AntialiasFilter::Cubic : upsampling::AntialiasFilter::Triangle;
}

Tensor forwardValues(const Tensor& inputIn, const Resize& r)
{
    const Tensor input = kernel::dense(inputIn);
    if (r.separateKernel())
        return r.antialias ? upsampling::antialiasForward(input, r.resize2d(), antialiasFilter(r))
                           : upsampling::bicubicForward(input, r.resize2d());
    const bool channelsLastSums =
        r.mode == UpsampleMode::Linear && r.spatialDims() >= 2 &&
        isContiguousIn(inputIn, r.spatialDims() == 2 ? MemoryFormat::ChannelsLast : MemoryFormat::ChannelsLast3d);
    if (r.spatialDims() == 3)
        return forwardKernel3d(input, r, channelsLastSums);
    Tensor out = kernel::newTensor(r.outputSizes(), input.dtype(), input.device());
    const bool twoD = r.spatialDims() == 2;
    const int64_t inH = twoD ? r.inputSpatial(0) : 1, inW = r.inputSpatial(twoD ? 1 : 0);
    const int64_t outH = twoD ? r.outputSpatial[0] : 1, outW = r.outputSpatial[twoD ? 1 : 0];
    const std::optional<double> scaleH = twoD ? r.scales[0] : std::nullopt, scaleW = r.scales[twoD ? 1 : 0];
    AGV_DISPATCH_FLOATING_AND_BFLOAT16(input.dtype(), "upsample", [&] {
        using T = scalar_t;
        const T* in = input.data<T>();
        T* o = out.data<T>();
        if (r.nearest()) {
            const auto ih = forwardNearest<T>(r.mode, inH, outH, scaleH), iw = forwardNearest<T>(r.mode, inW, outW, scaleW);
            for (int64_t p = 0; p < r.planes(); ++p, in += inH * inW)
                for (int64_t y = 0; y < outH; ++y)
                    for (int64_t x = 0; x < outW; ++x)
                        *o++ = in[ih[size_t(y)] * inW + iw[size_t(x)]];
            return;
        }
        const Taps<T> w = linearTaps<T>(inW, outW, r.alignCorners, scaleW);
        if (!twoD) {
            for (int64_t p = 0; p < r.planes(); ++p, in += inW)
                for (int64_t x = 0; x < outW; ++x)
                    *o++ = blend(in[w.index0[size_t(x)]], w.lambda0[size_t(x)], in[w.index1[size_t(x)]],
                                 w.lambda1[size_t(x)]);
            return;
        }
        const Taps<T> h = linearTaps<T>(inH, outH, r.alignCorners, scaleH);
        const int64_t channels = r.inputSizes[1], laneChannels = vectorChannels<T>(channels);
        for (int64_t p = 0; p < r.planes(); ++p, in += inH * inW) {
            const bool vectorLane = p % channels < laneChannels;
            for (int64_t y = 0; y < outH; ++y) {
                const T* row0 = in + h.index0[size_t(y)] * inW;
                const T* row1 = in + h.index1[size_t(y)] * inW;
                for (int64_t x = 0; x < outW; ++x) {
                    const size_t i = size_t(x);
                    if (channelsLastSums) {
                        const T h0 = h.lambda0[size_t(y)], h1 = h.lambda1[size_t(y)];
                        *o++ = channelsLastSum<T>(
                            {row0[w.index0[i]], row0[w.index1[i]], row1[w.index0[i]], row1[w.index1[i]]},
                            {h0 * w.lambda0[i], h0 * w.lambda1[i], h1 * w.lambda0[i], h1 * w.lambda1[i]}, vectorLane);
                        continue;
                    }
                    const T t0 = blend(row0[w.index0[i]], w.lambda0[i], row0[w.index1[i]], w.lambda1[i]);
                    const T t1 = blend(row1[w.index0[i]], w.lambda0[i], row1[w.index1[i]], w.lambda1[i]);
                    *o++ = blend(t0, h.lambda0[size_t(y)], t1, h.lambda1[size_t(y)]);
                }
            }
        }
    });
    return out;
}

Tensor forwardKernel(const Tensor& input, const Resize& r)
{
    const Tensor out = forwardValues(input, r);
    // 1.13's meta functions lay the results out as the input (grad_output) suggests; the
    // bicubic ops, and the backward of the 3-d nearest ones, answer contiguously.
    return r.mode == UpsampleMode::Cubic ? out : laidOutAsSuggested(out, input);
}

Tensor backwardValues(const Tensor& gradOutputIn, const Resize& r)
{
    const Tensor gradOutput = kernel::dense(gradOutputIn);
    if (r.separateKernel())
        return r.antialias ? upsampling::antialiasBackward(gradOutput, r.resize2d(), antialiasFilter(r))
                           : upsampling::bicubicBackward(gradOutput, r.resize2d());
    if (r.spatialDims() == 3)
        return backwardKernel3d(gradOutput, r);
    Tensor grad = kernel::newTensor(r.inputSizes, gradOutput.dtype(), gradOutput.device());
    std::memset(grad.rawData(), 0, grad.nbytes());
    const bool twoD = r.spatialDims() == 2;
    const int64_t inH = twoD ? r.inputSpatial(0) : 1, inW = r.inputSpatial(twoD ? 1 : 0);
    const int64_t outH = twoD ? r.outputSpatial[0] : 1, outW = r.outputSpatial[twoD ? 1 : 0];
    const std::optional<double> scaleH = twoD ? r.scales[0] : std::nullopt, scaleW = r.scales[twoD ? 1 : 0];
    AGV_DISPATCH_FLOATING_AND_BFLOAT16(gradOutput.dtype(), "upsample_backward", [&] {
        using T = scalar_t;
        const T* go = gradOutput.data<T>();
        T* gi = grad.data<T>();
        if (r.nearest()) {
            const auto ih = backwardNearest(r.mode, inH, outH, scaleH), iw = backwardNearest(r.mode, inW, outW, scaleW);
            for (int64_t p = 0; p < r.planes(); ++p, gi += inH * inW)
                for (int64_t y = 0; y < outH; ++y)
                    for (int64_t x = 0; x < outW; ++x)
                        gi[ih[size_t(y)] * inW + iw[size_t(x)]] += *go++;
            return;
        }
        const Taps<T> w = linearTaps<T>(inW, outW, r.alignCorners, scaleW);
        if (!twoD) {
            for (int64_t p = 0; p < r.planes(); ++p, gi += inW)
                for (int64_t x = 0; x < outW; ++x, ++go) {
                    T& g0 = gi[w.index0[size_t(x)]];
                    g0 = std::fma(w.lambda0[size_t(x)], *go, g0);
                    T& g1 = gi[w.index1[size_t(x)]];
                    g1 = std::fma(w.lambda1[size_t(x)], *go, g1);
                }
            return;
        }
        const Taps<T> h = linearTaps<T>(inH, outH, r.alignCorners, scaleH);
        for (int64_t p = 0; p < r.planes(); ++p, gi += inH * inW)
            for (int64_t y = 0; y < outH; ++y) {
                T* row0 = gi + h.index0[size_t(y)] * inW;
                T* row1 = gi + h.index1[size_t(y)] * inW;
                const T h0 = h.lambda0[size_t(y)], h1 = h.lambda1[size_t(y)];
                for (int64_t x = 0; x < outW; ++x, ++go) {
                    const size_t i = size_t(x);
                    T& g00 = row0[w.index0[i]];
                    g00 = std::fma(h0 * w.lambda0[i], *go, g00);
                    T& g01 = row0[w.index1[i]];
                    g01 = std::fma(h0 * w.lambda1[i], *go, g01);
                    T& g10 = row1[w.index0[i]];
                    g10 = std::fma(h1 * w.lambda0[i], *go, g10);
                    T& g11 = row1[w.index1[i]];
                    g11 = std::fma(h1 * w.lambda1[i], *go, g11);
                }
            }
    });
    return grad;
}

Tensor backwardKernel(const Tensor& gradOutput, const Resize& r)
{
    const Tensor grad = backwardValues(gradOutput, r);
    if (r.mode == UpsampleMode::Cubic || (r.nearest() && r.spatialDims() == 3))
        return grad;
    return laidOutAsSuggested(grad, gradOutput);
}

// ---------------------------------------------------------------- the recorded ops

/// A resize's node names, forward then double backward, as 1.13 spells them.
struct NodeNames {
    const char* forward;
    const char* backward;
};

NodeNames nodeNames(const Resize& r)
{
    static const NodeNames nearest[] = {
        {"UpsampleNearest1DBackward1", "UpsampleNearest1DBackwardBackward1"},
        {"UpsampleNearest2DBackward1", "UpsampleNearest2DBackwardBackward1"},
        {"UpsampleNearest3DBackward1", "UpsampleNearest3DBackwardBackward1"}};
    static const NodeNames nearestExact[] = {
        {"UpsampleNearestExact1DBackward1", "UpsampleNearestExact1DBackwardBackward1"},
        {"UpsampleNearestExact2DBackward1", "UpsampleNearestExact2DBackwardBackward1"},
        {"UpsampleNearestExact3DBackward1", "UpsampleNearestExact3DBackwardBackward1"}};
    static const NodeNames linear[] = {
        {"UpsampleLinear1DBackward1", "UpsampleLinear1DBackwardBackward1"},
        {"UpsampleBilinear2DBackward1", "UpsampleBilinear2DBackwardBackward1"},
        {"UpsampleTrilinear3DBackward1", "UpsampleTrilinear3DBackwardBackward1"}};
    static const NodeNames bilinearAa{"UpsampleBilinear2DAaBackward1", "UpsampleBilinear2DAaBackwardBackward1"};
    static const NodeNames bicubic{"UpsampleBicubic2DBackward1", "UpsampleBicubic2DBackwardBackward1"};
    static const NodeNames bicubicAa{"UpsampleBicubic2DAaBackward1", "UpsampleBicubic2DAaBackwardBackward1"};
    switch (r.mode) {
    case UpsampleMode::Nearest: return nearest[r.spatialDims() - 1];
    case UpsampleMode::NearestExact: return nearestExact[r.spatialDims() - 1];
    case UpsampleMode::Linear: return r.antialias ? bilinearAa : linear[r.spatialDims() - 1];
    case UpsampleMode::Cubic: break;
    }
    return r.antialias ? bicubicAa : bicubic;
}

Tensor resize(const Tensor& input, const Resize& r, bool givenSize);

/// upsample_*_backward as an op: linear in grad_output, so its own gradient is the
/// forward resize of the incoming gradient (double backward).
Tensor resizeBackward(const Tensor& gradOutput, const Resize& r, bool givenSize)
{
    OpRecorder rec(nodeNames(r).backward, {&gradOutput}, [r, givenSize](BackwardNode&, const variable_list& g) {
        return variable_list{resize(g[0], r, givenSize)};
    });
    Tensor grad = quietly([&] { return backwardKernel(gradOutput, r); });
    return rec.finish(grad);
}

Tensor resize(const Tensor& input, const Resize& r, bool givenSize)
{
    Tensor out = quietly([&] { return forwardKernel(input, r); });
    OpRecorder rec(nodeNames(r).forward, {&input}, [r, givenSize](BackwardNode&, const variable_list& g) {
        return variable_list{resizeBackward(g[0], r, givenSize)};
    });
    if (!r.nearest())
        rec.attr("align_corners", r.alignCorners);
    rec.attr("input_sym_sizes", r.inputSizes);
    if (givenSize) {
        rec.attr("output_size", r.outputSpatial);
        rec.attr("scale_factors", NoneValue{});
    } else {
        FloatListAttr factors;
        for (const std::optional<double>& scale : r.scales)
            factors.values.push_back(*scale);
        rec.attr("output_size", NoneValue{});
        rec.attr("scale_factors", std::move(factors));
    }
    rec.forward([r, givenSize](const InputTangents& t, const Tensor&) { return resize(t[0], r, givenSize); });
    return rec.finish(out);
}

std::string atenName(UpsampleMode mode, size_t spatial, bool antialias)
{
    static const char* const nearest[] = {"upsample_nearest1d", "upsample_nearest2d", "upsample_nearest3d"};
    static const char* const nearestExact[] = {"_upsample_nearest_exact1d", "_upsample_nearest_exact2d",
                                               "_upsample_nearest_exact3d"};
    static const char* const linear[] = {"upsample_linear1d", "upsample_bilinear2d", "upsample_trilinear3d"};
    if (mode == UpsampleMode::Cubic)
        return antialias ? "_upsample_bicubic2d_aa" : "upsample_bicubic2d";
    if (antialias)
        return "_upsample_bilinear2d_aa";
    if (spatial < 1 || spatial > 3)
        return "upsample";
    switch (mode) {
    case UpsampleMode::Nearest: return nearest[spatial - 1];
    case UpsampleMode::NearestExact: return nearestExact[spatial - 1];
    default: return linear[spatial - 1];
    }
}

/// The name 1.13's CPU kernel dispatches under, which its "not implemented for" error
/// shows: the index-and-weight helper of the generic kernel, or the channels-last kernel
/// that 2-d and 3-d nearest and linear resizing take for an input laid out channels last
/// (every input with one channel).
std::string dispatchName(UpsampleMode mode, size_t spatial, bool antialias, bool channelsLast)
{
    if (antialias)
        return "compute_indices_weights_aa";
    if (mode == UpsampleMode::Cubic)
        return "compute_indices_weights_cubic";
    const bool nearest = mode == UpsampleMode::Nearest || mode == UpsampleMode::NearestExact;
    if (spatial == 1 || !channelsLast)
        return nearest ? "compute_indices_weights_nearest" : "compute_indices_weights_linear";
    return atenName(nearest ? UpsampleMode::Nearest : mode, spatial, false) + "_channels_last";
}

/// The dtypes 1.13 has a CPU kernel for; autogradviz computes float32 and float64, and
/// bfloat16 in the nearest mode.
bool pytorchHasKernel(UpsampleMode mode, bool antialias, ScalarType dtype)
{
    if (dtype == ScalarType::Float32 || dtype == ScalarType::Float64)
        return true;
    if (antialias)
        return false;
    switch (mode) {
    case UpsampleMode::Nearest: return dtype == ScalarType::BFloat16 || dtype == ScalarType::UInt8;
    case UpsampleMode::NearestExact: return dtype == ScalarType::UInt8;
    case UpsampleMode::Linear:
    case UpsampleMode::Cubic: return dtype == ScalarType::BFloat16;
    }
    return false;
}

}  // namespace

Tensor upsample(const Tensor& input, UpsampleMode mode, const std::optional<IntList>& outputSize,
                const std::optional<std::vector<double>>& scaleFactors, bool alignCorners, bool antialias)
{
    AGV_CHECK(!antialias || mode == UpsampleMode::Linear || mode == UpsampleMode::Cubic, NotImplementedError,
              "autogradviz: antialiasing is for bilinear and bicubic resizing only");
    // Bicubic and the antialiased ops exist only as 2-d ops; the others take their rank from the input.
    const bool twoDimensional = mode == UpsampleMode::Cubic || antialias;
    const size_t spatial = twoDimensional ? 2 : input.dim() >= 2 ? size_t(input.dim() - 2) : 0;
    AGV_CHECK(outputSize.has_value() != scaleFactors.has_value(), RuntimeError,
              "Must specify exactly one of output_size and scale_factors");
    Resize r{mode, alignCorners, antialias, input.sizes(), {}, {}};
    // compute_output_size: a scale factor's size is the double product, truncated.
    if (outputSize) {
        AGV_CHECK(outputSize->size() == spatial, RuntimeError,
                  "Expected static_cast<int64_t>(output_size->size()) == spatial_dimensions to be true, but got "
                  "false.  (Could this error message be improved?  If so, please report an enhancement request to "
                  "PyTorch.)");
        r.outputSpatial = *outputSize;
        r.scales.assign(spatial, std::nullopt);
    } else {
        AGV_CHECK(scaleFactors->size() == spatial, RuntimeError,
                  "Expected static_cast<int64_t>(scale_factors->size()) == spatial_dimensions to be true, but got "
                  "false.  (Could this error message be improved?  If so, please report an enhancement request to "
                  "PyTorch.)");
        AGV_CHECK(input.dim() == int64_t(spatial + 2), RuntimeError, "It is expected input_size equals to ",
                  spatial + 2, ", but got size ", input.dim());
        for (size_t d = 0; d < spatial; ++d) {
            r.outputSpatial.push_back(static_cast<int64_t>(static_cast<double>(input.sizes()[2 + d]) * (*scaleFactors)[d]));
            r.scales.push_back((*scaleFactors)[d]);
        }
    }
    const size_t expectedDims = spatial + 2;
    AGV_CHECK(spatial >= 1 && spatial <= 3, NotImplementedError, "autogradviz: ", atenName(mode, spatial, antialias),
              " is not supported for this input");
    AGV_CHECK(r.outputSpatial.size() == spatial, RuntimeError, "It is expected output_size equals to ", spatial,
              ", but got size ", r.outputSpatial.size());
    AGV_CHECK(input.dim() == int64_t(expectedDims), RuntimeError, "It is expected input_size equals to ",
              expectedDims, ", but got size ", input.dim());
    bool positive = true;
    for (size_t d = 0; d < spatial; ++d)
        positive = positive && input.sizes()[2 + d] > 0 && r.outputSpatial[d] > 0;
    if (!positive) {
        const IntList& in = input.sizes();
        const IntList& out = r.outputSpatial;
        if (spatial == 3)
            throw Error(PyExc::RuntimeError,
                        "Input and output sizes should be greater than 0, but got input (D: " + std::to_string(in[2]) +
                            ", H: " + std::to_string(in[3]) + ", W: " + std::to_string(in[4]) + ") output (D: " +
                            std::to_string(out[0]) + ", H: " + std::to_string(out[1]) + ", W: " +
                            std::to_string(out[2]) + ")");
        if (spatial == 1)
            throw Error(PyExc::RuntimeError, "Input and output sizes should be greater than 0, but got input (W: " +
                                                 std::to_string(input.sizes()[2]) + ") and output (W: " +
                                                 std::to_string(r.outputSpatial[0]) + ")");
        throw Error(PyExc::RuntimeError,
                    "Input and output sizes should be greater than 0, but got input (H: " +
                        std::to_string(input.sizes()[2]) + ", W: " + std::to_string(input.sizes()[3]) +
                        ") output (H: " + std::to_string(r.outputSpatial[0]) + ", W: " +
                        std::to_string(r.outputSpatial[1]) + ")");
    }
    // Allows an empty batch, not other empty dims (the meta functions' check).
    int64_t nonBatch = 1;
    for (size_t d = 1; d < input.sizes().size(); ++d)
        nonBatch *= input.sizes()[d];
    AGV_CHECK(input.numel() > 0 || nonBatch != 0, RuntimeError, "Non-empty ", expectedDims,
              "D data tensor expected but got a tensor with sizes ", sizesToString(input.sizes()));
    const ScalarType dtype = input.dtype();
    if (!pytorchHasKernel(mode, antialias, dtype))
        throw AGV_DISPATCH_NOT_IMPLEMENTED(dtype, dispatchName(mode, spatial, antialias, isChannelsLastContiguous(input)));
    // The kernels below take bfloat16 for the nearest mode only (its values are copies, its
    // gradients bfloat16 sums); 1.13's linear ones compute bfloat16 in their own way.
    const bool nearestBfloat16 = dtype == ScalarType::BFloat16 && mode == UpsampleMode::Nearest;
    AGV_CHECK(dtype == ScalarType::Float32 || dtype == ScalarType::Float64 || nearestBfloat16, NotImplementedError,
              "autogradviz: ", atenName(mode, spatial, antialias),
              " supports float32 and float64 only (and bfloat16 in the nearest mode)");
    return resize(input, r, outputSize.has_value());
}

}  // namespace agv::ops
