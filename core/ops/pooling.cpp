// 2-d pooling: max_pool2d (with indices), avg_pool2d, adaptive_avg_pool2d and
// adaptive_max_pool2d, with
// PyTorch 1.13's output sizes, checks and loop order (each window summed row by row
// in the tensor's dtype, as its CPU kernels do), so averages round the same way.
// Inputs are (N, C, H, W) or unbatched (C, H, W).

#include <cmath>
#include <cstring>

#include "core/autograd/grad_mode.h"
#include "core/ops/dispatch_bfloat16.h"
#include "core/ops/kernels.h"
#include "core/ops/max_pool_backward.h"
#include "core/ops/memory_format.h"
#include "core/ops/op_recorder.h"
#include "core/ops/pooling3d.h"
#include "core/ops/quietly.h"
#include "core/ops/ops.h"
#include "core/ops/view_inplace.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

/// Kernel, stride, padding and dilation of a 2-d window, one value per dimension.
struct Window {
    int64_t kH, kW, sH, sW, padH, padW, dilH = 1, dilW = 1;
    bool ceilMode = false;
};

int64_t pair(const IntList& v, size_t i) { return v.size() == 1 ? v[0] : v[i]; }

/// PyTorch's pooling_output_shape (floor or ceil division, the last window must start inside).
int64_t pooledSize(int64_t input, int64_t kernel, int64_t pad, int64_t stride, int64_t dilation, bool ceilMode)
{
    const int64_t numerator = input + 2 * pad - dilation * (kernel - 1) - 1 + (ceilMode ? stride - 1 : 0);
    int64_t out = (numerator >= 0 ? numerator / stride : -((-numerator + stride - 1) / stride)) + 1;
    if (ceilMode && (out - 1) * stride >= input + pad)
        --out;
    return out;
}

Window windowOf(const char* fn, const IntList& kernel, const IntList& stride, const IntList& padding,
                const IntList& dilation, bool ceilMode)
{
    AGV_CHECK(kernel.size() == 1 || kernel.size() == 2, RuntimeError, fn,
              ": kernel_size must either be a single int, or a tuple of two ints");
    AGV_CHECK(stride.empty() || stride.size() == 1 || stride.size() == 2, RuntimeError, fn,
              ": stride must either be omitted, a single int, or a tuple of two ints");
    AGV_CHECK(padding.size() == 1 || padding.size() == 2, RuntimeError, fn,
              ": padding must either be a single int, or a tuple of two ints");
    AGV_CHECK(dilation.size() == 1 || dilation.size() == 2, RuntimeError, fn,
              ": dilation must be either a single int, or a tuple of two ints");
    Window w;
    w.kH = pair(kernel, 0), w.kW = pair(kernel, 1);
    w.sH = stride.empty() ? w.kH : pair(stride, 0), w.sW = stride.empty() ? w.kW : pair(stride, 1);
    w.padH = pair(padding, 0), w.padW = pair(padding, 1);
    w.dilH = pair(dilation, 0), w.dilW = pair(dilation, 1);
    w.ceilMode = ceilMode;
    AGV_CHECK(w.sH != 0 && w.sW != 0, RuntimeError, "stride should not be zero");
    AGV_CHECK(w.padH >= 0 && w.padW >= 0, RuntimeError, "pad must be non-negative, but got pad: ", w.padH);
    AGV_CHECK(w.padH <= w.kH / 2 && w.padW <= w.kW / 2, RuntimeError,
              "pad should be at most half of kernel size, but got pad=", w.padH, " and kernel_size=", w.kH);
    return w;
}

struct Planes {
    int64_t planes, height, width, outH, outW;
};

Planes planesOf(const Tensor& input, const Window& w)
{
    AGV_CHECK((input.dim() == 3 || input.dim() == 4) && input.numel() > 0, RuntimeError,
              "non-empty 3D or 4D (batch mode) tensor expected for input");
    const IntList& s = input.sizes();
    const int64_t height = s[s.size() - 2], width = s[s.size() - 1], channels = s[s.size() - 3];
    Planes p{input.numel() / (height * width), height, width,
             pooledSize(height, w.kH, w.padH, w.sH, w.dilH, w.ceilMode),
             pooledSize(width, w.kW, w.padW, w.sW, w.dilW, w.ceilMode)};
    AGV_CHECK(p.outH >= 1 && p.outW >= 1, RuntimeError, "Given input size: (", channels, "x", height, "x", width,
              "). Calculated output size: (", channels, "x", p.outH, "x", p.outW, "). Output size is too small");
    return p;
}

