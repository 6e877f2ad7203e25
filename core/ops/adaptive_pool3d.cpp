// adaptive_avg_pool3d and adaptive_max_pool3d, with PyTorch 1.13's checks (in its order)
// and its CPU frame kernels' arithmetic: each output cell covers input [start, end) per
// dimension, start = floor(o * in / out) and end = ceil((o + 1) * in / out), so windows
// overlap when the sizes do not divide; a window is walked depth, row, column, summed in
// the tensor's dtype and divided by its depth, height and width in turn. Inputs are
// (N, C, T, H, W) or unbatched (C, T, H, W).

#include <cmath>
#include <cstring>
#include <limits>

#include "core/ops/kernels.h"
#include "core/ops/max_pool_backward.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/pooling3d.h"
#include "core/ops/quietly.h"

namespace agv::ops {

namespace {

using kernel::dense;

/// AdaptivePooling.h's start_index and end_index, in integers.
int64_t windowStart(int64_t out, int64_t outSize, int64_t inSize)
{
    return (out / outSize) * inSize + ((out % outSize) * inSize) / outSize;
}

int64_t windowEnd(int64_t out, int64_t outSize, int64_t inSize)
{
    return 1 + ((out + 1) * inSize - 1) / outSize;
}

/// One adaptive window: [lo, hi) per dimension (depth, height, width).
struct AdaptiveCell {
    int64_t lo[3], hi[3];
    int64_t extent(int d) const { return hi[d] - lo[d]; }
};

/// The planes (batch times channels) and the input and output volumes.
struct AdaptiveVolume {
    int64_t planes, in[3], out[3];
    int64_t inSize() const { return in[0] * in[1] * in[2]; }
    int64_t outSize() const { return out[0] * out[1] * out[2]; }
};

AdaptiveVolume adaptiveVolumeOf(const Tensor& input, const IntList& outputSize)
{
    AdaptiveVolume v{};
    const IntList& s = input.sizes();
    for (int d = 0; d < 3; ++d) {
        v.in[d] = s[s.size() - 3 + size_t(d)];
        v.out[d] = outputSize[size_t(d)];
    }
    v.planes = v.inSize() == 0 ? 0 : input.numel() / v.inSize();
    return v;
}

/// Calls body(cell, outputOffset) for each output cell of one plane, in output order.
template <typename Body>
void forEachAdaptiveCell(const AdaptiveVolume& v, Body body)
{
    int64_t offset = 0;
    AdaptiveCell c{};
    for (int64_t ot = 0; ot < v.out[0]; ++ot) {
        c.lo[0] = windowStart(ot, v.out[0], v.in[0]), c.hi[0] = windowEnd(ot, v.out[0], v.in[0]);
        for (int64_t oh = 0; oh < v.out[1]; ++oh) {
            c.lo[1] = windowStart(oh, v.out[1], v.in[1]), c.hi[1] = windowEnd(oh, v.out[1], v.in[1]);
            for (int64_t ow = 0; ow < v.out[2]; ++ow) {
                c.lo[2] = windowStart(ow, v.out[2], v.in[2]), c.hi[2] = windowEnd(ow, v.out[2], v.in[2]);
                body(c, offset++);
            }
        }
    }
}

IntList adaptiveOutputSizes(const Tensor& input, const IntList& outputSize)
{
    IntList sizes = input.sizes();
    for (size_t d = 0; d < 3; ++d)
        sizes[sizes.size() - 3 + d] = outputSize[d];
    return sizes;
}

void checkNonEmptyPlanes(const Tensor& input, const char* fn)
{
    for (int64_t i = 1; i < input.dim(); ++i)
        AGV_CHECK(input.sizes()[size_t(i)] > 0, RuntimeError, fn,
                  ": Expected input to have non-zero size for non-batch dimensions, but input has sizes ",
                  sizesToString(input.sizes()), " with dimension ", i, " being empty");
}

// ---------------------------------------------------------------- average

Tensor adaptiveAvgPool3dBackwardKernel(const Tensor& gradOutput, const Tensor& input)
{
    const IntList& goSizes = gradOutput.sizes();
    const IntList outputSize(goSizes.end() - 3, goSizes.end());
    const AdaptiveVolume v = adaptiveVolumeOf(input, outputSize);
    Tensor grad = kernel::newTensor(input.sizes(), input.dtype(), input.device());
    std::memset(grad.rawData(), 0, grad.nbytes());
    const Tensor go = dense(gradOutput);
    AGV_DISPATCH_FLOATING(input.dtype(), "adaptive_avg_pool3d_backward_cpu", [&] {
        using T = scalar_t;
        for (int64_t plane = 0; plane < v.planes; ++plane) {
            T* gi = grad.data<T>() + plane * v.inSize();
            const T* gOut = go.data<T>() + plane * v.outSize();
            forEachAdaptiveCell(v, [&](const AdaptiveCell& c, int64_t offset) {
                const T delta = gOut[offset] / T(c.extent(0)) / T(c.extent(1)) / T(c.extent(2));
                for (int64_t z = c.lo[0]; z < c.hi[0]; ++z)
                    for (int64_t y = c.lo[1]; y < c.hi[1]; ++y)
                        for (int64_t x = c.lo[2]; x < c.hi[2]; ++x)
                            gi[(z * v.in[1] + y) * v.in[2] + x] += delta;
            });
        }
    });
    return grad;
}

Tensor adaptiveAvgPool3dImpl(const Tensor& selfIn, const IntList& outputSize);

/// _adaptive_avg_pool3d_backward as an op: under create_graph its node is
/// AdaptiveAvgPool3DBackwardBackward0 (grad_output: _adaptive_avg_pool3d(grad, its
/// spatial sizes); self: zeros_like(self)), which saves grad_output.
Tensor adaptiveAvgPool3dBackward(const Tensor& gradOutput, const Tensor& self)
{
    const IntList selfSizes = self.sizes();
    const ScalarType selfType = self.dtype();
    const Device selfDevice = self.device();
    OpRecorder rec("AdaptiveAvgPool3DBackwardBackward0", {&gradOutput, &self},
                   [selfSizes, selfType, selfDevice](BackwardNode& n, const variable_list& g) {
                       const Tensor gradOutput = n.saved(0);
                       const IntList spatial(gradOutput.sizes().end() - 3, gradOutput.sizes().end());
                       return variable_list{
                           n.needsInputGrad(0) ? adaptiveAvgPool3dImpl(g[0], spatial) : Tensor(),
                           n.needsInputGrad(1) ? zeros(selfSizes, selfType, selfDevice) : Tensor()};
                   });
    rec.save("grad_output", gradOutput);
    Tensor out = quietly([&] { return adaptiveAvgPool3dBackwardKernel(gradOutput, self); });
    return rec.finish(out);
}

/// _adaptive_avg_pool3d: the pool itself, without adaptive_avg_pool3d's mean shortcut.
Tensor adaptiveAvgPool3dImpl(const Tensor& selfIn, const IntList& outputSize)
{
    AGV_CHECK(outputSize.size() == 3, RuntimeError, "adaptive_avg_pool3d: output_size must be 3");
    checkNonEmptyPlanes(selfIn, "adaptive_avg_pool3d()");
    AGV_CHECK(selfIn.dim() == 4 || selfIn.dim() == 5, RuntimeError,
              "adaptive_avg_pool3d(): Expected 4D or 5D tensor, but got ", sizesToString(selfIn.sizes()));
    const Tensor self = dense(selfIn);
    Tensor out = kernel::newTensor(adaptiveOutputSizes(self, outputSize), self.dtype(), self.device());
    const AdaptiveVolume v = adaptiveVolumeOf(self, outputSize);
    AGV_DISPATCH_FLOATING(self.dtype(), "adaptive_avg_pool3d_cpu", [&] {
        using T = scalar_t;
        for (int64_t plane = 0; plane < v.planes; ++plane) {
            const T* in = self.data<T>() + plane * v.inSize();
            T* o = out.data<T>() + plane * v.outSize();
            forEachAdaptiveCell(v, [&](const AdaptiveCell& c, int64_t offset) {
                T total = 0;
                for (int64_t z = c.lo[0]; z < c.hi[0]; ++z)
                    for (int64_t y = c.lo[1]; y < c.hi[1]; ++y)
                        for (int64_t x = c.lo[2]; x < c.hi[2]; ++x)
                            total += in[(z * v.in[1] + y) * v.in[2] + x];
                o[offset] = total / T(c.extent(0)) / T(c.extent(1)) / T(c.extent(2));
            });
        }
    });
    OpRecorder rec("AdaptiveAvgPool3DBackward0", {&selfIn}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{adaptiveAvgPool3dBackward(g[0], n.saved(0))};
    });
    rec.save("self", selfIn);
    rec.forward([&outputSize](const InputTangents& t, const Tensor&) {  // auto_linear
        return adaptiveAvgPool3dImpl(t[0], outputSize);
    });
    return rec.finish(out);
}

}  // namespace

