// grid_sampler_3d's CPU kernels: the scalar loops of PyTorch 1.13's GridSampler.cpp with
// the coordinate helpers of GridSampler.h. That file is built without FMA, so every
// operation here rounds on its own, in the source's order. Nearest mode rounds halves
// away from zero (std::round in 1.13's 3-D loops), where the 2-D kernel rounds them to even.

#include <array>
#include <climits>
#include <cmath>
#include <cstring>

#include "core/ops/grid_sample_kernels.h"
#include "core/ops/kernels.h"

namespace agv::ops::grid_sample {

namespace {

/// static_cast<int64_t> of a floating value as x86 does it: truncation, and INT64_MIN
/// for NaN and values out of range (what the kernel gets from such grid values).
template <typename T>
int64_t truncateToIndex(T v)
{
    if (!(v >= T(-9223372036854775808.0) && v < T(9223372036854775808.0)))
        return INT64_MIN;
    return static_cast<int64_t>(v);
}

/// GridSampler.h's coordinate helpers for one spatial dim of `size`.
template <typename T>
struct SourceIndex {
    int64_t size;
    GridSamplerPadding padding;
    bool alignCorners;

    T unnormalize(T coord, T* grad) const
    {
        if (alignCorners) {
            *grad = static_cast<T>(size - 1) / 2;
            return ((coord + 1) / 2) * static_cast<T>(size - 1);
        }
        *grad = static_cast<T>(size) / 2;
        return ((coord + 1) * static_cast<T>(size) - 1) / 2;
    }

    /// clip_coordinates_set_grad: the borders count as outside.
    T clip(T in, T* grad) const
    {
        if (in <= T(0)) {
            *grad = T(0);
            return T(0);
        }
        const T max = static_cast<T>(size - 1);
        if (in >= max) {
            *grad = T(0);
            return max;
        }
        *grad = T(1);
        return in;
    }

    /// reflect_coordinates_set_grad between twiceLow / 2 and twiceHigh / 2.
    T reflect(T in, int64_t twiceLow, int64_t twiceHigh, T* grad) const
    {
        if (twiceLow == twiceHigh) {
            *grad = T(0);
            return T(0);
        }
        const T min = static_cast<T>(twiceLow) / 2;
        const T span = static_cast<T>(twiceHigh - twiceLow) / 2;
        in = in - min;
        int sign = 1;
        if (in < T(0)) {
            sign = -1;
            in = -in;
        }
        const T extra = std::fmod(in, span);
        const int flips = static_cast<int>(std::floor(in / span));
        if (flips % 2 == 0) {
            *grad = static_cast<T>(sign);
            return extra + min;
        }
        *grad = static_cast<T>(-sign);
        return span - extra + min;
    }

    /// grid_sampler_compute_source_index_set_grad, the backward's coordinates.
    T compute(T coord, T* grad) const
    {
        coord = unnormalize(coord, grad);
        T clipGrad, reflectGrad;
        if (padding == GridSamplerPadding::Border) {
            coord = clip(coord, &clipGrad);
            *grad = *grad * clipGrad;
        } else if (padding == GridSamplerPadding::Reflection) {
            coord = alignCorners ? reflect(coord, 0, 2 * (size - 1), &reflectGrad)
                                 : reflect(coord, -1, 2 * size - 1, &reflectGrad);
            coord = clip(coord, &clipGrad);
            *grad = *grad * reflectGrad * clipGrad;
        }
        return coord;
    }
};

// Note [Forward clipping of NaN]
// The forward's clip_coordinates is std::min(size - 1, std::max(in, 0)), which sends NaN
// to size - 1, while the backward's clip_coordinates_set_grad lets NaN through. So the
// forward clips on its own rather than through SourceIndex::compute.

/// grid_sampler_compute_source_index, the forward's coordinates.
template <typename T>
T forwardCompute(const SourceIndex<T>& s, T coord)
{
    T grad;
    coord = s.unnormalize(coord, &grad);
    const auto clip = [&](T in) {
        return std::min(static_cast<T>(s.size - 1), std::max(in, static_cast<T>(0)));
    };
    if (s.padding == GridSamplerPadding::Border) {
        coord = clip(coord);
    } else if (s.padding == GridSamplerPadding::Reflection) {
        coord = s.alignCorners ? s.reflect(coord, 0, 2 * (s.size - 1), &grad) : s.reflect(coord, -1, 2 * s.size - 1, &grad);
        coord = clip(coord);
    }
    return coord;
}

/// One sample location's eight trilinear corners (tnw, tne, tsw, tse, bnw, bne, bsw, bse).
template <typename T>
struct TrilinearCorners {
    std::array<int64_t, 8> x, y, z;
    std::array<T, 8> weight;
    // The coordinates and the far corner's indices, for the grid's gradient.
    T ix, iy, iz;
    int64_t x0, y0, z0;

