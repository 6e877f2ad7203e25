// PyTorch's "slow" CPU convolutions (slow_conv2d, slow_conv3d, slow_conv_dilated2d/3d,
// slow_conv_transpose2d/3d): unfold the input into columns (one row per input channel
// and kernel offset, one column per output pixel), then one GEMM per batch element. The GEMM calls are PyTorch 1.13's (same shapes, transposes,
// leading dimensions and beta) on the same OpenBLAS, and columns fold back in
// PyTorch's loop order, so sums round as PyTorch's do.

#include <cblas.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/error.h"
#include "core/ops/convolution.h"
#include "core/ops/kernels.h"
#include "core/ops/memory_format.h"

namespace agv::ops::conv {

namespace {

/// Column-major C = alpha * op(A) * op(B) + beta * C, as Fortran BLAS (and PyTorch's cpublas::gemm) see it.
template <typename T>
void gemm(bool transA, bool transB, int64_t m, int64_t n, int64_t k, const T* a, int64_t lda, const T* b,
          int64_t ldb, T beta, T* c, int64_t ldc)
{
    if constexpr (std::is_same_v<T, float>) {
        cblas_sgemm(CblasColMajor, transA ? CblasTrans : CblasNoTrans, transB ? CblasTrans : CblasNoTrans,
                    blasint(m), blasint(n), blasint(k), 1.0f, a, blasint(lda), b, blasint(ldb), beta, c,
                    blasint(ldc));
    } else if constexpr (std::is_same_v<T, double>) {
        cblas_dgemm(CblasColMajor, transA ? CblasTrans : CblasNoTrans, transB ? CblasTrans : CblasNoTrans,
                    blasint(m), blasint(n), blasint(k), 1.0, a, blasint(lda), b, blasint(ldb), beta, c,
                    blasint(ldc));
    } else {
        // Integer tensors: exact, so any order gives PyTorch's result.
        for (int64_t j = 0; j < n; ++j)
            for (int64_t i = 0; i < m; ++i) {
                T total = 0;
                for (int64_t l = 0; l < k; ++l)
                    total += (transA ? a[i * lda + l] : a[l * lda + i]) * (transB ? b[l * ldb + j] : b[j * ldb + l]);
                c[j * ldc + i] = beta == T(0) ? total : T(total + beta * c[j * ldc + i]);
            }
    }
}

/// Geometry of one unfold: image `channels x depth x height x width`, kernel, output
/// grid. A 2-d convolution is a 3-d one of depth 1 (kernel depth 1, output depth 1),
/// which leaves its row order and its sums as they were.
struct Unfold {
    int64_t channels, depth, height, width, kernelD, kernelH, kernelW, outD, outH, outW;
    int64_t strideD, strideH, strideW, padD, padH, padW, dilationD, dilationH, dilationW;

    int64_t rows() const { return channels * kernelD * kernelH * kernelW; }
    int64_t cols() const { return outD * outH * outW; }
    int64_t imageSize() const { return channels * depth * height * width; }

    /// What row `row` of the columns holds: one input channel at one kernel offset.
    struct Row {
        int64_t channel, kd, kh, kw;
    };
    Row rowAt(int64_t row) const
    {
        return Row{row / (kernelD * kernelH * kernelW), (row / (kernelH * kernelW)) % kernelD,
                   (row / kernelW) % kernelH, row % kernelW};
    }

    // One row per (channel, kd, kh, kw), the order of PyTorch's vol2col, im2col and Unfold3dCopyCPU.
    template <typename T>
    void toColumns(const T* image, T* columns) const
    {
        for (int64_t row = 0; row < rows(); ++row) {
            const Row r = rowAt(row);
            T* out = columns + row * cols();
            for (int64_t z = 0; z < outD; ++z) {
                const int64_t iz = z * strideD - padD + r.kd * dilationD;
                for (int64_t y = 0; y < outH; ++y) {
                    const int64_t iy = y * strideH - padH + r.kh * dilationH;
                    for (int64_t x = 0; x < outW; ++x) {
                        const int64_t ix = x * strideW - padW + r.kw * dilationW;
                        const bool inside = iz >= 0 && iz < depth && iy >= 0 && iy < height && ix >= 0 && ix < width;
                        out[(z * outH + y) * outW + x] =
                            inside ? image[((r.channel * depth + iz) * height + iy) * width + ix] : T(0);
                    }
                }
            }
        }
    }

