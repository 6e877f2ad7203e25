// Note [cpu_kernel_vec bodies]
// Many PyTorch CPU kernels give cpu_kernel_vec two bodies, a Vectorized one and a
// scalar one, which do not always round alike (sigmoid's vector body calls SLEEF's exp,
// its scalar body glibc's). Which body an element meets depends on the loop that
// TensorIterator builds, not on the element:
//   * the dims are ordered by the operands' strides (reorder_dimensions: an insertion
//     sort whose comparison skips broadcast dims and breaks ties by size), an output
//     the op allocates is laid out densely in that order, and neighbouring dims that
//     every operand walks contiguously are merged (coalesce_dimensions); when every
//     defined operand is contiguous, or all are dense with the same strides, the whole
//     tensor is one run at once (fast_set_up);
//   * the innermost merged dim is one run; a run whose operands all have unit stride
//     (or stride 0, a broadcast scalar) goes through vectorized_loop, which processes
//     whole pairs of vectors and leaves the last `n % (2 * lanes)` elements to the
//     scalar body; any other run goes entirely through the scalar body.
// Debian's PyTorch runs one thread here, so no run is split between threads.

#include "core/ops/vectorized_loop.h"

#include <algorithm>

namespace agv::ops::kernel {

namespace {

bool contiguousFor(const IntList& sizes, const IntList& strides)
{
    int64_t expected = 1;
    for (size_t d = sizes.size(); d-- > 0;) {
        if (sizes[d] != 1 && strides[d] != expected)
            return false;
        expected *= sizes[d];
    }
    return true;
}

bool denseFor(const IntList& sizes, const IntList& strides)
{
    std::vector<size_t> order(sizes.size());
    for (size_t d = 0; d < order.size(); ++d)
        order[d] = d;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return strides[a] < strides[b]; });
    int64_t expected = 1;
    for (size_t d : order) {
        if (sizes[d] != 1 && strides[d] != expected)
            return false;
        expected *= sizes[d];
    }
    return true;
}

}  // namespace