    TrilinearCorners(T ixIn, T iyIn, T izIn) : ix(ixIn), iy(iyIn), iz(izIn)
    {
        x0 = truncateToIndex(std::floor(ix)), y0 = truncateToIndex(std::floor(iy)), z0 = truncateToIndex(std::floor(iz));
        const int64_t x1 = x0 + 1, y1 = y0 + 1, z1 = z0 + 1;
        x = {x0, x1, x0, x1, x0, x1, x0, x1};
        y = {y0, y0, y1, y1, y0, y0, y1, y1};
        z = {z0, z0, z0, z0, z1, z1, z1, z1};
        const T fx1 = static_cast<T>(x1), fy1 = static_cast<T>(y1), fz1 = static_cast<T>(z1);
        const T fx0 = static_cast<T>(x0), fy0 = static_cast<T>(y0), fz0 = static_cast<T>(z0);
        weight = {(fx1 - ix) * (fy1 - iy) * (fz1 - iz), (ix - fx0) * (fy1 - iy) * (fz1 - iz),
                  (fx1 - ix) * (iy - fy0) * (fz1 - iz), (ix - fx0) * (iy - fy0) * (fz1 - iz),
                  (fx1 - ix) * (fy1 - iy) * (iz - fz0), (ix - fx0) * (fy1 - iy) * (iz - fz0),
                  (fx1 - ix) * (iy - fy0) * (iz - fz0), (ix - fx0) * (iy - fy0) * (iz - fz0)};
    }
};

struct Volume {
    int64_t D, H, W;
    bool inside(int64_t z, int64_t y, int64_t x) const { return z >= 0 && z < D && y >= 0 && y < H && x >= 0 && x < W; }
};

template <typename T>
struct Sample3d {
    Volume volume;
    SourceIndex<T> sx, sy, sz;

