// Memory formats: the layouts channels_last and channels_last_3d name (Note [Memory formats]).

#include "core/ops/memory_format.h"

#include <vector>

#include "core/error.h"
#include "core/ops/iterator_layout.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"

namespace agv::ops {

namespace {

/// C, then the spatial dims from the last, then N: the channels-last order, fastest first.
std::vector<size_t> channelsLastOrder(size_t rank)
{
    std::vector<size_t> order{1};
    for (size_t d = rank - 1; d >= 2; --d)
        order.push_back(d);
    order.push_back(0);
    return order;
}

/// compute_channels_last_contiguous_2d/_3d: exactly dense in the channels-last order of
/// a tensor of `rank` dims.
bool isExactlyChannelsLast(const IntList& sizes, const IntList& strides, size_t rank)
{
    return sizes.size() == rank && isChannelsLastContiguous(sizes, strides);
}

/// is_channels_last_strides_2d_s4 / _3d_s5: the strides grow in the channels-last order.
/// Ambiguous geometries fall back to contiguous: a broadcast C (stride 0), an empty dim,
/// and N's stride equal to C's (an N111 tensor, or a slice of an N11W one). A size-1
/// dim's stride still raises the bar, which tells N1H1's two layouts apart.
bool isLikeChannelsLast(const IntList& sizes, const IntList& strides, size_t rank)
{
    if (sizes.size() != rank || strides[1] == 0)
        return false;
    int64_t min = 0;
    for (size_t d : channelsLastOrder(rank)) {
        if (sizes[d] == 0 || strides[d] < min)
            return false;
        if (d == 0 && min == strides[1])
            return false;
        min = strides[d];
        if (sizes[d] > 1)
            min *= sizes[d];
    }
    return true;
}

size_t rankOf(MemoryFormat format) { return format == MemoryFormat::ChannelsLast ? 4 : 5; }

const char* nameOf(MemoryFormat format)
{
    return format == MemoryFormat::ChannelsLast ? "channels_last" : "channels_last_3d";
}

Tensor recordCopy(const char* name, const Tensor& t, Tensor out)
{
    // Both CloneBackward0 and a layout-only ToCopyBackward0 hand the gradient back as it comes.
    OpRecorder rec(name, {&t}, [](BackwardNode&, const variable_list& g) { return variable_list{g[0]}; });
    rec.forward([](const InputTangents& tangents, const Tensor&) { return clone(tangents[0]); });
    return rec.finish(out);
}

Tensor copyLaidOut(const Tensor& t, const IntList& strides)
{
    Tensor out = kernel::newStridedTensor(t.sizes(), strides, t.dtype(), t.device());
    kernel::copyInto(out, t);
    return out;
}

}  // namespace

IntList channelsLastFormatStrides(const IntList& sizes)
{
    IntList strides(sizes.size());
    int64_t stride = 1;
    for (size_t d : channelsLastOrder(sizes.size())) {
        strides[d] = stride;
        stride *= sizes[d];
    }
    return strides;
}

bool isContiguousIn(const Tensor& t, MemoryFormat format)
{
    switch (format) {
    case MemoryFormat::ChannelsLast: return isExactlyChannelsLast(t.sizes(), t.strides(), 4);
    case MemoryFormat::ChannelsLast3d: return isExactlyChannelsLast(t.sizes(), t.strides(), 5);
    default: return t.isContiguous();
    }
}

MemoryFormat suggestMemoryFormat(const Tensor& t)
{
    if (isLikeChannelsLast(t.sizes(), t.strides(), 4))
        return MemoryFormat::ChannelsLast;
    if (isLikeChannelsLast(t.sizes(), t.strides(), 5))
        return MemoryFormat::ChannelsLast3d;
    return MemoryFormat::Contiguous;
}

IntList stridesInFormat(const Tensor& t, MemoryFormat format)
{
    if (format == MemoryFormat::Preserve)
        return preservedStrides(t);
    return stridesInFormat(t.sizes(), format);
}

IntList stridesInFormat(const IntList& sizes, MemoryFormat format)
{
    switch (format) {
    case MemoryFormat::Preserve: AGV_RAISE(RuntimeError, "unsupported memory format Preserve");
    case MemoryFormat::Contiguous: return contiguousStrides(sizes);
    default:
        AGV_CHECK(sizes.size() == rankOf(format), RuntimeError, "required rank ", rankOf(format), " tensor to use ",
                  nameOf(format), " format");
        return channelsLastFormatStrides(sizes);
    }
}

Tensor emptyIn(const IntList& sizes, MemoryFormat format, ScalarType dtype, Device device)
{
    return kernel::newStridedTensor(sizes, stridesInFormat(sizes, format), dtype, device);
}

Tensor cloneIn(const Tensor& t, MemoryFormat format)
{
    if (format == MemoryFormat::Preserve)
        return clone(t);
    return recordCopy("CloneBackward0", t, copyLaidOut(t, stridesInFormat(t, format)));
}

Tensor contiguousIn(const Tensor& t, MemoryFormat format)
{
    AGV_CHECK(format != MemoryFormat::Preserve || t.isContiguous(), RuntimeError,
              "preserve memory format is unsupported by the contiguous operator");
    if (isContiguousIn(t, format))
        return t;
    return cloneIn(t, format);
}

Tensor toMemoryFormat(const Tensor& t, MemoryFormat format)
{
    if (format == MemoryFormat::Preserve || suggestMemoryFormat(t) == format)
        return t;
    return recordCopy("ToCopyBackward0", t, copyLaidOut(t, stridesInFormat(t, format)));
}

Tensor laidOutIn(const Tensor& result, MemoryFormat format)
{
    if (!result.defined() || format == MemoryFormat::Preserve)
        return result;
    const IntList strides = stridesInFormat(result.sizes(), format);
    return strides == result.strides() ? result : copyLaidOut(result, strides);
}

Tensor laidOutAsSuggested(const Tensor& result, const Tensor& like)
{
    const MemoryFormat format = suggestMemoryFormat(like);
    if (format == MemoryFormat::Contiguous || result.dim() != like.dim())
        return result;
    return laidOutIn(result, format);
}

void layOutFreshCopy(const Tensor& fresh, MemoryFormat format)
{
    const IntList strides = stridesInFormat(fresh, format);
    if (strides == fresh.strides())
        return;
    const Tensor values = copyLaidOut(fresh, fresh.strides());
    fresh.impl()->setGeometry(fresh.sizes(), strides, 0);
    kernel::copyInto(fresh, values);
}

}  // namespace agv::ops