IntList pooledSizes(const Tensor& input, int64_t outH, int64_t outW)
{
    IntList sizes = input.sizes();
    sizes[sizes.size() - 2] = outH;
    sizes[sizes.size() - 1] = outW;
    return sizes;
}

Tensor zerosOf(const Tensor& like)
{
    Tensor t = kernel::newTensor(like.sizes(), like.dtype(), like.device());
    std::memset(t.rawData(), 0, t.nbytes());
    return t;
}

using kernel::dense;

// ---------------------------------------------------------------- max

/// A max pool's backward kernel over `spatialDims` trailing dims: each output's gradient
/// added at the input position its index names, in output order.
Tensor maxPoolBackwardKernel(const Tensor& gradOut, const Tensor& input, const Tensor& indices, int spatialDims,
                             const char* kernelName)
{
    Tensor grad = zerosOf(input);
    const Tensor g = dense(gradOut);
    const Tensor idx = dense(indices);
    int64_t inVolume = 1, outVolume = 1;
    for (int d = 1; d <= spatialDims; ++d) {
        inVolume *= input.sizes()[size_t(input.dim() - d)];
        outVolume *= g.sizes()[size_t(g.dim() - d)];
    }
    const int64_t planes = inVolume == 0 ? 0 : input.numel() / inVolume;
    AGV_DISPATCH_FLOATING_AND_BFLOAT16(input.dtype(), kernelName, [&] {
        using T = scalar_t;
        for (int64_t p = 0; p < planes; ++p)
            for (int64_t i = 0; i < outVolume; ++i)
                grad.data<T>()[p * inVolume + idx.data<int64_t>()[p * outVolume + i]] += g.data<T>()[p * outVolume + i];
    });
    // 1.13's 2-d max pools answer in the input's suggested format, its 3-d ones contiguously.
    return spatialDims == 2 ? laidOutAsSuggested(grad, input) : grad;
}

/// max_pool_double_backward(grad, indices, dims): the gradient read back at the picked
/// positions, grad.contiguous().view(size).gather(-1, indices.view(size)).view(indices.sizes()).
Tensor maxPoolDoubleBackward(const Tensor& grad, const Tensor& indices, int spatialDims)
{
    IntList size(indices.sizes().begin(), indices.sizes().end() - spatialDims);
    size.push_back(-1);
    return view(gather(view(contiguous(grad), size), -1, view(indices, size)), indices.sizes());
}

}  // namespace

std::pair<Tensor, Tensor> maxPool2dWithIndices(const Tensor& selfIn, const IntList& kernel, const IntList& stride,
                                               const IntList& padding, const IntList& dilation, bool ceilMode)
{
    const Window w = windowOf("max_pool2d", kernel, stride, padding, dilation, ceilMode);
    AGV_CHECK(w.dilH > 0 && w.dilW > 0, RuntimeError, "dilation should be greater than zero, but got dilationH: ",
              w.dilH, " dilationW: ", w.dilW);
    const Planes p = planesOf(selfIn, w);
    const Tensor self = dense(selfIn);
    Tensor out = kernel::newTensor(pooledSizes(self, p.outH, p.outW), self.dtype(), self.device());
    Tensor indices = kernel::newTensor(out.sizes(), ScalarType::Int64, self.device());
    AGV_DISPATCH_FLOATING_AND_BFLOAT16(self.dtype(), "max_pool2d", [&] {
        using T = scalar_t;
        using C = std::conditional_t<kIsReducedFloat<T>, float, T>;  // cpu_max_pool's accscalar_t
        for (int64_t plane = 0; plane < p.planes; ++plane) {
            const T* in = self.data<T>() + plane * p.height * p.width;
            T* o = out.data<T>() + plane * p.outH * p.outW;
            int64_t* idx = indices.data<int64_t>() + plane * p.outH * p.outW;
            for (int64_t oh = 0; oh < p.outH; ++oh) {
                int64_t ih0 = oh * w.sH - w.padH;
                const int64_t ih1 = std::min(ih0 + (w.kH - 1) * w.dilH + 1, p.height);
                while (ih0 < 0)
                    ih0 += w.dilH;
                for (int64_t ow = 0; ow < p.outW; ++ow) {
                    int64_t iw0 = ow * w.sW - w.padW;
                    const int64_t iw1 = std::min(iw0 + (w.kW - 1) * w.dilW + 1, p.width);
                    while (iw0 < 0)
                        iw0 += w.dilW;
                    int64_t best = ih0 * p.width + iw0;
                    C bestValue = -std::numeric_limits<C>::infinity();
                    for (int64_t ih = ih0; ih < ih1; ih += w.dilH)
                        for (int64_t iw = iw0; iw < iw1; iw += w.dilW) {
                            const C value = C(in[ih * p.width + iw]);
                            if (value > bestValue || std::isnan(value)) {
                                bestValue = value;
                                best = ih * p.width + iw;
                            }
                        }
                    o[oh * p.outW + ow] = T(bestValue);
                    idx[oh * p.outW + ow] = best;
                }
            }
        }
    });
    out = laidOutAsSuggested(out, selfIn);
    indices = laidOutAsSuggested(indices, selfIn);
    return internal::recordMaxPoolWithIndices(selfIn, out, indices, {2, "MaxPool2DWithIndicesBackward0",
                                                                      "MaxPool2DWithIndicesBackwardBackward0",
                                                                      "max_pool2d_with_indices_backward"},
                                              internal::saveWindowArguments(selfIn, kernel, stride, padding,
                                                                            dilation, ceilMode));
}

