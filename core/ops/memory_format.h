#pragma once
// Note [Memory formats]
// PyTorch 1.13's memory formats name a layout of a 4-d (channels_last: N, H, W, C in
// memory, C fastest) or 5-d (channels_last_3d: N, D, H, W, C) tensor. Three questions
// tell them apart, and they differ on purpose:
//  - is_contiguous(memory_format=...) asks whether the strides are exactly dense in that
//    order, size-1 dims' strides not counting: a contiguous (N, 1, H, W) tensor is both
//    contiguous and channels-last contiguous.
//  - suggest_memory_format() asks whether the strides are *like* channels-last
//    (is_channels_last_strides_2d), ambiguous cases falling back to contiguous: that
//    same (N, 1, H, W) tensor suggests contiguous_format. Kernels that choose an output
//    layout ask this one; kernels that choose a loop often ask the first.
//  - the strides a format gives a fresh tensor (get_channels_last_strides_2d), which
//    multiply the sizes as they are (a 0 size gives 0 strides above it).
// The rank checks ("required rank 4 tensor to use channels_last format") are empty_like's.

#include "core/tensor/tensor.h"

namespace agv::ops {

enum class MemoryFormat { Contiguous, Preserve, ChannelsLast, ChannelsLast3d };

/// get_channels_last_strides_2d / _3d: C fastest, then the spatial dims from the last,
/// then N. `sizes` must have 4 (or 5) entries.
IntList channelsLastFormatStrides(const IntList& sizes);

/// Tensor.is_contiguous(memory_format): Preserve asks what Contiguous asks, as in 1.13.
bool isContiguousIn(const Tensor& t, MemoryFormat format);

/// Tensor.suggest_memory_format(): ChannelsLast(3d) when the strides are like it.
MemoryFormat suggestMemoryFormat(const Tensor& t);

/// The strides empty_like(t, memory_format=format) gives: Preserve keeps t's layout
/// (preservedStrides), the channels-last formats check t's rank.
IntList stridesInFormat(const Tensor& t, MemoryFormat format);

/// The strides torch.empty(sizes, memory_format=format) gives (Preserve refused).
IntList stridesInFormat(const IntList& sizes, MemoryFormat format);

/// torch.empty(sizes, memory_format=format): uninitialised, laid out in `format`.
Tensor emptyIn(const IntList& sizes, MemoryFormat format, ScalarType dtype, Device device);

/// Tensor.clone(memory_format=format): CloneBackward0, laid out as stridesInFormat says.
Tensor cloneIn(const Tensor& t, MemoryFormat format);

/// Tensor.contiguous(memory_format=format): t itself when already so laid out.
Tensor contiguousIn(const Tensor& t, MemoryFormat format);

/// The memory_format half of Tensor.to(): t when it already suggests `format` (1.13's
/// to_will_alias), otherwise a copy laid out in it (ToCopyBackward0).
Tensor toMemoryFormat(const Tensor& t, MemoryFormat format);

/// A kernel's fresh result copied into `format`'s layout (Preserve: returned as it is).
Tensor laidOutIn(const Tensor& result, MemoryFormat format);

/// A kernel's fresh contiguous result re-laid out in the memory format `like` suggests,
/// as 1.13's pooling and upsampling kernels allocate theirs.
Tensor laidOutAsSuggested(const Tensor& result, const Tensor& like);

/// to(dtype/device, memory_format=format): the fresh copy the conversion made re-laid out
/// in `format` where it is not already, so one ToCopyBackward0 stands for the whole
/// _to_copy as in 1.13.
void layOutFreshCopy(const Tensor& fresh, MemoryFormat format);

}  // namespace agv::ops
