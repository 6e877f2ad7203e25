// grid_sampler_2d's CPU kernels as PyTorch 1.13 runs them on Debian's build: the AVX2
// code of native/cpu/GridSamplerKernel.cpp, one output location per vector lane.

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "core/ops/grid_sample_kernels.h"
#include "core/ops/kernels.h"

namespace agv::ops::grid_sample {

namespace {

// Note [Grid sample lanes]
// PyTorch's 2-D kernel takes the output locations of one batch entry a vector at a time
// (8 floats or 4 doubles with AVX2). Each location is one lane and its arithmetic never
// mixes with another lane's, so computing location by location gives the vector's bits,
// provided the operations are the vector code's:
//  - Debian compiles the AVX2 kernels with -mfma and GCC contracts `a * b + c` on
//    Vectorized values into fused multiply-adds. In a sum of products each later product
//    is fused onto the sum before it: (a0 * b0 + a1 * b1) + a2 * b2 is
//    fma(a2, b2, fma(a1, b1, a0 * b0)).
//    Found by comparing every bit with PyTorch 1.13 (tests/conformance/torch/grid_sample*.py).
//  - Coordinates become integers as the vector conversions make them (toLaneInt).
//  - Clamping follows _mm256_max_ps / _mm256_min_ps, which send NaN to a bound.
// What the vectors do decide is the order of the backward's additions into grad_input:
// per vector, channel by channel, corner by corner, lane by lane. forEachVector groups
// the locations as grid_sample_2d_grid_slice_iterator does, which depends on the
// grid's strides.

/// Lanes in one AVX2 vector of T.
template <typename T>
constexpr int64_t kLanes = 32 / int64_t(sizeof(T));

/// convert_to_int_of_same_size: int32 lanes for float, int64 for double.
template <typename T>
using LaneInt = std::conditional_t<std::is_same_v<T, float>, int32_t, int64_t>;

/// A coordinate as the kernel's integer lane: _mm256_cvtps_epi32 for float (rounds to
/// nearest; INT32_MIN for NaN and out of range), a per-lane static_cast for double
/// (truncates; x86 gives INT64_MIN for NaN and out of range).
template <typename T>
LaneInt<T> toLaneInt(T v)
{
    if constexpr (std::is_same_v<T, float>) {
        if (!(v >= -2147483648.0f && v < 2147483648.0f))
            return INT32_MIN;
        return static_cast<int32_t>(std::nearbyint(v));
    } else {
        if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0))
            return INT64_MIN;
        return static_cast<int64_t>(v);
    }
}