// ---------------------------------------------------------------- average

namespace {

/// One average-pooling window: [h0, h1) x [w0, w1) inside the input, and its divisor.
struct AvgCell {
    int64_t h0, h1, w0, w1, divisor;
};

AvgCell avgCell(const Window& w, const Planes& p, int64_t oh, int64_t ow, bool countIncludePad,
                std::optional<int64_t> divisorOverride)
{
    int64_t h0 = oh * w.sH - w.padH, w0 = ow * w.sW - w.padW;
    int64_t h1 = std::min(h0 + w.kH, p.height + w.padH), w1 = std::min(w0 + w.kW, p.width + w.padW);
    const int64_t padded = (h1 - h0) * (w1 - w0);
    h0 = std::max<int64_t>(h0, 0), w0 = std::max<int64_t>(w0, 0);
    h1 = std::min(h1, p.height), w1 = std::min(w1, p.width);
    const int64_t divisor = divisorOverride ? *divisorOverride : countIncludePad ? padded : (h1 - h0) * (w1 - w0);
    return {h0, h1, w0, w1, divisor};
}

}  // namespace

namespace {

/// avg_pool2d's arguments, which its backward op keeps as attributes.
struct AvgPoolOptions {
    Window window;
    IntList kernel, stride, padding;
    bool ceilMode, countIncludePad;
    std::optional<int64_t> divisorOverride;
};

Tensor avgPool2dBackwardKernel(const Tensor& gradOutput, const Tensor& input, const AvgPoolOptions& o)
{
    const Window& w = o.window;
    const bool countIncludePad = o.countIncludePad;
    const std::optional<int64_t> divisorOverride = o.divisorOverride;
    const Planes p = planesOf(input, w);
    Tensor grad = zerosOf(input);
    const Tensor go = dense(gradOutput);
    AGV_DISPATCH_FLOATING_AND_BFLOAT16(input.dtype(), "avg_pool2d_backward", [&] {
        using T = scalar_t;
        for (int64_t plane = 0; plane < p.planes; ++plane) {
            T* gi = grad.data<T>() + plane * p.height * p.width;
            const T* gOut = go.data<T>() + plane * p.outH * p.outW;
            for (int64_t oh = 0; oh < p.outH; ++oh)
                for (int64_t ow = 0; ow < p.outW; ++ow) {
                    const AvgCell c = avgCell(w, p, oh, ow, countIncludePad, divisorOverride);
                    const T delta = gOut[oh * p.outW + ow] / T(c.divisor);
                    for (int64_t ih = c.h0; ih < c.h1; ++ih)
                        for (int64_t iw = c.w0; iw < c.w1; ++iw)
                            gi[ih * p.width + iw] += delta;
                }
        }
    });
    return laidOutAsSuggested(grad, input);
}

/// avg_pool2d_backward as an op: under create_graph its node is AvgPool2DBackwardBackward0
/// (grad_output: avg_pool2d(grad, ...); self: zeros_like(self)), which saves no tensor.
Tensor avgPool2dBackward(const Tensor& gradOutput, const Tensor& self, const AvgPoolOptions& o)
{
    const IntList selfSizes = self.sizes();
    const ScalarType selfType = self.dtype();
    const Device selfDevice = self.device();
    OpRecorder rec("AvgPool2DBackwardBackward0", {&gradOutput, &self},
                   [o, selfSizes, selfType, selfDevice](BackwardNode& n, const variable_list& g) {
                       return variable_list{n.needsInputGrad(0) ? avgPool2d(g[0], o.kernel, o.stride, o.padding,
                                                                            o.ceilMode, o.countIncludePad,
                                                                            o.divisorOverride)
                                                                : Tensor(),
                                            n.needsInputGrad(1) ? zeros(selfSizes, selfType, selfDevice) : Tensor()};
                   });
    rec.attr("ceil_mode", o.ceilMode);
    rec.attr("count_include_pad", o.countIncludePad);
    rec.attr("divisor_override", o.divisorOverride ? SavedAttr(*o.divisorOverride) : SavedAttr(NoneValue{}));
    rec.attr("kernel_size", o.kernel);
    rec.attr("padding", o.padding);
    rec.attr("stride", o.stride);
    Tensor out = quietly([&] { return avgPool2dBackwardKernel(gradOutput, self, o); });
    return rec.finish(out);
}

}  // namespace