    /// image = sum of the columns folded back, added in PyTorch's order (row by row).
    template <typename T>
    void fromColumns(const T* columns, T* image) const
    {
        std::fill_n(image, imageSize(), T(0));
        for (int64_t row = 0; row < rows(); ++row) {
            const Row r = rowAt(row);
            const T* in = columns + row * cols();
            for (int64_t z = 0; z < outD; ++z) {
                const int64_t iz = z * strideD - padD + r.kd * dilationD;
                if (iz < 0 || iz >= depth)
                    continue;
                for (int64_t y = 0; y < outH; ++y) {
                    const int64_t iy = y * strideH - padH + r.kh * dilationH;
                    if (iy < 0 || iy >= height)
                        continue;
                    for (int64_t x = 0; x < outW; ++x) {
                        const int64_t ix = x * strideW - padW + r.kw * dilationW;
                        if (ix >= 0 && ix < width)
                            image[((r.channel * depth + iz) * height + iy) * width + ix] +=
                                in[(z * outH + y) * outW + x];
                    }
                }
            }
        }
    }
};

/// The unfold of a convolution's input (image = one input sample, grid = output); 4-d
/// or 5-d sizes, `p` with one value per spatial dimension.
Unfold unfoldOf(const IntList& image, const IntList& weight, const IntList& grid, const Params& p)
{
    if (image.size() == 4)
        return Unfold{image[1], 1, image[2], image[3], 1, weight[2], weight[3], 1, grid[2], grid[3],
                      1, p.stride[0], p.stride[1], 0, p.padding[0], p.padding[1], 1, p.dilation[0], p.dilation[1]};
    return Unfold{image[1], image[2], image[3], image[4], weight[2], weight[3], weight[4], grid[2], grid[3], grid[4],
                  p.stride[0], p.stride[1], p.stride[2], p.padding[0], p.padding[1], p.padding[2],
                  p.dilation[0], p.dilation[1], p.dilation[2]};
}

/// A transposed convolution's weight (in, out, k...) read as a convolution's (out, in, k...).
IntList swappedChannels(IntList weight)
{
    std::swap(weight[0], weight[1]);
    return weight;
}

Tensor zeros(const IntList& sizes, const Tensor& like)
{
    Tensor t = kernel::newTensor(sizes, like.dtype(), like.device());
    std::memset(t.rawData(), 0, t.nbytes());
    return t;
}

/// Fills each output channel with its bias (slow_conv2d starts from it, GEMM adds with beta = 1).
template <typename T>
void fillWithBias(T* out, const T* bias, int64_t batch, int64_t channels, int64_t plane)
{
    for (int64_t n = 0; n < batch; ++n)
        for (int64_t c = 0; c < channels; ++c)
            std::fill_n(out + (n * channels + c) * plane, plane, bias[c]);
}

}  // namespace

namespace {

template <typename T>
void im2colForwardTyped(const Tensor& input, const Tensor& weight, const Tensor& bias, const Unfold& u, Tensor& out)
{
    const int64_t batch = input.sizes()[0], outChannels = weight.sizes()[0];
    T* o = out.data<T>();
    if (bias.defined())
        fillWithBias(o, bias.data<T>(), batch, outChannels, u.cols());
    std::vector<T> columns(size_t(u.rows() * u.cols()));
    const int64_t inPlane = u.imageSize();
    for (int64_t n = 0; n < batch; ++n) {
        u.toColumns(input.data<T>() + n * inPlane, columns.data());
        // out_n (outChannels x pixels) = weight (outChannels x rows) * columns (rows x pixels)
        gemm<T>(false, false, u.cols(), outChannels, u.rows(), columns.data(), u.cols(), weight.data<T>(), u.rows(),
                T(bias.defined() ? 1 : 0), o + n * outChannels * u.cols(), u.cols());
    }
}

}  // namespace

Tensor im2colForward(const Tensor& input, const Tensor& weight, const Tensor& bias, const Params& p)
{
    const IntList outSizes = outputSizes(input.sizes(), weight.sizes(), p);
    Tensor out = kernel::newTensor(outSizes, input.dtype(), input.device());
    const Unfold u = unfoldOf(input.sizes(), weight.sizes(), outSizes, p);
    switch (input.dtype()) {
    case ScalarType::Float32: im2colForwardTyped<float>(input, weight, bias, u, out); break;
    case ScalarType::Float64: im2colForwardTyped<double>(input, weight, bias, u, out); break;
    case ScalarType::Int64: im2colForwardTyped<int64_t>(input, weight, bias, u, out); break;
    case ScalarType::Int32: im2colForwardTyped<int32_t>(input, weight, bias, u, out); break;
    case ScalarType::Int16: im2colForwardTyped<int16_t>(input, weight, bias, u, out); break;
    case ScalarType::Int8: im2colForwardTyped<int8_t>(input, weight, bias, u, out); break;
    case ScalarType::UInt8: im2colForwardTyped<uint8_t>(input, weight, bias, u, out); break;
    default: throw AGV_DISPATCH_NOT_IMPLEMENTED(input.dtype(), input.dim() == 4 ? "slow_conv2d_cpu" : "compute_columns3d");
    }
    return out;
}

namespace {

// Note [slow_conv2d channels last]
// slow_conv2d of a channels-last input (1.13's is_channels_last paths, float32 with a 1x1
// kernel below oneDNN's threshold, float64 always) unfolds each sample into one row per
// output pixel, its columns in (kh, kw, channel) order with the channel fastest, and
// multiplies by the weight laid out the same way: forward
//   out_n (C_out x pixels, NHWC) = gemm(T, N) of weight (C_out x K) and the rows,
// grad_input's rows = gemm(N, N) of weight and grad_out_n, added back pixel by pixel (y, x,
// then kh, kw) into the zeroed NHWC gradient. The operands' other layouts give OpenBLAS
// other blockings, so the sums round differently from the contiguous path's.

/// The weight (C_out, C_in, kh, kw) as (C_out, kh, kw, C_in) rows.
template <typename T>
std::vector<T> channelsLastWeight(const Tensor& weight)
{
    const IntList& w = weight.sizes();
    const T* src = weight.data<T>();
    std::vector<T> rows(size_t(weight.numel()));
    size_t i = 0;
    for (int64_t o = 0; o < w[0]; ++o)
        for (int64_t kh = 0; kh < w[2]; ++kh)
            for (int64_t kw = 0; kw < w[3]; ++kw)
                for (int64_t c = 0; c < w[1]; ++c)
                    rows[i++] = src[((o * w[1] + c) * w[2] + kh) * w[3] + kw];
    return rows;
}

/// Calls f(pixel, kernel offset, iy, ix) for every output pixel and kernel offset (kh, kw)
/// whose input position lies inside the image.
template <typename F>
void forEachTap(const Unfold& u, F f)
{
    for (int64_t y = 0; y < u.outH; ++y)
        for (int64_t x = 0; x < u.outW; ++x)
            for (int64_t kh = 0; kh < u.kernelH; ++kh)
                for (int64_t kw = 0; kw < u.kernelW; ++kw) {
                    const int64_t iy = y * u.strideH - u.padH + kh * u.dilationH;
                    const int64_t ix = x * u.strideW - u.padW + kw * u.dilationW;
                    if (iy >= 0 && iy < u.height && ix >= 0 && ix < u.width)
                        f(y * u.outW + x, kh * u.kernelW + kw, iy, ix);
                }
}

template <typename T>
void im2colForwardChannelsLastTyped(const Tensor& input, const Tensor& weight, const Tensor& bias, const Unfold& u,
                                    Tensor& out)
{
    const int64_t batch = input.sizes()[0], outChannels = weight.sizes()[0], C = u.channels;
    const int64_t K = u.kernelH * u.kernelW * C, pixels = u.cols();
    const std::vector<T> w = channelsLastWeight<T>(weight);
    std::vector<T> rows(size_t(pixels * K));
    T* o = out.data<T>();
    const T* x = input.data<T>();
    for (int64_t n = 0; n < batch; ++n) {
        T* outN = o + n * pixels * outChannels;
        if (bias.defined())
            for (int64_t q = 0; q < pixels; ++q)
                std::copy_n(bias.data<T>(), outChannels, outN + q * outChannels);
        std::fill(rows.begin(), rows.end(), T(0));
        const T* image = x + n * u.height * u.width * C;
        forEachTap(u, [&](int64_t q, int64_t tap, int64_t iy, int64_t ix) {
            std::copy_n(image + (iy * u.width + ix) * C, C, rows.data() + q * K + tap * C);
        });
        gemm<T>(true, false, outChannels, pixels, K, w.data(), K, rows.data(), K, T(bias.defined() ? 1 : 0), outN,
                outChannels);
    }
}

template <typename T>
void im2colGradInputChannelsLastTyped(const Tensor& gradOut, const Tensor& weight, const Unfold& u, Tensor& gradInput)
{
    const int64_t batch = gradInput.sizes()[0], outChannels = weight.sizes()[0], C = u.channels;
    const int64_t K = u.kernelH * u.kernelW * C, pixels = u.cols();
    const std::vector<T> w = channelsLastWeight<T>(weight);
    std::vector<T> rows(size_t(pixels * K));
    T* gi = gradInput.data<T>();
    std::fill(gi, gi + gradInput.numel(), T(0));
    for (int64_t n = 0; n < batch; ++n) {
        gemm<T>(false, false, K, pixels, outChannels, w.data(), K, gradOut.data<T>() + n * pixels * outChannels,
                outChannels, T(0), rows.data(), K);
        T* image = gi + n * u.height * u.width * C;
        forEachTap(u, [&](int64_t q, int64_t tap, int64_t iy, int64_t ix) {
            T* dst = image + (iy * u.width + ix) * C;
            const T* src = rows.data() + q * K + tap * C;
            for (int64_t c = 0; c < C; ++c)
                dst[c] += src[c];
        });
    }
}

/// grad_weight (C_out x K, (kh, kw, channel) columns) += gemm(N, T) of each sample's rows
/// and its grad_out, then read back as (C_out, C_in, kh, kw).
template <typename T>
void im2colGradWeightChannelsLastTyped(const Tensor& gradOut, const Tensor& input, const Unfold& u,
                                       int64_t outChannels, Tensor& gradWeight)
{
    const int64_t batch = input.sizes()[0], C = u.channels;
    const int64_t K = u.kernelH * u.kernelW * C, pixels = u.cols();
    std::vector<T> rows(size_t(pixels * K)), w(size_t(outChannels * K), T(0));
    for (int64_t n = 0; n < batch; ++n) {
        std::fill(rows.begin(), rows.end(), T(0));
        const T* image = input.data<T>() + n * u.height * u.width * C;
        forEachTap(u, [&](int64_t q, int64_t tap, int64_t iy, int64_t ix) {
            std::copy_n(image + (iy * u.width + ix) * C, C, rows.data() + q * K + tap * C);
        });
        gemm<T>(false, true, K, outChannels, pixels, rows.data(), K, gradOut.data<T>() + n * pixels * outChannels,
                outChannels, T(1), w.data(), K);
    }
    T* gw = gradWeight.data<T>();
    size_t i = 0;
    for (int64_t o = 0; o < outChannels; ++o)
        for (int64_t kh = 0; kh < u.kernelH; ++kh)
            for (int64_t kw = 0; kw < u.kernelW; ++kw)
                for (int64_t c = 0; c < C; ++c)
                    gw[((o * C + c) * u.kernelH + kh) * u.kernelW + kw] = w[i++];
}

}  // namespace

Tensor im2colForwardChannelsLast(const Tensor& input, const Tensor& weight, const Tensor& bias, const Params& p)
{
    const IntList outSizes = outputSizes(input.sizes(), weight.sizes(), p);
    Tensor x = kernel::newStridedTensor(input.sizes(), channelsLastFormatStrides(input.sizes()), input.dtype(),
                                        input.device());
    kernel::copyInto(x, input);
    Tensor out = kernel::newStridedTensor(outSizes, channelsLastFormatStrides(outSizes), input.dtype(), input.device());
    const Unfold u = unfoldOf(input.sizes(), weight.sizes(), outSizes, p);
    AGV_DISPATCH_FLOATING(input.dtype(), "slow_conv2d_cpu", [&] {
        im2colForwardChannelsLastTyped<scalar_t>(x, weight, bias, u, out);
    });
    return out;
}

Tensor im2colGradWeightChannelsLast(const Tensor& gradOut, const Tensor& input, const Tensor& weight, const Params& p)
{
    Tensor g = kernel::newStridedTensor(gradOut.sizes(), channelsLastFormatStrides(gradOut.sizes()), gradOut.dtype(),
                                        gradOut.device());
    kernel::copyInto(g, gradOut);
    Tensor x = kernel::newStridedTensor(input.sizes(), channelsLastFormatStrides(input.sizes()), input.dtype(),
                                        input.device());
    kernel::copyInto(x, input);
    Tensor gradWeight = kernel::newTensor(weight.sizes(), weight.dtype(), weight.device());
    const Unfold u = unfoldOf(input.sizes(), weight.sizes(), gradOut.sizes(), p);
    AGV_DISPATCH_FLOATING(input.dtype(), "slow_conv2d_backward_cpu", [&] {
        im2colGradWeightChannelsLastTyped<scalar_t>(g, x, u, weight.sizes()[0], gradWeight);
    });
    return gradWeight;
}

Tensor im2colGradInputChannelsLast(const Tensor& gradOut, const Tensor& input, const Tensor& weight, const Params& p)
{
    Tensor g = kernel::newStridedTensor(gradOut.sizes(), channelsLastFormatStrides(gradOut.sizes()), gradOut.dtype(),
                                        gradOut.device());
    kernel::copyInto(g, gradOut);
    Tensor gradInput = kernel::newStridedTensor(input.sizes(), channelsLastFormatStrides(input.sizes()), input.dtype(),
                                                input.device());
    const Unfold u = unfoldOf(input.sizes(), weight.sizes(), gradOut.sizes(), p);
    AGV_DISPATCH_FLOATING(input.dtype(), "slow_conv2d_backward_cpu", [&] {
        im2colGradInputChannelsLastTyped<scalar_t>(g, weight, u, gradInput);
    });
    return gradInput;
}

Grads im2colBackward(const Tensor& gradOut, const Tensor& input, const Tensor& weight, const Params& p, Mask mask)
{
    Grads grads;
    const Unfold u = unfoldOf(input.sizes(), weight.sizes(), gradOut.sizes(), p);
    const int64_t batch = input.sizes()[0], outChannels = weight.sizes()[0];
    const int64_t inPlane = u.imageSize();
    if (mask[0])
        grads.input = kernel::newTensor(input.sizes(), input.dtype(), input.device());
    if (mask[1])
        grads.weight = zeros(weight.sizes(), weight);
    AGV_DISPATCH_FLOATING(input.dtype(), input.dim() == 4 ? "slow_conv2d_backward_cpu" : "slow_conv3d_cpu_grad_input",
                          [&] {
        using T = scalar_t;
        std::vector<T> columns(size_t(u.rows() * u.cols()));
        for (int64_t n = 0; n < batch; ++n) {
            const T* g = gradOut.data<T>() + n * outChannels * u.cols();
            if (mask[0]) {
                // columns (rows x pixels) = weight^T * grad_n, then folded back onto the image
                gemm<T>(false, true, u.cols(), u.rows(), outChannels, g, u.cols(), weight.data<T>(), u.rows(), T(0),
                        columns.data(), u.cols());
                u.fromColumns(columns.data(), grads.input.data<T>() + n * inPlane);
            }
            if (mask[1]) {
                // grad_weight += grad_n * columns^T, one batch element after the other
                u.toColumns(input.data<T>() + n * inPlane, columns.data());
                gemm<T>(true, false, u.rows(), outChannels, u.cols(), columns.data(), u.cols(), g, u.cols(), T(1),
                        grads.weight.data<T>(), u.rows());
            }
        }
    });
    return grads;
}

namespace {

template <typename T>
void im2colTransposedForwardTyped(const Tensor& input, const Tensor& weight, const Tensor& bias, const Unfold& u,
                                  Tensor& out)
{
    const int64_t batch = input.sizes()[0], inChannels = input.sizes()[1];
    const int64_t outPlane = u.imageSize(), channelPlane = outPlane / u.channels;
    std::vector<T> columns(size_t(u.rows() * u.cols()));
    for (int64_t n = 0; n < batch; ++n) {
        gemm<T>(false, true, u.cols(), u.rows(), inChannels, input.data<T>() + n * inChannels * u.cols(), u.cols(),
                weight.data<T>(), u.rows(), T(0), columns.data(), u.cols());
        T* o = out.data<T>() + n * outPlane;
        u.fromColumns(columns.data(), o);
        if (bias.defined())  // added after the fold, as slow_conv_transpose2d/3d do
            for (int64_t c = 0; c < u.channels; ++c)
                for (int64_t i = 0; i < channelPlane; ++i)
                    o[c * channelPlane + i] += bias.data<T>()[c];
    }
}

}  // namespace

Tensor im2colTransposedForward(const Tensor& input, const Tensor& weight, const Tensor& bias, const Params& p)
{
    // A transposed convolution is the input-gradient of a convolution: columns = weight^T * input, folded.
    const IntList outSizes = outputSizes(input.sizes(), weight.sizes(), p);
    Tensor out = kernel::newTensor(outSizes, input.dtype(), input.device());
    const Unfold u = unfoldOf(outSizes, swappedChannels(weight.sizes()), input.sizes(), p);
    switch (input.dtype()) {
    case ScalarType::Float32: im2colTransposedForwardTyped<float>(input, weight, bias, u, out); break;
    case ScalarType::Float64: im2colTransposedForwardTyped<double>(input, weight, bias, u, out); break;
    case ScalarType::Int64: im2colTransposedForwardTyped<int64_t>(input, weight, bias, u, out); break;
    default:
        throw AGV_DISPATCH_NOT_IMPLEMENTED(input.dtype(), input.dim() == 4 ? "slow_conv_transpose2d_out_cpu"
                                                                           : "slow_conv_transpose3d_out_cpu");
    }
    return out;
}

Grads im2colTransposedBackward(const Tensor& gradOut, const Tensor& input, const Tensor& weight, const Params& p,
                               Mask mask)
{
    Grads grads;
    const Unfold u = unfoldOf(gradOut.sizes(), swappedChannels(weight.sizes()), input.sizes(), p);
    const int64_t batch = input.sizes()[0], inChannels = input.sizes()[1];
    const int64_t outPlane = u.imageSize();
    if (mask[0])
        grads.input = kernel::newTensor(input.sizes(), input.dtype(), input.device());
    if (mask[1])
        grads.weight = zeros(weight.sizes(), weight);
    AGV_DISPATCH_FLOATING(input.dtype(), input.dim() == 4 ? "slow_conv_transpose2d_backward_out_cpu"
                                                          : "slow_conv_transpose3d_backward_out_cpu", [&] {
        using T = scalar_t;
        std::vector<T> columns(size_t(u.rows() * u.cols()));
        for (int64_t n = 0; n < batch; ++n) {
            u.toColumns(gradOut.data<T>() + n * outPlane, columns.data());
            if (mask[0])  // grad_input_n (inChannels x pixels) = weight (inChannels x rows) * columns
                gemm<T>(false, false, u.cols(), inChannels, u.rows(), columns.data(), u.cols(), weight.data<T>(),
                        u.rows(), T(0), grads.input.data<T>() + n * inChannels * u.cols(), u.cols());
            if (mask[1])  // grad_weight += input_n * columns^T
                gemm<T>(true, false, u.rows(), inChannels, u.cols(), columns.data(), u.cols(),
                        input.data<T>() + n * inChannels * u.cols(), u.cols(), T(1), grads.weight.data<T>(), u.rows());
        }
    });
    return grads;
}

}  // namespace agv::ops::conv
