#include "core/ops/mem_overlap.h"

#include "core/ops/iterator_layout.h"

namespace agv::ops {

MemOverlap overlapStatus(const Tensor& a, const Tensor& b)
{
    if (a.impl() == b.impl())
        return MemOverlap::Full;
    if (a.numel() == 0 || b.numel() == 0)
        return MemOverlap::No;
    if (!isNonOverlappingAndDense(a) || !isNonOverlappingAndDense(b))
        return MemOverlap::TooHard;
    if (a.impl()->storage() != b.impl()->storage())
        return MemOverlap::No;
    const char* aBegin = static_cast<const char*>(a.rawData());
    const char* bBegin = static_cast<const char*>(b.rawData());
    const char* aEnd = aBegin + a.numel() * int64_t(elementSize(a.dtype()));
    const char* bEnd = bBegin + b.numel() * int64_t(elementSize(b.dtype()));
    if (aBegin == bBegin && aEnd == bEnd)
        return a.strides() == b.strides() ? MemOverlap::Full : MemOverlap::Partial;
    return aBegin < bEnd && bBegin < aEnd ? MemOverlap::Partial : MemOverlap::No;
}

void checkNoPartialOverlap(const Tensor& written, const Tensor& input)
{
    AGV_CHECK(overlapStatus(written, input) != MemOverlap::Partial, RuntimeError,
              "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single "
              "memory location. Please clone() the tensor before performing the operation.");
}

}  // namespace agv::ops