Tensor avgPool2d(const Tensor& selfIn, const IntList& kernel, const IntList& stride, const IntList& padding,
                 bool ceilMode, bool countIncludePad, std::optional<int64_t> divisorOverride)
{
    const Window w = windowOf("avg_pool2d", kernel, stride, padding, {1}, ceilMode);
    AGV_CHECK(!divisorOverride || *divisorOverride != 0, RuntimeError, "divisor must be not zero");
    const Planes p = planesOf(selfIn, w);
    const Tensor self = dense(selfIn);
    Tensor out = kernel::newTensor(pooledSizes(self, p.outH, p.outW), self.dtype(), self.device());
    AGV_DISPATCH_FLOATING_AND_BFLOAT16(self.dtype(), "avg_pool2d", [&] {
        using T = scalar_t;
        using C = std::conditional_t<kIsReducedFloat<T>, float, T>;  // bfloat16 sums in float
        for (int64_t plane = 0; plane < p.planes; ++plane) {
            const T* in = self.data<T>() + plane * p.height * p.width;
            T* o = out.data<T>() + plane * p.outH * p.outW;
            for (int64_t oh = 0; oh < p.outH; ++oh)
                for (int64_t ow = 0; ow < p.outW; ++ow) {
                    const AvgCell c = avgCell(w, p, oh, ow, countIncludePad, divisorOverride);
                    if (c.h0 >= c.h1 || c.w0 >= c.w1) {
                        o[oh * p.outW + ow] = T(0);
                        continue;
                    }
                    C total = 0;
                    for (int64_t ih = c.h0; ih < c.h1; ++ih)
                        for (int64_t iw = c.w0; iw < c.w1; ++iw)
                            total += C(in[ih * p.width + iw]);
                    o[oh * p.outW + ow] = T(total / C(c.divisor));
                }
        }
    });
    out = laidOutAsSuggested(out, selfIn);
    OpRecorder rec("AvgPool2DBackward0", {&selfIn},
                   [w, kernel, stride, padding, ceilMode, countIncludePad, divisorOverride](BackwardNode& n,
                                                                                            const variable_list& g) {
                       const AvgPoolOptions options{w, kernel, stride, padding, ceilMode, countIncludePad,
                                                    divisorOverride};
                       return variable_list{avgPool2dBackward(g[0], n.saved(0), options)};
                   });
    rec.attr("ceil_mode", ceilMode);
    rec.attr("count_include_pad", countIncludePad);
    rec.attr("divisor_override", divisorOverride ? SavedAttr(*divisorOverride) : SavedAttr(NoneValue{}));
    rec.attr("kernel_size", kernel);
    rec.attr("padding", padding);
    rec.save("self", selfIn);
    rec.attr("stride", stride);
    rec.forward([&](const InputTangents& t, const Tensor&) {  // auto_linear
        return avgPool2d(t[0], kernel, stride, padding, ceilMode, countIncludePad, divisorOverride);
    });
    return rec.finish(out);
}