std::vector<bool> vectorizedElements(const IntList& sizes, const std::vector<IntList>& strides, int64_t lanes)
{
    const size_t ndim = sizes.size();
    int64_t numel = 1;
    for (int64_t s : sizes)
        numel *= s;
    std::vector<bool> flags(size_t(std::max<int64_t>(numel, 0)), false);
    if (numel <= 0)
        return flags;
    const int64_t pair = 2 * lanes;

    // fast_set_up: one run over the whole tensor in memory order.
    bool allContiguous = true, allDenseAlike = true;
    const IntList* firstDefined = nullptr;
    for (const IntList& s : strides) {
        if (s.empty() && ndim > 0)
            continue;
        allContiguous = allContiguous && contiguousFor(sizes, s);
        allDenseAlike = allDenseAlike && denseFor(sizes, s) && (!firstDefined || *firstDefined == s);
        if (!firstDefined)
            firstDefined = &s;
    }
    if (ndim == 0 || allContiguous || (allDenseAlike && firstDefined)) {
        const int64_t cut = numel - numel % pair;
        if (ndim == 0 || allContiguous) {
            for (int64_t i = 0; i < cut; ++i)
                flags[size_t(i)] = true;
            return flags;
        }
        // Dense in a permuted order: an element's place in the run is its memory offset.
        IntList rowMajor(ndim, 0);
        for (int64_t i = 0; i < numel; ++i) {
            int64_t memory = 0;
            for (size_t d = 0; d < ndim; ++d)
                memory += rowMajor[d] * (*firstDefined)[d];
            flags[size_t(i)] = memory < cut;
            for (size_t d = ndim; d-- > 0;) {
                if (++rowMajor[d] < sizes[d])
                    break;
                rowMajor[d] = 0;
            }
        }
        return flags;
    }

    // reorder_dimensions: perm[0] is the innermost dim.
    std::vector<size_t> perm(ndim);
    for (size_t i = 0; i < ndim; ++i)
        perm[i] = ndim - 1 - i;
    auto shouldSwap = [&](size_t dim0, size_t dim1) {
        for (const IntList& s : strides) {
            if (s.empty())
                continue;
            const int64_t stride0 = s[dim0], stride1 = s[dim1];
            if (stride0 == 0 || stride1 == 0)
                continue;
            if (stride0 < stride1)
                return -1;
            if (stride0 > stride1)
                return 1;
            if (sizes[dim0] > sizes[dim1])
                return 1;
        }
        return 0;
    };
    for (size_t i = 1; i < ndim; ++i) {
        size_t dim1 = i;
        for (size_t dim0 = i; dim0-- > 0;) {
            const int comparison = shouldSwap(perm[dim0], perm[dim1]);
            if (comparison > 0) {
                std::swap(perm[dim0], perm[dim1]);
                dim1 = dim0;
            } else if (comparison < 0) {
                break;
            }
        }
    }

    // Operand strides in loop order; an allocated output is dense in that order.
    std::vector<IntList> loopStrides;
    for (const IntList& s : strides) {
        IntList ls(ndim);
        int64_t dense = 1;
        for (size_t k = 0; k < ndim; ++k) {
            ls[k] = s.empty() ? dense : s[perm[k]];
            dense *= sizes[perm[k]];
        }
        loopStrides.push_back(std::move(ls));
    }
    IntList loopSizes(ndim);
    for (size_t k = 0; k < ndim; ++k)
        loopSizes[k] = sizes[perm[k]];

    // coalesce_dimensions, only as far as the innermost run needs it.
    int64_t runLength = loopSizes[0];
    IntList innerStrides(loopStrides.size());
    for (size_t op = 0; op < loopStrides.size(); ++op)
        innerStrides[op] = loopStrides[op][0];
    for (size_t k = 1; k < ndim; ++k) {
        bool merge = runLength == 1 || loopSizes[k] == 1;
        if (!merge) {
            merge = true;
            for (size_t op = 0; op < loopStrides.size(); ++op)
                merge = merge && runLength * innerStrides[op] == loopStrides[op][k];
        }
        if (!merge)
            break;
        if (runLength == 1)
            for (size_t op = 0; op < loopStrides.size(); ++op)
                innerStrides[op] = loopStrides[op][k];
        runLength *= loopSizes[k];
    }
    // The output and the inputs walk with unit stride, or all but one input that stays
    // put (a broadcast scalar); anything else is the scalar body throughout.
    int64_t broadcastInputs = 0;
    bool vectorizedRun = innerStrides[0] == 1;
    for (size_t op = 1; op < innerStrides.size(); ++op) {
        vectorizedRun = vectorizedRun && (innerStrides[op] == 1 || innerStrides[op] == 0);
        broadcastInputs += innerStrides[op] == 0;
    }
    vectorizedRun = vectorizedRun && broadcastInputs <= 1;
    if (!vectorizedRun)
        return flags;
    const int64_t cut = runLength - runLength % pair;

    // Walk the elements in loop order (innermost first); each run of runLength elements
    // has its first `cut` through the vector body.
    IntList index(ndim, 0);  // in original dims
    IntList rowStrides(ndim);
    int64_t acc = 1;
    for (size_t d = ndim; d-- > 0;) {
        rowStrides[d] = acc;
        acc *= sizes[d];
    }
    for (int64_t position = 0; position < numel; ++position) {
        int64_t rowMajor = 0;
        for (size_t d = 0; d < ndim; ++d)
            rowMajor += index[d] * rowStrides[d];
        flags[size_t(rowMajor)] = position % runLength < cut;
        for (size_t k = 0; k < ndim; ++k) {
            const size_t d = perm[k];
            if (++index[d] < sizes[d])
                break;
            index[d] = 0;
        }
    }
    return flags;
}

}  // namespace agv::ops::kernel
