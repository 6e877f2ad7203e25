#pragma once
// F.pad (aten's `pad`, PadNd.cpp) and the non-constant padding modes it dispatches to:
// reflect and replicate (reflection_pad1d/2d/3d, replication_pad1d/2d/3d, each with its own
// node and a differentiable backward) and circular (_pad_circular, a composite of slices
// copied into an empty tensor, so its graph is CopySlices). constant is constant_pad_nd
// (pad.cpp).

#include <optional>
#include <string>

#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// torch.nn.functional.pad(input, pad, mode, value): pad lists (before, after) pairs from
/// the last dimension backwards. Non-constant modes pad the last 1, 2 or 3 dimensions of a
/// tensor with one or two more (batch and channels) and take no value but 0.
Tensor pad(const Tensor& self, const IntList& pad, const std::string& mode, std::optional<Scalar> value);

/// reflection_pad{1,2,3}d by padding's length: the border mirrored without repeating the
/// edge (ReflectionPad1DBackward0...). Each padding must be smaller than its dimension.
Tensor reflectionPad(const Tensor& self, const IntList& padding);
/// replication_pad{1,2,3}d: the edge repeated (ReplicationPad1DBackward0...).
Tensor replicationPad(const Tensor& self, const IntList& padding);
/// _pad_circular: the other end wrapped around; padding.size() / 2 dimensions after two
/// leading ones, each padded by at most its size.
Tensor circularPad(const Tensor& self, const IntList& padding);

}  // namespace agv::ops