namespace {

int64_t startIndex(int64_t out, int64_t outSize, int64_t inSize)
{
    return int64_t(std::floor(float(out * inSize) / float(outSize)));
}

int64_t endIndex(int64_t out, int64_t outSize, int64_t inSize)
{
    return int64_t(std::ceil(float((out + 1) * inSize) / float(outSize)));
}

/// _adaptive_avg_pool2d_backward's kernel: each output cell's gradient spread evenly
/// over its window.
Tensor adaptiveAvgPool2dBackwardKernel(const Tensor& gradOutput, const Tensor& input)
{
    const int64_t outH = gradOutput.sizes()[size_t(gradOutput.dim() - 2)];
    const int64_t outW = gradOutput.sizes()[size_t(gradOutput.dim() - 1)];
        const int64_t height = input.sizes()[size_t(input.dim() - 2)], width = input.sizes()[size_t(input.dim() - 1)];
        const int64_t planes = input.numel() / (height * width);
        Tensor grad = zerosOf(input);
        const Tensor go = dense(gradOutput);
        AGV_DISPATCH_FLOATING(input.dtype(), "adaptive_avg_pool2d_backward", [&] {
            using T = scalar_t;
            for (int64_t plane = 0; plane < planes; ++plane) {
                T* gi = grad.data<T>() + plane * height * width;
                const T* gOut = go.data<T>() + plane * outH * outW;
                for (int64_t oh = 0; oh < outH; ++oh) {
                    const int64_t h0 = startIndex(oh, outH, height), h1 = endIndex(oh, outH, height);
                    for (int64_t ow = 0; ow < outW; ++ow) {
                        const int64_t w0 = startIndex(ow, outW, width), w1 = endIndex(ow, outW, width);
                        const T delta = gOut[oh * outW + ow] / T(h1 - h0) / T(w1 - w0);
                        for (int64_t ih = h0; ih < h1; ++ih)
                            for (int64_t iw = w0; iw < w1; ++iw)
                                gi[ih * width + iw] += delta;
                    }
                }
            }
        });
    return laidOutAsSuggested(grad, input);
}

/// _adaptive_avg_pool2d_backward as an op: under create_graph its node is
/// AdaptiveAvgPool2DBackwardBackward0 (grad_output: _adaptive_avg_pool2d(grad, its
/// spatial sizes); self: zeros_like(self)), which saves grad_output.
Tensor adaptiveAvgPool2dBackward(const Tensor& gradOutput, const Tensor& self)
{
    const IntList selfSizes = self.sizes();
    const ScalarType selfType = self.dtype();
    const Device selfDevice = self.device();
    OpRecorder rec("AdaptiveAvgPool2DBackwardBackward0", {&gradOutput, &self},
                   [selfSizes, selfType, selfDevice](BackwardNode& n, const variable_list& g) {
                       const Tensor gradOutput = n.saved(0);
                       const IntList spatial(gradOutput.sizes().end() - 2, gradOutput.sizes().end());
                       return variable_list{
                           n.needsInputGrad(0) ? adaptiveAvgPool2d(g[0], spatial) : Tensor(),
                           n.needsInputGrad(1) ? zeros(selfSizes, selfType, selfDevice) : Tensor()};
                   });
    rec.save("grad_output", gradOutput);
    Tensor out = quietly([&] { return adaptiveAvgPool2dBackwardKernel(gradOutput, self); });
    return rec.finish(out);
}

/// 1.13's adaptive_avg_pool2d(x, 1) restrides mean's result of a channels-last input in
/// place, out.as_strided_({n, c, 1, 1}, {c, 1, c, c}): an in-place view op, so the version
/// is bumped and AsStridedBackward1 (over MeanBackward1) becomes its history.
Tensor restrideAsChannelsLast(Tensor out)
{
    const int64_t n = out.sizes()[0], c = out.sizes()[1];
    IntList sizes{n, c, 1, 1}, strides{c, 1, c, c};
    // as_strided_backward maps the gradient onto the same elements, which these strides
    // order as the old ones did.
    OpRecorder rec("AsStridedBackward1", {&out}, [](BackwardNode&, const variable_list& g) { return g; });
    rec.attr("size", sizes);
    rec.attr("stride", strides);
    rec.attr("storage_offset", SavedAttr());
    rec.forward([](const InputTangents& t, const Tensor&) { return t[0]; });
    out.impl()->setGeometry(std::move(sizes), std::move(strides), out.offset());
    out.bumpVersion("as_strided_");
    if (rec.active())
        setInplaceViewHistory(out, rec.node());
    rec.finishInplaceViewTangent(out);
    return out;
}

}  // namespace