template <typename T>
bool sameBits(T a, T b)
{
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

/// Vectorized's maximum / minimum: NaN in, NaN out.
template <typename T>
T nanMaximum(T a, T b)
{
    return std::isnan(a) || std::isnan(b) ? std::numeric_limits<T>::quiet_NaN() : (a > b ? a : b);
}

template <typename T>
T nanMinimum(T a, T b)
{
    return std::isnan(a) || std::isnan(b) ? std::numeric_limits<T>::quiet_NaN() : (a < b ? a : b);
}

/// a0 * b0 + a1 * b1 as fused: fma(a1, b1, a0 * b0). See Note [Grid sample lanes].
template <typename T>
T sumOfProducts(T a0, T b0, T a1, T b1)
{
    return std::fma(a1, b1, a0 * b0);
}

/// a0 * b0 + ... + a3 * b3 as fused: fma(a3, b3, fma(a2, b2, fma(a1, b1, a0 * b0))).
template <typename T>
T sumOfProducts(T a0, T b0, T a1, T b1, T a2, T b2, T a3, T b3)
{
    return std::fma(a3, b3, std::fma(a2, b2, sumOfProducts(a0, b0, a1, b1)));
}

/// ComputeLocation: a grid coordinate to an input coordinate along one spatial dim,
/// with the padding mode applied.
template <typename T>
struct Location {
    GridSamplerPadding padding;
    bool alignCorners;
    T maxVal;         // coordinates are clipped to [0, maxVal]
    T scalingFactor;  // the unnormalisation's scale, also d(coordinate)/d(grid)
    T low;            // reflection happens around low and low + span
    T twiceSpan;
    bool empty;       // no span to reflect in: every reflected coordinate is 0

    Location(int64_t size, const GridSampleOptions& options)
        : padding(options.padding()), alignCorners(options.alignCorners), maxVal(static_cast<T>(size - 1)),
          scalingFactor(alignCorners ? static_cast<T>(size - 1) / 2 : static_cast<T>(size) / 2),
          low(alignCorners ? T(0) : static_cast<T>(-0.5)),
          twiceSpan(alignCorners ? static_cast<T>(size - 1) * 2 : static_cast<T>(size) * 2),
          empty(alignCorners ? size <= 1 : size <= 0)
    {
    }

    T unnormalize(T in) const
    {
        if (alignCorners)
            return (in + T(1)) * scalingFactor;
        return std::fma(in + T(1), scalingFactor, T(-0.5));
    }

    /// clamp_max(max_val, clamp_min(0, in)): NaN becomes 0.
    T clip(T in) const
    {
        const T boundedLow = in > T(0) ? in : T(0);
        return boundedLow < maxVal ? boundedLow : maxVal;
    }

    /// The clipped coordinate, and whether it lies strictly inside (0, maxVal): the
    /// borders count as outside for the gradient.
    std::pair<T, bool> clipWithGrad(T in) const
    {
        const T boundedLow = nanMaximum(in, T(0));
        const T clipped = nanMinimum(boundedLow, maxVal);
        return {clipped, !sameBits(boundedLow, T(0)) && !sameBits(clipped, maxVal)};
    }

    /// |in - low| folded into [0, span] by whole double spans, then once more if past span.
    T reflect(T in) const
    {
        if (alignCorners && empty)
            return T(0);
        const T absIn = std::fabs(in - low);
        const T doubleFlips = std::trunc(absIn / twiceSpan);
        const T extra = std::fma(-doubleFlips, twiceSpan, absIn);
        const T folded = nanMinimum(extra, twiceSpan - extra);
        return alignCorners ? folded : folded + low;
    }

    /// reflect, and d(reflected)/d(in): 1 or -1 (0 when empty).
    std::pair<T, T> reflectWithGrad(T in) const
    {
        if (alignCorners && empty)
            return {T(0), T(0)};
        const T inMinusLow = alignCorners ? in : in - low;
        const bool negative = inMinusLow < T(0);
        const T absIn = std::fabs(inMinusLow);
        const T doubleFlips = std::trunc(absIn / twiceSpan);
        const T extra = std::fma(-doubleFlips, twiceSpan, absIn);
        const T reflectedExtra = twiceSpan - extra;
        const bool oneMoreFlip = extra > reflectedExtra;
        const T folded = oneMoreFlip ? reflectedExtra : extra;
        return {alignCorners ? folded : folded + low, oneMoreFlip != negative ? T(-1) : T(1)};
    }

    /// The padding mode applied to an unnormalised coordinate.
    T computeCoordinates(T in) const
    {
        switch (padding) {
        case GridSamplerPadding::Border:
            return clip(in);
        case GridSamplerPadding::Reflection:
            return clip(reflect(in));
        case GridSamplerPadding::Zeros:
            break;
        }
        return in;
    }

    T apply(T in) const { return computeCoordinates(unnormalize(in)); }

    /// apply, and d(apply)/d(in).
    std::pair<T, T> applyWithGrad(T in) const
    {
        switch (padding) {
        case GridSamplerPadding::Border: {
            const auto [clipped, inside] = clipWithGrad(unnormalize(in));
            return {clipped, inside ? scalingFactor : T(0)};
        }
        case GridSamplerPadding::Reflection: {
            const auto [reflected, reflectGrad] = reflectWithGrad(unnormalize(in));
            const T grad = reflectGrad * scalingFactor;
            const auto [clipped, inside] = clipWithGrad(reflected);
            return {clipped, inside ? grad : T(0)};
        }
        case GridSamplerPadding::Zeros:
            break;
        }
        return {unnormalize(in), scalingFactor};
    }
};

/// One batch entry's planes: channel c of a (C, H, W) slice with its strides.
template <typename T>
struct Planes {
    T* data;
    int64_t sC, sH, sW;

    T* channel(int64_t c) const { return data + c * sC; }
};

/// The geometry every kernel shares.
template <typename T>
struct Sampler {
    int64_t inH, inW;
    bool mustInBound;  // border and reflection padding never leave the input
    Location<T> locateH, locateW;

    Sampler(const Tensor& input, const GridSampleOptions& options)
        : inH(input.sizes()[2]), inW(input.sizes()[3]), mustInBound(options.padding() != GridSamplerPadding::Zeros),
          locateH(inH, options), locateW(inW, options)
    {
    }

    bool inside(LaneInt<T> y, LaneInt<T> x) const { return x > -1 && x < inW && y > -1 && y < inH; }
};

/// at::geometry_is_contiguous: strides of a contiguous tensor, size-1 dims aside.
bool geometryIsContiguous(const IntList& sizes, const IntList& strides)
{
    int64_t expected = 1;
    for (size_t i = sizes.size(); i-- > 0;) {
        if (sizes[i] == 0)
            return true;
        if (sizes[i] != 1 && strides[i] != expected)
            return false;
        expected *= sizes[i];
    }
    return true;
}

/// grid_sample_2d_grid_slice_iterator's grouping: visit(first, count) for each vector
/// of consecutive output locations (flattened over H_out * W_out). A contiguous grid,
/// or one whose H and W are contiguous, runs vectors across rows; any other grid one
/// row at a time.
template <typename T, typename Visit>
void forEachVector(const Tensor& grid, Visit visit)
{
    const int64_t outH = grid.sizes()[1], outW = grid.sizes()[2];
    const int64_t sH = grid.strides()[1], sW = grid.strides()[2], sCoord = grid.strides()[3];
    const bool acrossRows = geometryIsContiguous({outH, outW, 2}, {sH, sW, sCoord}) ||
                            ((sW == 1 || outW == 1) && geometryIsContiguous({outH, outW}, {sH, sW}));
    if (acrossRows) {
        for (int64_t first = 0; first < outH * outW; first += kLanes<T>)
            visit(first, std::min(kLanes<T>, outH * outW - first));
        return;
    }
    for (int64_t h = 0; h < outH; ++h)
        for (int64_t w = 0; w < outW; w += kLanes<T>)
            visit(h * outW + w, std::min(kLanes<T>, outW - w));
}

/// Grid values of batch entry n at flattened output location p.
template <typename T>
struct GridReader {
    const T* data;
    int64_t outW, sH, sW, sCoord;

    GridReader(const Tensor& grid, int64_t n)
        : data(grid.data<T>() + n * grid.strides()[0]), outW(grid.sizes()[2]), sH(grid.strides()[1]),
          sW(grid.strides()[2]), sCoord(grid.strides()[3])
    {
    }

    const T* at(int64_t p) const { return data + (p / outW) * sH + (p % outW) * sW; }
    T x(int64_t p) const { return at(p)[0]; }
    T y(int64_t p) const { return at(p)[sCoord]; }
};

// ---------------------------------------------------------------- bilinear

/// compute_interp_params: the four corners around (x, y), their weights and masks.
template <typename T>
struct BilinearCorners {
    T n, s, w, e;                        // distances to the four sides
    std::array<T, 4> weight;             // nw, ne, sw, se
    std::array<bool, 4> valid;           // the corner lies inside the input
    std::array<int64_t, 4> row, column;  // the corners' input indices

    BilinearCorners(const Sampler<T>& g, T x, T y)
    {
        const T xWest = std::floor(x), yNorth = std::floor(y);
        w = x - xWest;
        e = T(1) - w;
        n = y - yNorth;
        s = T(1) - n;
        weight = {s * e, s * w, n * e, n * w};
        const LaneInt<T> iw = toLaneInt(xWest), in = toLaneInt(yNorth);
        const LaneInt<T> ie = iw + 1, is = in + 1;
        const bool westOk = g.mustInBound || (iw > -1 && iw < g.inW);
        const bool northOk = g.mustInBound || (in > -1 && in < g.inH);
        const bool eastOk = g.mustInBound ? ie < g.inW : (ie > -1 && ie < g.inW);
        const bool southOk = g.mustInBound ? is < g.inH : (is > -1 && is < g.inH);
        valid = {westOk && northOk, eastOk && northOk, westOk && southOk, eastOk && southOk};
        row = {in, in, is, is};
        column = {iw, ie, iw, ie};
    }

    T value(const T* plane, int64_t sH, int64_t sW, int corner) const
    {
        return valid[size_t(corner)] ? plane[row[size_t(corner)] * sH + column[size_t(corner)] * sW] : T(0);
    }
};

template <typename T>
void bilinearForward(const Sampler<T>& g, const Planes<T>& in, const GridReader<T>& grid, T* out, int64_t C,
                     int64_t outPlane, int64_t first, int64_t count)
{
    for (int64_t p = first; p < first + count; ++p) {
        const BilinearCorners<T> k(g, g.locateW.apply(grid.x(p)), g.locateH.apply(grid.y(p)));
        for (int64_t c = 0; c < C; ++c) {
            const T* plane = in.channel(c);
            out[c * outPlane + p] =
                sumOfProducts(k.value(plane, in.sH, in.sW, 0), k.weight[0], k.value(plane, in.sH, in.sW, 1),
                              k.weight[1], k.value(plane, in.sH, in.sW, 2), k.weight[2],
                              k.value(plane, in.sH, in.sW, 3), k.weight[3]);
        }
    }
}

template <typename T>
void bilinearBackward(const Sampler<T>& g, const Planes<T>& in, const GridReader<T>& grid, const T* gradOut,
                      T* gradIn, T* gradGrid, int64_t C, int64_t outPlane, int64_t first, int64_t count)
{
    std::vector<BilinearCorners<T>> lanes;
    std::array<T, 8> gx{}, gy{}, gxMult{}, gyMult{};
    for (int64_t l = 0; l < count; ++l) {
        const auto [x, xMult] = g.locateW.applyWithGrad(grid.x(first + l));
        const auto [y, yMult] = g.locateH.applyWithGrad(grid.y(first + l));
        lanes.emplace_back(g, x, y);
        gxMult[size_t(l)] = xMult, gyMult[size_t(l)] = yMult;
    }
    const int64_t planeSize = g.inH * g.inW;
    for (int64_t c = 0; c < C; ++c) {
        const T* plane = in.channel(c);
        const T* gOut = gradOut + c * outPlane + first;
        if (gradIn) {
            T* gInPlane = gradIn + c * planeSize;  // grad_input is contiguous
            for (int corner = 0; corner < 4; ++corner)
                for (int64_t l = 0; l < count; ++l) {
                    const BilinearCorners<T>& k = lanes[size_t(l)];
                    if (k.valid[size_t(corner)])
                        gInPlane[k.row[size_t(corner)] * g.inW + k.column[size_t(corner)]] +=
                            k.weight[size_t(corner)] * gOut[l];
                }
        }
        for (int64_t l = 0; l < count; ++l) {
            const BilinearCorners<T>& k = lanes[size_t(l)];
            const T nw = k.value(plane, in.sH, in.sW, 0), ne = k.value(plane, in.sH, in.sW, 1);
            const T sw = k.value(plane, in.sH, in.sW, 2), se = k.value(plane, in.sH, in.sW, 3);
            gx[size_t(l)] = std::fma(sumOfProducts(ne - nw, k.s, se - sw, k.n), gOut[l], gx[size_t(l)]);
            gy[size_t(l)] = std::fma(sumOfProducts(sw - nw, k.e, se - ne, k.w), gOut[l], gy[size_t(l)]);
        }
    }
    for (int64_t l = 0; l < count; ++l) {
        gradGrid[2 * (first + l)] = gx[size_t(l)] * gxMult[size_t(l)];
        gradGrid[2 * (first + l) + 1] = gy[size_t(l)] * gyMult[size_t(l)];
    }
}

// ---------------------------------------------------------------- nearest

/// The nearest input pixel (rounding half to even, as _mm256_round_ps does) and whether it exists.
template <typename T>
struct NearestPixel {
    int64_t row, column;
    bool valid;

    NearestPixel(const Sampler<T>& g, T x, T y)
    {
        const LaneInt<T> ix = toLaneInt(std::nearbyint(x)), iy = toLaneInt(std::nearbyint(y));
        valid = g.mustInBound || g.inside(iy, ix);
        row = iy, column = ix;
    }
};

template <typename T>
void nearestForward(const Sampler<T>& g, const Planes<T>& in, const GridReader<T>& grid, T* out, int64_t C,
                    int64_t outPlane, int64_t first, int64_t count)
{
    for (int64_t p = first; p < first + count; ++p) {
        const NearestPixel<T> k(g, g.locateW.apply(grid.x(p)), g.locateH.apply(grid.y(p)));
        for (int64_t c = 0; c < C; ++c)
            out[c * outPlane + p] = k.valid ? in.channel(c)[k.row * in.sH + k.column * in.sW] : T(0);
    }
}

template <typename T>
void nearestBackward(const Sampler<T>& g, const GridReader<T>& grid, const T* gradOut, T* gradIn, T* gradGrid,
                     int64_t C, int64_t outPlane, int64_t first, int64_t count)
{
    if (gradIn) {
        std::vector<NearestPixel<T>> lanes;
        for (int64_t l = 0; l < count; ++l)
            lanes.emplace_back(g, g.locateW.apply(grid.x(first + l)), g.locateH.apply(grid.y(first + l)));
        for (int64_t c = 0; c < C; ++c)
            for (int64_t l = 0; l < count; ++l)
                if (lanes[size_t(l)].valid)
                    gradIn[c * g.inH * g.inW + lanes[size_t(l)].row * g.inW + lanes[size_t(l)].column] +=
                        gradOut[c * outPlane + first + l];
    }
    // The grid's gradient is zero in nearest mode.
    std::fill(gradGrid + 2 * first, gradGrid + 2 * (first + count), T(0));
}

// ---------------------------------------------------------------- bicubic

/// The cubic convolution coefficients (A = -0.75) of the four taps around t, and their
/// derivatives. Where a product of constants (5 * A, 2 * (A + 3)) is the later product of
/// a sum, the fused multiply-add rounds as the plain expression does (the constant
/// product is exact); only the inner taps' `... * x + 1` really fuses.
template <typename T>
std::array<T, 4> cubicCoefficients(T t)
{
    const T A = T(-0.75);
    const auto outer = [A](T x) { return ((A * x - T(5) * A) * x + T(8) * A) * x - T(4) * A; };
    const auto inner = [A](T x) { return std::fma(std::fma(A + T(2), x, -(A + T(3))) * x, x, T(1)); };
    return {outer(t + T(1)), inner(t), inner(T(1) - t), outer(T(2) - t)};
}

template <typename T>
std::array<T, 4> cubicCoefficientsGrad(T t)
{
    const T A = T(-0.75);
    T x = T(-1) - t;
    const T c0 = (T(-3) * A * x - T(10) * A) * x - T(8) * A;
    x = T(0) - t;
    const T c1 = (T(-3) * (A + T(2)) * x - T(2) * (A + T(3))) * x;
    x = T(1) - t;
    const T c2 = (T(3) * (A + T(2)) * x - T(2) * (A + T(3))) * x;
    x = T(2) - t;
    const T c3 = (T(3) * A * x - T(10) * A) * x + T(8) * A;
    return {c0, c1, c2, c3};
}

/// The bicubic kernel's taps: the 4 x 4 pixels around the unnormalised (x, y).
template <typename T>
struct CubicTaps {
    T xFloor, yFloor;
    std::array<T, 4> cx, cy;

    CubicTaps(const Sampler<T>& g, T gridX, T gridY)
    {
        const T x = g.locateW.unnormalize(gridX), y = g.locateH.unnormalize(gridY);
        xFloor = std::floor(x), yFloor = std::floor(y);
        cx = cubicCoefficients(x - xFloor);
        cy = cubicCoefficients(y - yFloor);
    }
};

/// get_value_bounded / add_value_bounded's pixel: the padding mode applied to the tap.
template <typename T>
struct BoundedPixel {
    int64_t row, column;
    bool valid;

    BoundedPixel(const Sampler<T>& g, T x, T y)
    {
        const LaneInt<T> ix = toLaneInt(g.locateW.computeCoordinates(x));
        const LaneInt<T> iy = toLaneInt(g.locateH.computeCoordinates(y));
        valid = g.mustInBound || g.inside(iy, ix);
        row = iy, column = ix;
    }

    T value(const T* plane, int64_t sH, int64_t sW) const { return valid ? plane[row * sH + column * sW] : T(0); }
};

template <typename T>
void bicubicForward(const Sampler<T>& g, const Planes<T>& in, const GridReader<T>& grid, T* out, int64_t C,
                    int64_t outPlane, int64_t first, int64_t count)
{
    for (int64_t p = first; p < first + count; ++p) {
        const CubicTaps<T> k(g, grid.x(p), grid.y(p));
        for (int64_t c = 0; c < C; ++c) {
            const T* plane = in.channel(c);
            std::array<T, 4> rows;
            for (int i = 0; i < 4; ++i) {
                const T y = k.yFloor + T(-1 + i);
                const auto tap = [&](int dx) {
                    return BoundedPixel<T>(g, k.xFloor + T(dx), y).value(plane, in.sH, in.sW);
                };
                // Here the gathers come between the products, and GCC fused only the
                // first pair, the other way round (found bit by bit, as in the Note).
                rows[size_t(i)] =
                    (std::fma(k.cx[0], tap(-1), k.cx[1] * tap(0)) + k.cx[2] * tap(1)) + k.cx[3] * tap(2);
            }
            out[c * outPlane + p] =
                sumOfProducts(k.cy[0], rows[0], k.cy[1], rows[1], k.cy[2], rows[2], k.cy[3], rows[3]);
        }
    }
}

template <typename T>
void bicubicBackward(const Sampler<T>& g, const Planes<T>& in, const GridReader<T>& grid, const T* gradOut,
                     T* gradIn, T* gradGrid, int64_t C, int64_t outPlane, int64_t first, int64_t count)
{
    std::vector<CubicTaps<T>> lanes;
    std::vector<std::array<T, 4>> cxGrad, cyGrad;
    for (int64_t l = 0; l < count; ++l) {
        lanes.emplace_back(g, grid.x(first + l), grid.y(first + l));
        const T x = g.locateW.unnormalize(grid.x(first + l)), y = g.locateH.unnormalize(grid.y(first + l));
        cxGrad.push_back(cubicCoefficientsGrad(x - lanes.back().xFloor));
        cyGrad.push_back(cubicCoefficientsGrad(y - lanes.back().yFloor));
    }
    std::array<T, 8> gx{}, gy{};
    const int64_t planeSize = g.inH * g.inW;
    for (int64_t c = 0; c < C; ++c) {
        const T* plane = in.channel(c);
        const T* gOut = gradOut + c * outPlane + first;
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j) {
                if (gradIn) {
                    T* gInPlane = gradIn + c * planeSize;
                    for (int64_t l = 0; l < count; ++l) {
                        const CubicTaps<T>& k = lanes[size_t(l)];
                        const BoundedPixel<T> px(g, k.xFloor + T(-1 + i), k.yFloor + T(-1 + j));
                        if (px.valid)
                            gInPlane[px.row * g.inW + px.column] += gOut[l] * k.cx[size_t(i)] * k.cy[size_t(j)];
                    }
                }
                for (int64_t l = 0; l < count; ++l) {
                    const CubicTaps<T>& k = lanes[size_t(l)];
                    const BoundedPixel<T> px(g, k.xFloor + T(-1 + i), k.yFloor + T(-1 + j));
                    const T valueTimesGrad = px.value(plane, in.sH, in.sW) * gOut[l];
                    gx[size_t(l)] = std::fma(-(valueTimesGrad * cxGrad[size_t(l)][size_t(i)]), k.cy[size_t(j)],
                                             gx[size_t(l)]);
                    gy[size_t(l)] = std::fma(-(valueTimesGrad * cyGrad[size_t(l)][size_t(j)]), k.cx[size_t(i)],
                                             gy[size_t(l)]);
                }
            }
    }
    for (int64_t l = 0; l < count; ++l) {
        gradGrid[2 * (first + l)] = gx[size_t(l)] * g.locateW.scalingFactor;
        gradGrid[2 * (first + l) + 1] = gy[size_t(l)] * g.locateH.scalingFactor;
    }
}

