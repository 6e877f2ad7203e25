// upsample_bicubic2d's CPU kernels, computed as PyTorch 1.13 computes them: the forward
// in UpSampleKernel.cpp (compute_indices_weights_cubic + cpu_upsample_generic), the
// backward in UpSampleBicubic2d.cpp. See Note [Bicubic arithmetic of 1.13].

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "core/ops/kernels.h"
#include "core/ops/upsample_kernels.h"

namespace agv::ops::upsampling {

namespace {

// Note [Bicubic arithmetic of 1.13]
// The coefficients are Keys' cubic convolution with A = -0.75 (UpSample.h's
// get_cubic_upsample_coefficients), but the forward and the backward reach them
// differently, and every last bit below was found by comparing with PyTorch 1.13:
// - The forward (built with FMA) finds the source position in double, floors it through
//   floorf (so in float), and rounds only the distance t to T; its two cubic
//   polynomials fuse their inner multiply-adds but not the outer one, and each
//   four-tap sum is fma(x3, w3, fma(x2, w2, fma(x0, w0, x1 * w1))), first along the
//   width, then along the height over those four row values.
// - The backward (built without FMA) does everything in T with separate roundings and
//   adds (g * wy) * wx into the gradient, x taps outer, y taps inner.
// Neither clamps t into [0, 1]; a tap index outside the input is clamped to its edge.

constexpr double kCubicA = -0.75;

/// The backward's coefficients: plain Horner's rule in T.
template <typename T>
void plainCoefficients(T coefficients[4], T t)
{
    const T a = T(kCubicA);
    auto inner = [a](T x) { return ((a + 2) * x - (a + 3)) * x * x + 1; };        // |x| <= 1
    auto outer = [a](T x) { return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a; };  // 1 < |x| < 2
    const T x2 = T(1.0 - t);
    coefficients[0] = outer(T(t + 1.0));
    coefficients[1] = inner(t);
    coefficients[2] = inner(x2);
    coefficients[3] = outer(T(x2 + 1.0));
}

/// The forward's coefficients: the same polynomials with the contractions 1.13's
/// compiler made (see Note [Bicubic arithmetic of 1.13]).
template <typename T>
void fusedCoefficients(T coefficients[4], T t)
{
    const T a = T(kCubicA);
    auto inner = [a](T x) { return std::fma(a + 2, x, -(a + 3)) * x * x + 1; };
    auto outer = [a](T x) { return std::fma(std::fma(a, x, -5 * a), x, 8 * a) * x - 4 * a; };
    const T x2 = T(1.0 - t);
    coefficients[0] = outer(T(t + 1.0));
    coefficients[1] = inner(t);
    coefficients[2] = inner(x2);
    coefficients[3] = outer(T(x2 + 1.0));
}

int64_t clampIndex(int64_t index, int64_t size)
{
    return std::max<int64_t>(std::min(index, size - 1), 0);
}

/// One dim's four taps per output position: clamped source indices and coefficients.
template <typename T>
struct CubicTaps {
    std::vector<int64_t> index[4];
    std::vector<T> weight[4];
};

template <typename T>
CubicTaps<T> forwardTaps(int64_t inputSize, int64_t outputSize, bool alignCorners, const std::optional<double>& scale)
{
    const double ratio = areaPixelScale<T>(inputSize, outputSize, alignCorners, scale);  // rounded to T first
    CubicTaps<T> taps;
    for (int64_t o = 0; o < outputSize; ++o) {
        const double real = alignCorners ? ratio * static_cast<double>(o) : std::fma(ratio, static_cast<double>(o) + 0.5, -0.5);
        const int64_t left = static_cast<int64_t>(floorf(static_cast<float>(real)));
        T coefficients[4];
        fusedCoefficients<T>(coefficients, static_cast<T>(real - static_cast<double>(left)));
        for (int j = 0; j < 4; ++j) {
            taps.index[j].push_back(clampIndex(left - 1 + j, inputSize));
            taps.weight[j].push_back(coefficients[j]);
        }
    }
    return taps;
}

/// The forward's four-tap sum (see Note [Bicubic arithmetic of 1.13]).
template <typename T>
T fourTapSum(const T values[4], const T weights[4])
{
    return std::fma(values[3], weights[3],
                    std::fma(values[2], weights[2], std::fma(values[0], weights[0], values[1] * weights[1])));
}

/// The backward's source position and distance, in T.
template <typename T>
void backwardSource(T ratio, int64_t o, bool alignCorners, int64_t& left, T& t)
{
    const T real = alignCorners ? ratio * static_cast<T>(o) : ratio * (static_cast<T>(o) + T(0.5)) - T(0.5);
    left = static_cast<int64_t>(floorf(static_cast<float>(real)));
    t = real - static_cast<T>(left);
}

}  // namespace

Tensor bicubicForward(const Tensor& input, const Resize2d& r)
{
    Tensor out = kernel::newTensor(r.outputSizes(), input.dtype(), input.device());
    const int64_t inH = r.inputHeight(), inW = r.inputWidth(), outH = r.outputHeight, outW = r.outputWidth;
    AGV_DISPATCH_FLOATING(input.dtype(), "upsample_bicubic2d", [&] {
        using T = scalar_t;
        const CubicTaps<T> h = forwardTaps<T>(inH, outH, r.alignCorners, r.scaleHeight);
        const CubicTaps<T> w = forwardTaps<T>(inW, outW, r.alignCorners, r.scaleWidth);
        const T* in = input.data<T>();
        T* o = out.data<T>();
        for (int64_t p = 0; p < r.planes(); ++p, in += inH * inW)
            for (int64_t y = 0; y < outH; ++y)
                for (int64_t x = 0; x < outW; ++x) {
                    const size_t xi = size_t(x), yi = size_t(y);
                    const T wx[4] = {w.weight[0][xi], w.weight[1][xi], w.weight[2][xi], w.weight[3][xi]};
                    T rows[4];
                    for (int j = 0; j < 4; ++j) {
                        const T* row = in + h.index[j][yi] * inW;
                        const T values[4] = {row[w.index[0][xi]], row[w.index[1][xi]], row[w.index[2][xi]],
                                             row[w.index[3][xi]]};
                        rows[j] = fourTapSum(values, wx);
                    }
                    const T wy[4] = {h.weight[0][yi], h.weight[1][yi], h.weight[2][yi], h.weight[3][yi]};
                    *o++ = fourTapSum(rows, wy);
                }
    });
    return out;
}

Tensor bicubicBackward(const Tensor& gradOutput, const Resize2d& r)
{
    Tensor grad = kernel::newTensor(r.inputSizes, gradOutput.dtype(), gradOutput.device());
    std::memset(grad.rawData(), 0, grad.nbytes());
    const int64_t inH = r.inputHeight(), inW = r.inputWidth(), outH = r.outputHeight, outW = r.outputWidth;
    AGV_DISPATCH_FLOATING(gradOutput.dtype(), "upsample_bicubic2d_backward", [&] {
        using T = scalar_t;
        const T ratioH = areaPixelScale<T>(inH, outH, r.alignCorners, r.scaleHeight);
        const T ratioW = areaPixelScale<T>(inW, outW, r.alignCorners, r.scaleWidth);
        const T* go = gradOutput.data<T>();
        T* gi = grad.data<T>();
        for (int64_t y = 0; y < outH; ++y)
            for (int64_t x = 0; x < outW; ++x) {
                int64_t left, top;
                T tx, ty;
                backwardSource(ratioW, x, r.alignCorners, left, tx);
                backwardSource(ratioH, y, r.alignCorners, top, ty);
                T wx[4], wy[4];
                plainCoefficients<T>(wx, tx);
                plainCoefficients<T>(wy, ty);
                for (int64_t p = 0; p < r.planes(); ++p) {
                    const T g = go[(p * outH + y) * outW + x];
                    T* plane = gi + p * inH * inW;
                    for (int i = 0; i < 4; ++i)
                        for (int j = 0; j < 4; ++j)
                            plane[clampIndex(top - 1 + j, inH) * inW + clampIndex(left - 1 + i, inW)] += g * wy[j] * wx[i];
                }
            }
    });
    return grad;
}

}  // namespace agv::ops::upsampling