Tensor adaptiveAvgPool2d(const Tensor& selfIn, const IntList& outputSize)
{
    AGV_CHECK(outputSize.size() == 2, RuntimeError, "adaptive_avg_pool2d: output_size must be 2");
    if (outputSize[0] == 1 && outputSize[1] == 1) {  // PyTorch's shortcut, before any check (MeanBackward1)
        Tensor out = mean(selfIn, {-1, -2}, /*keepdim=*/true);
        return suggestMemoryFormat(selfIn) == MemoryFormat::ChannelsLast ? restrideAsChannelsLast(out) : out;
    }
    AGV_CHECK((selfIn.dim() == 3 || selfIn.dim() == 4), RuntimeError,
              "adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got ", sizesToString(selfIn.sizes()));
    for (int64_t i = 1; i < selfIn.dim(); ++i)
        AGV_CHECK(selfIn.sizes()[size_t(i)] > 0, RuntimeError,
                  "adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch dimensions, but input "
                  "has sizes ",
                  sizesToString(selfIn.sizes()), " with dimension ", i, " being empty");
    const Tensor self = dense(selfIn);
    const int64_t height = self.sizes()[size_t(self.dim() - 2)], width = self.sizes()[size_t(self.dim() - 1)];
    const int64_t outH = outputSize[0], outW = outputSize[1];
    const int64_t planes = self.numel() / (height * width);
    Tensor out = kernel::newTensor(pooledSizes(self, outH, outW), self.dtype(), self.device());
    AGV_DISPATCH_FLOATING(self.dtype(), "adaptive_avg_pool2d", [&] {
        using T = scalar_t;
        for (int64_t plane = 0; plane < planes; ++plane) {
            const T* in = self.data<T>() + plane * height * width;
            T* o = out.data<T>() + plane * outH * outW;
            for (int64_t oh = 0; oh < outH; ++oh) {
                const int64_t h0 = startIndex(oh, outH, height), h1 = endIndex(oh, outH, height);
                for (int64_t ow = 0; ow < outW; ++ow) {
                    const int64_t w0 = startIndex(ow, outW, width), w1 = endIndex(ow, outW, width);
                    T total = 0;
                    for (int64_t ih = h0; ih < h1; ++ih)
                        for (int64_t iw = w0; iw < w1; ++iw)
                            total += in[ih * width + iw];
                    o[oh * outW + ow] = total / T(h1 - h0) / T(w1 - w0);
                }
            }
        }
    });
    out = laidOutAsSuggested(out, selfIn);
    OpRecorder rec("AdaptiveAvgPool2DBackward0", {&selfIn}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{adaptiveAvgPool2dBackward(g[0], n.saved(0))};
    });
    rec.save("self", selfIn);
    rec.forward([&outputSize](const InputTangents& t, const Tensor&) {  // auto_linear
        return adaptiveAvgPool2d(t[0], outputSize);
    });
    return rec.finish(out);
}