template <typename T>
Planes<T> planesOf(const Tensor& t, int64_t n)
{
    return {t.data<T>() + n * t.strides()[0], t.strides()[1], t.strides()[2], t.strides()[3]};
}

}  // namespace

Tensor forward2d(const Tensor& input, const Tensor& grid, const GridSampleOptions& options)
{
    const int64_t N = input.sizes()[0], C = input.sizes()[1], outH = grid.sizes()[1], outW = grid.sizes()[2];
    Tensor out = kernel::newTensor({N, C, outH, outW}, input.dtype(), input.device());
    if (out.numel() == 0)
        return out;
    AGV_DISPATCH_FLOATING(input.dtype(), "grid_sampler_2d_cpu_kernel_impl", [&] {
        using T = scalar_t;
        const Sampler<T> g(input, options);
        const int64_t outPlane = outH * outW;
        for (int64_t n = 0; n < N; ++n) {
            const Planes<T> in = planesOf<T>(input, n);
            const GridReader<T> reader(grid, n);
            T* o = out.data<T>() + n * C * outPlane;
            forEachVector<T>(grid, [&](int64_t first, int64_t count) {
                switch (options.interpolation()) {
                case GridSamplerInterpolation::Bilinear:
                    return bilinearForward(g, in, reader, o, C, outPlane, first, count);
                case GridSamplerInterpolation::Nearest:
                    return nearestForward(g, in, reader, o, C, outPlane, first, count);
                case GridSamplerInterpolation::Bicubic:
                    return bicubicForward(g, in, reader, o, C, outPlane, first, count);
                }
            });
        }
    });
    return out;
}

