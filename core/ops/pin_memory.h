#pragma once
// Tensor.pin_memory(): a copy in page-locked host memory (Note [Pinned host memory]).

#include "core/tensor/tensor.h"

namespace agv::ops {

/// Tensor.is_pinned(): its storage is page-locked host memory.
bool isPinned(const Tensor& t);

/// PyTorch 1.13's _pin_memory: a host copy of `t` (from any device) in pinned memory, laid
/// out as `t` when it is dense; recorded as PinMemoryBackward0. Where no pinned memory can
/// be had (a real GPU, see the Note) the copy is in pageable memory.
Tensor pinMemory(const Tensor& t);

}  // namespace agv::ops