std::pair<Tensor, Tensor> adaptiveMaxPool2d(const Tensor& selfIn, const IntList& outputSize)
{
    const int64_t ndim = selfIn.dim();
    AGV_CHECK(ndim == 3 || ndim == 4, RuntimeError, "adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: ",
              sizesToString(selfIn.sizes()));
    for (int64_t i = 1; i < ndim; ++i)
        AGV_CHECK(selfIn.sizes()[size_t(i)] > 0, RuntimeError,
                  "adaptive_max_pool2d(): Expected input to have non-zero size for non-batch dimensions, but input "
                  "has sizes ",
                  sizesToString(selfIn.sizes()), " with dimension ", i, " being empty");
    AGV_CHECK(outputSize.size() == 2, RuntimeError,
              "adaptive_max_pool2d(): internal error: output_size.size() must be 2");
    const Tensor self = dense(selfIn);
    const int64_t height = self.sizes()[size_t(ndim - 2)], width = self.sizes()[size_t(ndim - 1)];
    const int64_t outH = outputSize[0], outW = outputSize[1];
    const int64_t planes = self.numel() / (height * width);
    Tensor out = kernel::newTensor(pooledSizes(self, outH, outW), self.dtype(), self.device());
    Tensor indices = kernel::newTensor(out.sizes(), ScalarType::Int64, self.device());
    AGV_DISPATCH_FLOATING(self.dtype(), "adaptive_max_pool2d", [&] {
        using T = scalar_t;
        for (int64_t plane = 0; plane < planes; ++plane) {
            const T* in = self.data<T>() + plane * height * width;
            T* o = out.data<T>() + plane * outH * outW;
            int64_t* idx = indices.data<int64_t>() + plane * outH * outW;
            for (int64_t oh = 0; oh < outH; ++oh) {
                const int64_t h0 = startIndex(oh, outH, height), h1 = endIndex(oh, outH, height);
                for (int64_t ow = 0; ow < outW; ++ow) {
                    const int64_t w0 = startIndex(ow, outW, width), w1 = endIndex(ow, outW, width);
                    int64_t best = h0 * width + w0;
                    T bestValue = -std::numeric_limits<T>::infinity();
                    for (int64_t ih = h0; ih < h1; ++ih)
                        for (int64_t iw = w0; iw < w1; ++iw) {
                            const T value = in[ih * width + iw];
                            if (value > bestValue || std::isnan(value)) {
                                bestValue = value;
                                best = ih * width + iw;
                            }
                        }
                    o[oh * outW + ow] = bestValue;
                    idx[oh * outW + ow] = best;
                }
            }
        }
    });
    out = laidOutAsSuggested(out, selfIn);
    indices = laidOutAsSuggested(indices, selfIn);
    return internal::recordMaxPoolWithIndices(
        selfIn, out, indices,
        {2, "AdaptiveMaxPool2DBackward0", "AdaptiveMaxPool2DBackwardBackward0", "max_pool2d_with_indices_backward"},
        [&](OpRecorder& rec) { rec.save("self", selfIn); });
}

namespace internal {

Tensor maxPoolIndicesBackward(const Tensor& gradOutput, const Tensor& self, const Tensor& indices, int spatialDims,
                              const char* nodeName, const char* kernelName)
{
    const IntList selfSizes = self.sizes();
    const ScalarType selfType = self.dtype();
    const Device selfDevice = self.device();
    OpRecorder rec(nodeName, {&gradOutput, &self},
                   [selfSizes, selfType, selfDevice, spatialDims](BackwardNode& n, const variable_list& g) {
                       const Tensor indices = n.saved(0);
                       return variable_list{
                           n.needsInputGrad(0) ? maxPoolDoubleBackward(g[0], indices, spatialDims) : Tensor(),
                           n.needsInputGrad(1) ? zeros(selfSizes, selfType, selfDevice) : Tensor()};
                   });
    rec.save("indices", indices);
    Tensor out = quietly([&] { return maxPoolBackwardKernel(gradOutput, self, indices, spatialDims, kernelName); });
    return rec.finish(out);
}

std::pair<Tensor, Tensor> recordMaxPoolWithIndices(const Tensor& self, Tensor out, const Tensor& indices,
                                                   const MaxPoolNodes& nodes,
                                                   const std::function<void(OpRecorder&)>& saveArguments)
{
    OpRecorder rec(nodes.node, {&self}, [nodes](BackwardNode& n, const variable_list& g) {
        // Unpacked in order, as the generated apply() does: the first stale one is reported.
        const Tensor saved0 = n.saved(0); const Tensor saved1 = n.saved(1);
        return variable_list{
            maxPoolIndicesBackward(g[0], saved0, saved1, nodes.spatialDims, nodes.backwardNode, nodes.backwardKernel)};
    });
    saveArguments(rec);
    // derivatives.yaml: result0: gather(self_t.flatten(-dims), -1, result1.flatten(-dims)).view_as(result0)
    const int64_t firstSpatial = -int64_t(nodes.spatialDims);
    rec.forward([&indices, firstSpatial](const InputTangents& t, const Tensor& result) {
        return view(gather(flatten(t[0], firstSpatial), -1, flatten(indices, firstSpatial)), result.sizes());
    });
    out = rec.finish(out);
    rec.save("result1", indices);
    announceTensor(indices);
    return {out, indices};
}

std::function<void(OpRecorder&)> saveWindowArguments(const Tensor& self, const IntList& kernel, const IntList& stride,
                                                     const IntList& padding, const IntList& dilation, bool ceilMode)
{
    return [=](OpRecorder& rec) {
        rec.attr("ceil_mode", ceilMode);
        rec.attr("dilation", dilation);
        rec.attr("kernel_size", kernel);
        rec.attr("padding", padding);
        rec.save("self", self);
        rec.attr("stride", stride);
    };
}

}  // namespace internal

}  // namespace agv::ops
