// 3-d pooling: avg_pool3d and max_pool3d (with indices), with PyTorch 1.13's checks (in
// its order: argument lengths, pooling_output_shape per dimension, pool3d_shape_check),
// output sizes and loop order: each window is walked depth, row, column and summed in
// the tensor's dtype, as its CPU frame kernels do. Inputs are (N, C, T, H, W) or
// unbatched (C, T, H, W).

#include <cmath>
#include <cstring>

#include "core/ops/kernels.h"
#include "core/ops/max_pool_backward.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/pooling3d.h"
#include "core/ops/quietly.h"

namespace agv::ops {

namespace {

using kernel::dense;

/// Kernel, stride, padding and dilation per dimension (depth, height, width).
struct Window3 {
    int64_t k[3], s[3], pad[3], dil[3] = {1, 1, 1};
    bool ceilMode = false;
};

int64_t triple(const IntList& v, size_t i) { return v.size() == 1 ? v[0] : v[i]; }

/// PyTorch's pooling_output_shape, its own checks included.
int64_t pooledSize(int64_t input, int64_t kernel, int64_t pad, int64_t stride, int64_t dilation, bool ceilMode)
{
    AGV_CHECK(stride != 0, RuntimeError, "stride should not be zero");
    AGV_CHECK(pad >= 0, RuntimeError, "pad must be non-negative, but got pad: ", pad);
    AGV_CHECK(pad <= kernel / 2, RuntimeError, "pad should be at most half of kernel size, but got pad=", pad,
              " and kernel_size=", kernel);
    const int64_t numerator = input + 2 * pad - dilation * (kernel - 1) - 1 + (ceilMode ? stride - 1 : 0);
    int64_t out = (numerator >= 0 ? numerator / stride : -((-numerator + stride - 1) / stride)) + 1;
    if (ceilMode && (out - 1) * stride >= input + pad)
        --out;
    return out;
}

/// The input's volumes and the pooled sizes.
struct Volume {
    int64_t planes, slices, in[3], out[3];
    int64_t inSize() const { return in[0] * in[1] * in[2]; }
    int64_t outSize() const { return out[0] * out[1] * out[2]; }
};

/// Output sizes, then PyTorch's pool3d_shape_check.
Volume volumeOf(const Tensor& input, const Window3& w, const char* fn, bool checkInputSize)
{
    const IntList& s = input.sizes();
    const int64_t ndim = input.dim();
    Volume v{};
    v.slices = s[size_t(ndim - 4)];
    for (int d = 0; d < 3; ++d)
        v.in[d] = s[size_t(ndim - 3 + d)];
    for (int d = 0; d < 3; ++d)
        v.out[d] = pooledSize(v.in[d], w.k[d], w.pad[d], w.s[d], w.dil[d], w.ceilMode);
    for (int64_t i = 1; i < ndim; ++i)
        AGV_CHECK(s[size_t(i)] > 0, RuntimeError, fn,
                  ": Expected input's non-batch dimensions to have positive length, but input has a shape of ",
                  sizesToString(s), " and non-batch dimension ", s[size_t(i)], " has length zero!");
    AGV_CHECK(w.k[0] > 0 && w.k[1] > 0 && w.k[2] > 0, RuntimeError,
              "kernel size should be greater than zero, but got kT: ", w.k[0], " kH: ", w.k[1], " kW: ", w.k[2]);
    AGV_CHECK(w.s[0] > 0 && w.s[1] > 0 && w.s[2] > 0, RuntimeError,
              "stride should be greater than zero, but got dT: ", w.s[0], " dH: ", w.s[1], " dW: ", w.s[2]);
    AGV_CHECK(w.dil[0] > 0 && w.dil[1] > 0 && w.dil[2] > 0, RuntimeError,
              "dilation should be greater than zero, but got dilationT: ", w.dil[0], " dilationH: ", w.dil[1],
              " dilationW: ", w.dil[2]);
    if (checkInputSize)
        AGV_CHECK(v.in[0] >= w.k[0] && v.in[1] >= w.k[1] && v.in[2] >= w.k[2], RuntimeError, "input image (T: ",
                  v.in[0], " H: ", v.in[1], " W: ", v.in[2], ") smaller than kernel size (kT: ", w.k[0],
                  " kH: ", w.k[1], " kW: ", w.k[2], ")");
    AGV_CHECK(w.k[0] / 2 >= w.pad[0] && w.k[2] / 2 >= w.pad[2] && w.k[1] / 2 >= w.pad[1], RuntimeError,
              "pad should be smaller than or equal to half of kernel size, but got kT: ", w.k[0], " kW: ", w.k[2],
              " kH: ", w.k[1], " padT: ", w.pad[0], " padW: ", w.pad[2], " padH: ", w.pad[1]);
    AGV_CHECK(v.out[0] >= 1 && v.out[2] >= 1 && v.out[1] >= 1, RuntimeError, "Given input size: (", v.slices, "x",
              v.in[0], "x", v.in[1], "x", v.in[2], "). Calculated output size: (", v.slices, "x", v.out[0], "x",
              v.out[1], "x", v.out[2], "). Output size is too small");
    v.planes = v.inSize() == 0 ? 0 : input.numel() / v.inSize();
    return v;
}

IntList pooledSizes(const Tensor& input, const Volume& v)
{
    IntList sizes = input.sizes();
    for (int d = 0; d < 3; ++d)
        sizes[sizes.size() - 3 + d] = v.out[d];
    return sizes;
}

Tensor zerosOf(const Tensor& like)
{
    Tensor t = kernel::newTensor(like.sizes(), like.dtype(), like.device());
    std::memset(t.rawData(), 0, t.nbytes());
    return t;
}

// ---------------------------------------------------------------- average

/// avg_pool3d's dispatch: float, double and, as 1.13's frame kernel, int64 (whose sums
/// divide with C++'s truncation).
template <typename Body>
void dispatchFloatingAndLong(ScalarType dtype, const char* name, Body body)
{
    if (dtype == ScalarType::Int64) {
        body(int64_t{});
        return;
    }
    AGV_DISPATCH_FLOATING(dtype, name, [&] { body(scalar_t{}); });
}

/// avg_pool3d's arguments, which its nodes keep as attributes.
struct AvgPool3dOptions {
    Window3 window;
    IntList kernel, stride, padding;
    bool ceilMode, countIncludePad;
    std::optional<int64_t> divisorOverride;
};

/// One window: [lo, hi) per dimension inside the input, and its divisor.
struct AvgCell3 {
    int64_t lo[3], hi[3], divisor;
    bool empty() const { return lo[0] >= hi[0] || lo[1] >= hi[1] || lo[2] >= hi[2]; }
};

AvgCell3 avgCell(const AvgPool3dOptions& o, const Volume& v, const int64_t (&at)[3])
{
    AvgCell3 c{};
    int64_t padded = 1, inside = 1;
    for (int d = 0; d < 3; ++d) {
        c.lo[d] = at[d] * o.window.s[d] - o.window.pad[d];
        c.hi[d] = std::min(c.lo[d] + o.window.k[d], v.in[d] + o.window.pad[d]);
        padded *= c.hi[d] - c.lo[d];
        c.lo[d] = std::max<int64_t>(c.lo[d], 0);
        c.hi[d] = std::min(c.hi[d], v.in[d]);
        inside *= c.hi[d] - c.lo[d];
    }
    c.divisor = o.divisorOverride ? *o.divisorOverride : o.countIncludePad ? padded : inside;
    return c;
}

/// Calls body(cell, outputOffset) for each output cell of one plane, in output order.
template <typename Body>
void forEachCell(const AvgPool3dOptions& o, const Volume& v, Body body)
{
    int64_t at[3];
    int64_t offset = 0;
    for (at[0] = 0; at[0] < v.out[0]; ++at[0])
        for (at[1] = 0; at[1] < v.out[1]; ++at[1])
            for (at[2] = 0; at[2] < v.out[2]; ++at[2])
                body(avgCell(o, v, at), offset++);
}

Tensor avgPool3dBackwardKernel(const Tensor& gradOutput, const Tensor& input, const AvgPool3dOptions& o)
{
    const Volume v = volumeOf(input, o.window, "avg_pool3d_backward()", true);
    Tensor grad = zerosOf(input);
    const Tensor go = dense(gradOutput);
    AGV_DISPATCH_FLOATING(input.dtype(), "avg_pool3d_backward_out_frame", [&] {
        using T = scalar_t;
        for (int64_t plane = 0; plane < v.planes; ++plane) {
            T* gi = grad.data<T>() + plane * v.inSize();
            const T* gOut = go.data<T>() + plane * v.outSize();
            forEachCell(o, v, [&](const AvgCell3& c, int64_t offset) {
                if (c.empty())
                    return;
                const T delta = gOut[offset] / T(c.divisor);
                for (int64_t z = c.lo[0]; z < c.hi[0]; ++z)
                    for (int64_t y = c.lo[1]; y < c.hi[1]; ++y)
                        for (int64_t x = c.lo[2]; x < c.hi[2]; ++x)
                            gi[(z * v.in[1] + y) * v.in[2] + x] += delta;
            });
        }
    });
    return grad;
}

void recordAvgPoolAttrs(OpRecorder& rec, const AvgPool3dOptions& o)
{
    rec.attr("ceil_mode", o.ceilMode);
    rec.attr("count_include_pad", o.countIncludePad);
    rec.attr("divisor_override", o.divisorOverride ? SavedAttr(*o.divisorOverride) : SavedAttr(NoneValue{}));
    rec.attr("kernel_size", o.kernel);
    rec.attr("padding", o.padding);
}

/// avg_pool3d_backward as an op: under create_graph its node is AvgPool3DBackwardBackward0
/// (grad_output: avg_pool3d(grad, ...); self: zeros_like(self)), which saves no tensor.
Tensor avgPool3dBackward(const Tensor& gradOutput, const Tensor& self, const AvgPool3dOptions& o)
{
    const IntList selfSizes = self.sizes();
    const ScalarType selfType = self.dtype();
    const Device selfDevice = self.device();
    OpRecorder rec("AvgPool3DBackwardBackward0", {&gradOutput, &self},
                   [o, selfSizes, selfType, selfDevice](BackwardNode& n, const variable_list& g) {
                       return variable_list{n.needsInputGrad(0) ? avgPool3d(g[0], o.kernel, o.stride, o.padding,
                                                                            o.ceilMode, o.countIncludePad,
                                                                            o.divisorOverride)
                                                                : Tensor(),
                                            n.needsInputGrad(1) ? zeros(selfSizes, selfType, selfDevice) : Tensor()};
                   });
    recordAvgPoolAttrs(rec, o);
    rec.attr("stride", o.stride);
    Tensor out = quietly([&] { return avgPool3dBackwardKernel(gradOutput, self, o); });
    return rec.finish(out);
}

}  // namespace

Tensor avgPool3d(const Tensor& selfIn, const IntList& kernel, const IntList& stride, const IntList& padding,
                 bool ceilMode, bool countIncludePad, std::optional<int64_t> divisorOverride)
{
    AGV_CHECK(kernel.size() == 1 || kernel.size() == 3, RuntimeError,
              "avg_pool3d: kernel_size must be a single int, or a tuple of three ints");
    AGV_CHECK(stride.empty() || stride.size() == 1 || stride.size() == 3, RuntimeError,
              "avg_pool3d: stride must be omitted, a single int, or a tuple of three ints");
    AGV_CHECK(padding.size() == 1 || padding.size() == 3, RuntimeError,
              "avg_pool3d: padding must be a single int, or a tuple of three ints");
    AGV_CHECK(selfIn.dim() == 4 || selfIn.dim() == 5, RuntimeError,
              "non-empty 4D or 5D (batch mode) tensor expected for input");
    AGV_CHECK(!divisorOverride || *divisorOverride != 0, RuntimeError, "divisor must be not zero");
    AvgPool3dOptions o{{}, kernel, stride, padding, ceilMode, countIncludePad, divisorOverride};
    for (size_t d = 0; d < 3; ++d) {
        o.window.k[d] = triple(kernel, d);
        o.window.s[d] = stride.empty() ? o.window.k[d] : triple(stride, d);
        o.window.pad[d] = triple(padding, d);
    }
    o.window.ceilMode = ceilMode;
    const Volume v = volumeOf(selfIn, o.window, "avg_pool3d()", true);
    const Tensor self = dense(selfIn);
    Tensor out = kernel::newTensor(pooledSizes(self, v), self.dtype(), self.device());
    dispatchFloatingAndLong(self.dtype(), "avg_pool3d_out_frame", [&](auto zero) {
        using T = decltype(zero);
        for (int64_t plane = 0; plane < v.planes; ++plane) {
            const T* in = self.data<T>() + plane * v.inSize();
            T* op = out.data<T>() + plane * v.outSize();
            forEachCell(o, v, [&](const AvgCell3& c, int64_t offset) {
                if (c.empty()) {
                    op[offset] = T(0);
                    return;
                }
                T total = 0;
                for (int64_t z = c.lo[0]; z < c.hi[0]; ++z)
                    for (int64_t y = c.lo[1]; y < c.hi[1]; ++y)
                        for (int64_t x = c.lo[2]; x < c.hi[2]; ++x)
                            total += in[(z * v.in[1] + y) * v.in[2] + x];
                op[offset] = T(total / T(c.divisor));
            });
        }
    });
    OpRecorder rec("AvgPool3DBackward0", {&selfIn}, [o](BackwardNode& n, const variable_list& g) {
        return variable_list{avgPool3dBackward(g[0], n.saved(0), o)};
    });
    recordAvgPoolAttrs(rec, o);
    rec.save("self", selfIn);
    rec.attr("stride", stride);
    rec.forward([&](const InputTangents& t, const Tensor&) {  // auto_linear
        return avgPool3d(t[0], kernel, stride, padding, ceilMode, countIncludePad, divisorOverride);
    });
    return rec.finish(out);
}

// ---------------------------------------------------------------- max

std::pair<Tensor, Tensor> maxPool3dWithIndices(const Tensor& selfIn, const IntList& kernel, const IntList& stride,
                                               const IntList& padding, const IntList& dilation, bool ceilMode)
{
    AGV_CHECK(kernel.size() == 1 || kernel.size() == 3, RuntimeError,
              "max_pool3d: kernel_size must either be a single int, or a tuple of three ints");
    AGV_CHECK(stride.empty() || stride.size() == 1 || stride.size() == 3, RuntimeError,
              "max_pool3d: stride must either be omitted, a single int, or a tuple of three ints");
    AGV_CHECK(padding.size() == 1 || padding.size() == 3, RuntimeError,
              "max_pool3d: padding must be either be a single int, or a tuple of three ints");
    AGV_CHECK(dilation.size() == 1 || dilation.size() == 3, RuntimeError,
              "max_pool3d: dilation must be either a single int, or a tuple of three ints");
    AGV_CHECK(selfIn.dim() == 4 || selfIn.dim() == 5, RuntimeError,
              "non-empty 4D or 5D (batch mode) tensor expected for input");
    Window3 w;
    for (size_t d = 0; d < 3; ++d) {
        w.k[d] = triple(kernel, d);
        w.s[d] = stride.empty() ? w.k[d] : triple(stride, d);
        w.pad[d] = triple(padding, d);
        w.dil[d] = triple(dilation, d);
    }
    w.ceilMode = ceilMode;
    const Volume v = volumeOf(selfIn, w, "max_pool3d_with_indices_out_cpu_template()", false);
    const Tensor self = dense(selfIn);
    Tensor out = kernel::newTensor(pooledSizes(self, v), self.dtype(), self.device());
    Tensor indices = kernel::newTensor(out.sizes(), ScalarType::Int64, self.device());
    AGV_DISPATCH_FLOATING(self.dtype(), "max_pool3d_with_indices_cpu", [&] {
        using T = scalar_t;
        for (int64_t plane = 0; plane < v.planes; ++plane) {
            const T* in = self.data<T>() + plane * v.inSize();
            T* op = out.data<T>() + plane * v.outSize();
            int64_t* ip = indices.data<int64_t>() + plane * v.outSize();
            int64_t offset = 0;
            int64_t at[3];
            for (at[0] = 0; at[0] < v.out[0]; ++at[0])
                for (at[1] = 0; at[1] < v.out[1]; ++at[1])
                    for (at[2] = 0; at[2] < v.out[2]; ++at[2], ++offset) {
                        int64_t lo[3], hi[3];
                        for (int d = 0; d < 3; ++d) {
                            lo[d] = at[d] * w.s[d] - w.pad[d];
                            hi[d] = std::min(lo[d] + (w.k[d] - 1) * w.dil[d] + 1, v.in[d]);
                            while (lo[d] < 0)
                                lo[d] += w.dil[d];
                        }
                        int64_t best = (lo[0] * v.in[1] + lo[1]) * v.in[2] + lo[2];
                        T bestValue = -std::numeric_limits<T>::infinity();
                        for (int64_t z = lo[0]; z < hi[0]; z += w.dil[0])
                            for (int64_t y = lo[1]; y < hi[1]; y += w.dil[1])
                                for (int64_t x = lo[2]; x < hi[2]; x += w.dil[2]) {
                                    const int64_t index = (z * v.in[1] + y) * v.in[2] + x;
                                    const T value = in[index];
                                    if (value > bestValue || std::isnan(value)) {
                                        bestValue = value;
                                        best = index;
                                    }
                                }
                        op[offset] = bestValue;
                        ip[offset] = best;
                    }
        }
    });
    return internal::recordMaxPoolWithIndices(selfIn, out, indices, {3, "MaxPool3DWithIndicesBackward0",
                                                                      "MaxPool3DWithIndicesBackwardBackward0",
                                                                      "max_pool3d_with_indices_backward_cpu"},
                                              internal::saveWindowArguments(selfIn, kernel, stride, padding,
                                                                            dilation, ceilMode));
}

}  // namespace agv::ops
