// See pixel_shuffle.h. Both directions are one copy between two views: the input split
// into (*, C, r, r, H, W) read as (*, C, H, r, W, r) is the output split the same way.

#include "core/ops/pixel_shuffle.h"

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"

namespace agv::ops {

namespace {

/// c10's is_channels_last_strides_2d / _3d: the dims, channels first, then the spatial
/// ones innermost to outermost, then the batch, have non-decreasing strides (ambiguous
/// geometries count as contiguous).
bool stridesLikeChannelsLast(const IntList& sizes, const IntList& strides)
{
    std::vector<size_t> order;
    if (sizes.size() == 4)
        order = {1, 3, 2, 0};
    else if (sizes.size() == 5)
        order = {1, 4, 3, 2, 0};
    else
        return false;
    if (strides[1] == 0)
        return false;
    int64_t least = 0;
    for (size_t d : order) {
        if (sizes[d] == 0 || strides[d] < least)
            return false;
        if (d == 0 && least == strides[1])
            return false;
        least = strides[d];
        if (sizes[d] > 1)
            least *= sizes[d];
    }
    return true;
}

/// Dense strides of `sizes`: row-major, or channels-last when `channelsLast`.
IntList outputStrides(const IntList& sizes, bool channelsLast)
{
    const size_t n = sizes.size();
    std::vector<size_t> innerFirst;
    for (size_t i = n; i-- > 0;)
        innerFirst.push_back(i);
    if (channelsLast) {
        innerFirst = {1};
        for (size_t i = n; i-- > 2;)
            innerFirst.push_back(i);
        innerFirst.push_back(0);
    }
    IntList strides(n, 1);
    int64_t stride = 1;
    for (size_t d : innerFirst) {
        strides[d] = stride;
        stride *= std::max<int64_t>(sizes[d], 1);
    }
    return strides;
}

/// The output of `outSizes` laid out as `self` suggests, filled with self's elements:
/// `shuffle` says whether channels go to space (pixel_shuffle) or back.
Tensor rearrange(const Tensor& self, int64_t r, const IntList& outSizes, bool shuffle)
{
    Tensor out = kernel::newStridedTensor(outSizes, outputStrides(outSizes, stridesLikeChannelsLast(self.sizes(), self.strides())),
                                          self.dtype(), self.device());
    if (out.numel() == 0)
        return out;
    const size_t batchDims = self.sizes().size() - 3;
    const IntList& small = shuffle ? self.sizes() : outSizes;  // (*, C*r*r, H, W)
    const int64_t channels = small[batchDims] / (r * r), height = small[batchDims + 1], width = small[batchDims + 2];
    IntList batch(small.begin(), small.begin() + batchDims);
    // The channel-major side as (*, C, r, r, H, W), the spatial side as (*, C, H, r, W, r).
    IntList channelMajor = batch, spatial = batch;
    channelMajor.insert(channelMajor.end(), {channels, r, r, height, width});
    spatial.insert(spatial.end(), {channels, height, r, width, r});
    IntList toSpatial(batchDims);
    for (size_t i = 0; i < batchDims; ++i)
        toSpatial[i] = int64_t(i);
    const auto b = int64_t(batchDims);
    toSpatial.insert(toSpatial.end(), {b, b + 3, b + 1, b + 4, b + 2});
    IntList toChannelMajor(batchDims);
    for (size_t i = 0; i < batchDims; ++i)
        toChannelMajor[i] = int64_t(i);
    toChannelMajor.insert(toChannelMajor.end(), {b, b + 2, b + 4, b + 1, b + 3});
    quietly([&] {
        if (shuffle)
            kernel::copyInto(view(out, spatial), permute(reshape(self, channelMajor), toSpatial));
        else
            kernel::copyInto(view(out, channelMajor), permute(reshape(self, spatial), toChannelMajor));
        return 0;
    });
    return out;
}

}  // namespace

Tensor pixelShuffle(const Tensor& self, int64_t upscaleFactor)
{
    const int64_t r = upscaleFactor;
    AGV_CHECK(self.dim() >= 3, RuntimeError, "pixel_shuffle expects input to have at least 3 dimensions, but got input "
              "with ", self.dim(), " dimension(s)");
    AGV_CHECK(r > 0, RuntimeError, "pixel_shuffle expects a positive upscale_factor, but got ", r);
    const int64_t c = self.size(-3);
    AGV_CHECK(c % (r * r) == 0, RuntimeError, "pixel_shuffle expects its input's 'channel' dimension to be divisible "
              "by the square of upscale_factor, but input.size(-3)=", c, " is not divisible by ", r * r);
    IntList outSizes(self.sizes().begin(), self.sizes().end() - 3);
    outSizes.insert(outSizes.end(), {c / (r * r), self.size(-2) * r, self.size(-1) * r});
    Tensor out = rearrange(self, r, outSizes, true);
    OpRecorder rec("PixelShuffleBackward0", {&self}, [r](BackwardNode&, const variable_list& g) {
        return variable_list{pixelUnshuffle(g[0], r)};
    });
    rec.attr("upscale_factor", r);
    rec.forward([r](const InputTangents& t, const Tensor&) { return pixelShuffle(t[0], r); });
    return rec.finish(out);
}

Tensor pixelUnshuffle(const Tensor& self, int64_t downscaleFactor)
{
    const int64_t r = downscaleFactor;
    AGV_CHECK(self.dim() >= 3, RuntimeError, "pixel_unshuffle expects input to have at least 3 dimensions, but got "
              "input with ", self.dim(), " dimension(s)");
    AGV_CHECK(r > 0, RuntimeError, "pixel_unshuffle expects a positive downscale_factor, but got ", r);
    const int64_t h = self.size(-2), w = self.size(-1);
    AGV_CHECK(h % r == 0, RuntimeError, "pixel_unshuffle expects height to be divisible by downscale_factor, but "
              "input.size(-2)=", h, " is not divisible by ", r);
    AGV_CHECK(w % r == 0, RuntimeError, "pixel_unshuffle expects width to be divisible by downscale_factor, but "
              "input.size(-1)=", w, " is not divisible by ", r);
    IntList outSizes(self.sizes().begin(), self.sizes().end() - 3);
    outSizes.insert(outSizes.end(), {self.size(-3) * r * r, h / r, w / r});
    Tensor out = rearrange(self, r, outSizes, false);
    OpRecorder rec("PixelUnshuffleBackward0", {&self}, [r](BackwardNode&, const variable_list& g) {
        return variable_list{pixelShuffle(g[0], r)};
    });
    rec.attr("downscale_factor", r);
    rec.forward([r](const InputTangents& t, const Tensor&) { return pixelUnshuffle(t[0], r); });
    return rec.finish(out);
}

namespace {

/// "[1, 6]", as c10 prints IntArrayRef.
std::string shapeString(const IntList& sizes)
{
    std::string text = "[";
    for (size_t i = 0; i < sizes.size(); ++i)
        text += (i ? ", " : "") + std::to_string(sizes[i]);
    return text + "]";
}

}  // namespace

Tensor channelShuffle(const Tensor& self, int64_t groups)
{
    AGV_CHECK(self.dim() > 2, RuntimeError, "channel_shuffle expects input with > 2 dims, but got input with sizes ",
              shapeString(self.sizes()));
    const int64_t channels = self.sizes()[1];
    AGV_CHECK(groups > 0, RuntimeError, "Number of groups to divide channels in must be positive. Value of groups:",
              groups);
    AGV_CHECK(channels % groups == 0, RuntimeError, "Number of channels must be divisible by groups. Got ", channels,
              " channels and ", groups, " groups.");
    Tensor out = kernel::newStridedTensor(
        self.sizes(), outputStrides(self.sizes(), stridesLikeChannelsLast(self.sizes(), self.strides())), self.dtype(),
        self.device());
    if (out.numel() > 0) {
        // The input as (N, g, C/g, *) read as (N, C/g, g, *) is the output split the same way.
        IntList grouped = self.sizes(), transposed = self.sizes();
        grouped[1] = groups;
        grouped.insert(grouped.begin() + 2, channels / groups);
        transposed[1] = channels / groups;
        transposed.insert(transposed.begin() + 2, groups);
        quietly([&] {
            kernel::copyInto(view(out, transposed), transpose(reshape(self, grouped), 1, 2));
            return 0;
        });
    }
    TensorList requiringGrad;
    if (self.requiresGrad())
        requiringGrad.push_back(self);
    // See Note [NotImplemented nodes]; this one names the op without "aten::".
    OpRecorder rec("NotImplemented", requiringGrad, [](BackwardNode&, const variable_list&) -> variable_list {
        throw Error(PyExc::RuntimeError, "derivative for channel_shuffle is not implemented");
    });
    return rec.finish(out);
}

}  // namespace agv::ops
