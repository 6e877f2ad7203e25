// TensorIterator's dim order for reductions (see reduce_loop.h).

#include "core/ops/reduce_loop.h"

#include <algorithm>
#include <array>

#include "core/ops/iterator_layout.h"

namespace agv::ops {

ReduceLoop reduceLoop(const IntList& sizes, const IntList& inStrides, const IntList& outStrides)
{
    // reorder_dimensions: the output (reduced dims first) is asked before the input.
    const std::vector<size_t> perm = iteratorDimOrder(sizes, {outStrides, inStrides}, /*firstIsReductionOutput=*/true);
    ReduceLoop loop;
    for (size_t p : perm) {
        loop.sizes.push_back(sizes[p]);
        loop.inStrides.push_back(inStrides[p]);
        loop.outStrides.push_back(outStrides[p]);
    }
    // coalesce_dimensions
    if (loop.sizes.size() > 1) {
        size_t prev = 0;
        for (size_t d = 1; d < loop.sizes.size(); ++d) {
            auto canMerge = [&](const IntList& st) {
                return loop.sizes[prev] == 1 || loop.sizes[d] == 1 || st[prev] * loop.sizes[prev] == st[d];
            };
            if (canMerge(loop.inStrides) && canMerge(loop.outStrides)) {
                if (loop.sizes[prev] == 1) {
                    loop.inStrides[prev] = loop.inStrides[d];
                    loop.outStrides[prev] = loop.outStrides[d];
                }
                loop.sizes[prev] *= loop.sizes[d];
            } else {
                ++prev;
                if (prev != d) {
                    loop.sizes[prev] = loop.sizes[d];
                    loop.inStrides[prev] = loop.inStrides[d];
                    loop.outStrides[prev] = loop.outStrides[d];
                }
            }
        }
        loop.sizes.resize(prev + 1);
        loop.inStrides.resize(prev + 1);
        loop.outStrides.resize(prev + 1);
    }
    return loop;
}

std::vector<int64_t> reducedElementOffsets(const Tensor& t, const IntList& dims)
{
    if (t.dim() == 0)
        return {0};
    // The keepdim output's strides: contiguous, 0 along the reduced dims.
    IntList keptSizes = t.sizes();
    for (int64_t d : dims)
        keptSizes[size_t(d)] = 1;
    IntList outStrides = contiguousStrides(keptSizes);
    for (int64_t d : dims)
        outStrides[size_t(d)] = 0;
    const ReduceLoop loop = reduceLoop(t.sizes(), t.strides(), outStrides);
    // The reduced dims come first (the output asks for them there); count them.
    size_t reduced = 0;
    while (reduced < loop.sizes.size() && loop.outStrides[reduced] == 0 && !dims.empty())
        ++reduced;
    int64_t count = 1;
    for (size_t d = 0; d < reduced; ++d)
        count *= loop.sizes[d];
    std::vector<int64_t> offsets;
    offsets.reserve(size_t(std::max<int64_t>(count, 0)));
    if (count == 0)
        return offsets;
    std::vector<int64_t> position(reduced, 0);
    int64_t offset = 0;
    while (true) {
        offsets.push_back(offset);
        size_t d = 0;
        for (; d < reduced; ++d) {
            offset += loop.inStrides[d];
            if (++position[d] < loop.sizes[d])
                break;
            offset -= loop.inStrides[d] * loop.sizes[d];
            position[d] = 0;
        }
        if (d == reduced)
            return offsets;
    }
}


}  // namespace agv::ops