Gradients backward2d(const Tensor& gradOutputIn, const Tensor& input, const Tensor& grid,
                     const GridSampleOptions& options, bool inputGrad)
{
    Gradients grads;
    if (inputGrad) {
        grads.input = kernel::newTensor(input.sizes(), input.dtype(), input.device());
        std::memset(grads.input.rawData(), 0, grads.input.nbytes());
    }
    grads.grid = kernel::newTensor(grid.sizes(), grid.dtype(), grid.device());
    const Tensor gradOutput = kernel::dense(gradOutputIn);
    if (gradOutput.numel() == 0) {
        std::memset(grads.grid.rawData(), 0, grads.grid.nbytes());
        return grads;
    }
    const int64_t N = input.sizes()[0], C = input.sizes()[1], outH = grid.sizes()[1], outW = grid.sizes()[2];
    AGV_DISPATCH_FLOATING(input.dtype(), "grid_sampler_2d_backward_cpu_kernel_impl", [&] {
        using T = scalar_t;
        const Sampler<T> g(input, options);
        const int64_t outPlane = outH * outW;
        for (int64_t n = 0; n < N; ++n) {
            const Planes<T> in = planesOf<T>(input, n);
            const GridReader<T> reader(grid, n);
            const T* gOut = gradOutput.data<T>() + n * C * outPlane;
            T* gIn = inputGrad ? grads.input.data<T>() + n * C * g.inH * g.inW : nullptr;
            T* gGrid = grads.grid.data<T>() + n * outPlane * 2;
            forEachVector<T>(grid, [&](int64_t first, int64_t count) {
                switch (options.interpolation()) {
                case GridSamplerInterpolation::Bilinear:
                    return bilinearBackward(g, in, reader, gOut, gIn, gGrid, C, outPlane, first, count);
                case GridSamplerInterpolation::Nearest:
                    return nearestBackward(g, reader, gOut, gIn, gGrid, C, outPlane, first, count);
                case GridSamplerInterpolation::Bicubic:
                    return bicubicBackward(g, in, reader, gOut, gIn, gGrid, C, outPlane, first, count);
                }
            });
        }
    });
    return grads;
}

}  // namespace agv::ops::grid_sample