Tensor adaptiveAvgPool3d(const Tensor& self, const IntList& outputSize)
{
    AGV_CHECK(outputSize.size() == 3, RuntimeError, "adaptive_avg_pool3d: output_size must be 3");
    AGV_CHECK(outputSize[0] >= 0 && outputSize[1] >= 0 && outputSize[2] >= 0, RuntimeError,
              "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but received {",
              outputSize[0], ", ", outputSize[1], ",", outputSize[2], "}");
    if (outputSize[0] == 1 && outputSize[1] == 1 && outputSize[2] == 1)  // PyTorch's shortcut (MeanBackward1)
        return mean(self, {-1, -2, -3}, /*keepdim=*/true);
    return adaptiveAvgPool3dImpl(self, outputSize);
}

// ---------------------------------------------------------------- max

std::pair<Tensor, Tensor> adaptiveMaxPool3d(const Tensor& selfIn, const IntList& outputSize)
{
    const int64_t ndim = selfIn.dim();
    AGV_CHECK(ndim == 4 || ndim == 5, RuntimeError, "adaptive_max_pool3d(): Expected 4D or 5D tensor, but got: ",
              sizesToString(selfIn.sizes()));
    checkNonEmptyPlanes(selfIn, "adaptive_max_pool3d()");
    AGV_CHECK(outputSize.size() == 3, RuntimeError,
              "adaptive_max_pool3d(): internal error: output_size.size() must be 3");
    const Tensor self = dense(selfIn);
    Tensor out = kernel::newTensor(adaptiveOutputSizes(self, outputSize), self.dtype(), self.device());
    Tensor indices = kernel::newTensor(out.sizes(), ScalarType::Int64, self.device());
    const AdaptiveVolume v = adaptiveVolumeOf(self, outputSize);
    AGV_DISPATCH_FLOATING(self.dtype(), "adaptive_max_pool3d_cpu", [&] {
        using T = scalar_t;
        for (int64_t plane = 0; plane < v.planes; ++plane) {
            const T* in = self.data<T>() + plane * v.inSize();
            T* o = out.data<T>() + plane * v.outSize();
            int64_t* idx = indices.data<int64_t>() + plane * v.outSize();
            forEachAdaptiveCell(v, [&](const AdaptiveCell& c, int64_t offset) {
                int64_t best = (c.lo[0] * v.in[1] + c.lo[1]) * v.in[2] + c.lo[2];
                T bestValue = -std::numeric_limits<T>::infinity();
                for (int64_t z = c.lo[0]; z < c.hi[0]; ++z)
                    for (int64_t y = c.lo[1]; y < c.hi[1]; ++y)
                        for (int64_t x = c.lo[2]; x < c.hi[2]; ++x) {
                            const int64_t index = (z * v.in[1] + y) * v.in[2] + x;
                            const T value = in[index];
                            if (value > bestValue || std::isnan(value)) {
                                bestValue = value;
                                best = index;
                            }
                        }
                o[offset] = bestValue;
                idx[offset] = best;
            });
        }
    });
    return internal::recordMaxPoolWithIndices(
        selfIn, out, indices,
        {3, "AdaptiveMaxPool3DBackward0", "AdaptiveMaxPool3DBackwardBackward0", "adaptive_max_pool3d_backward_cpu"},
        [&](OpRecorder& rec) { rec.save("self", selfIn); });
}

}  // namespace agv::ops