    Sample3d(const Tensor& input, const GridSampleOptions& o)
        : volume{input.sizes()[2], input.sizes()[3], input.sizes()[4]},
          sx{volume.W, o.padding(), o.alignCorners}, sy{volume.H, o.padding(), o.alignCorners},
          sz{volume.D, o.padding(), o.alignCorners}
    {
    }
};

}  // namespace

Tensor forward3d(const Tensor& input, const Tensor& grid, const GridSampleOptions& options)
{
    const int64_t N = input.sizes()[0], C = input.sizes()[1];
    const int64_t outD = grid.sizes()[1], outH = grid.sizes()[2], outW = grid.sizes()[3];
    Tensor out = kernel::newTensor({N, C, outD, outH, outW}, input.dtype(), input.device());
    if (out.numel() == 0)
        return out;
    AGV_DISPATCH_FLOATING(input.dtype(), "grid_sampler3d_cpu", [&] {
        using T = scalar_t;
        const Sample3d<T> s(input, options);
        const IntList& is = input.strides();
        const IntList& gs = grid.strides();
        const int64_t outVolume = outD * outH * outW;
        for (int64_t n = 0; n < N; ++n)
            for (int64_t p = 0; p < outVolume; ++p) {
                const int64_t d = p / (outH * outW), h = (p / outW) % outH, w = p % outW;
                const T* g = grid.data<T>() + n * gs[0] + d * gs[1] + h * gs[2] + w * gs[3];
                const T ix = forwardCompute(s.sx, g[0]), iy = forwardCompute(s.sy, g[gs[4]]),
                        iz = forwardCompute(s.sz, g[2 * gs[4]]);
                const T* in = input.data<T>() + n * is[0];
                T* o = out.data<T>() + n * C * outVolume + p;
                if (options.interpolation() == GridSamplerInterpolation::Bilinear) {
                    const TrilinearCorners<T> k(ix, iy, iz);
                    for (int64_t c = 0; c < C; ++c, in += is[1], o += outVolume) {
                        T value = T(0);
                        for (size_t q = 0; q < 8; ++q)
                            if (s.volume.inside(k.z[q], k.y[q], k.x[q]))
                                value += in[k.z[q] * is[2] + k.y[q] * is[3] + k.x[q] * is[4]] * k.weight[q];
                        *o = value;
                    }
                } else {
                    const int64_t x = truncateToIndex(std::round(ix)), y = truncateToIndex(std::round(iy)),
                                  z = truncateToIndex(std::round(iz));
                    const bool inside = s.volume.inside(z, y, x);
                    for (int64_t c = 0; c < C; ++c, in += is[1], o += outVolume)
                        *o = inside ? in[z * is[2] + y * is[3] + x * is[4]] : T(0);
                }
            }
    });
    return out;
}

Gradients backward3d(const Tensor& gradOutputIn, const Tensor& input, const Tensor& grid,
                     const GridSampleOptions& options, bool inputGrad)
{
    Gradients grads;
    if (inputGrad) {
        grads.input = kernel::newTensor(input.sizes(), input.dtype(), input.device());
        std::memset(grads.input.rawData(), 0, grads.input.nbytes());
    }
    grads.grid = kernel::newTensor(grid.sizes(), grid.dtype(), grid.device());
    // Nearest mode leaves the grid's gradient zero.
    std::memset(grads.grid.rawData(), 0, grads.grid.nbytes());
    const Tensor gradOutput = kernel::dense(gradOutputIn);
    const int64_t N = input.sizes()[0], C = input.sizes()[1];
    const int64_t outD = grid.sizes()[1], outH = grid.sizes()[2], outW = grid.sizes()[3];
    AGV_DISPATCH_FLOATING(input.dtype(), "grid_sampler_3d_backward_cpu", [&] {
        using T = scalar_t;
        const Sample3d<T> s(input, options);
        const Volume& v = s.volume;
        const IntList& is = input.strides();
        const IntList& gs = grid.strides();
        const int64_t outVolume = outD * outH * outW, inVolume = v.D * v.H * v.W;
        for (int64_t n = 0; n < N; ++n)
            for (int64_t p = 0; p < outVolume; ++p) {
                const int64_t d = p / (outH * outW), h = (p / outW) % outH, w = p % outW;
                const T* g = grid.data<T>() + n * gs[0] + d * gs[1] + h * gs[2] + w * gs[3];
                T gxMult, gyMult, gzMult;
                const T ix = s.sx.compute(g[0], &gxMult), iy = s.sy.compute(g[gs[4]], &gyMult),
                        iz = s.sz.compute(g[2 * gs[4]], &gzMult);
                const T* in = input.data<T>() + n * is[0];
                const T* gOut = gradOutput.data<T>() + n * C * outVolume + p;
                T* gIn = inputGrad ? grads.input.data<T>() + n * C * inVolume : nullptr;
                if (options.interpolation() == GridSamplerInterpolation::Bilinear) {
                    const TrilinearCorners<T> k(ix, iy, iz);
                    // Distances to the far sides (x1 - ix, ...) and the near ones (ix - x0, ...).
                    const T dxFar = static_cast<T>(k.x0 + 1) - ix, dyFar = static_cast<T>(k.y0 + 1) - iy,
                            dzFar = static_cast<T>(k.z0 + 1) - iz;
                    const T dxNear = ix - static_cast<T>(k.x0), dyNear = iy - static_cast<T>(k.y0),
                            dzNear = iz - static_cast<T>(k.z0);
                    // Each corner's derivative factors, signs as in the kernel.
                    const std::array<T, 8> ax{dyFar, dyFar, dyNear, dyNear, dyFar, dyFar, dyNear, dyNear};
                    const std::array<T, 8> bx{dzFar, dzFar, dzFar, dzFar, dzNear, dzNear, dzNear, dzNear};
                    const std::array<T, 8> ay{dxFar, dxNear, dxFar, dxNear, dxFar, dxNear, dxFar, dxNear};
                    const std::array<T, 8> by = bx;
                    const std::array<T, 8> az = ay;
                    const std::array<T, 8> bz{dyFar, dyFar, dyNear, dyNear, dyFar, dyFar, dyNear, dyNear};
                    T gix = T(0), giy = T(0), giz = T(0);
                    for (int64_t c = 0; c < C; ++c, in += is[1]) {
                        const T go = gOut[c * outVolume];
                        if (gIn)
                            for (size_t q = 0; q < 8; ++q)
                                if (v.inside(k.z[q], k.y[q], k.x[q]))
                                    gIn[c * inVolume + (k.z[q] * v.H + k.y[q]) * v.W + k.x[q]] += k.weight[q] * go;
                        for (size_t q = 0; q < 8; ++q) {
                            if (!v.inside(k.z[q], k.y[q], k.x[q]))
                                continue;
                            const T value = in[k.z[q] * is[2] + k.y[q] * is[3] + k.x[q] * is[4]];
                            const T tx = value * ax[q] * bx[q] * go, ty = value * ay[q] * by[q] * go,
                                    tz = value * az[q] * bz[q] * go;
                            // The east corners (odd q) add to x, the south ones to y, the bottom ones to z.
                            gix = (q & 1) ? gix + tx : gix - tx;
                            giy = (q & 2) ? giy + ty : giy - ty;
                            giz = (q & 4) ? giz + tz : giz - tz;
                        }
                    }
                    T* gg = grads.grid.data<T>() + (n * outVolume + p) * 3;
                    gg[0] = gxMult * gix;
                    gg[1] = gyMult * giy;
                    gg[2] = gzMult * giz;
                } else if (gIn) {
                    const int64_t x = truncateToIndex(std::round(ix)), y = truncateToIndex(std::round(iy)),
                                  z = truncateToIndex(std::round(iz));
                    if (v.inside(z, y, x))
                        for (int64_t c = 0; c < C; ++c)
                            gIn[c * inVolume + (z * v.H + y) * v.W + x] += gOut[c * outVolume];
                }
            }
    });
    return grads;
}

}  // namespace agv::ops::grid_sample
