// The layout of a fresh elementwise output (Note [Output layout of elementwise ops]).

#include "core/ops/iterator_layout.h"

#include <algorithm>
#include <numeric>
#include <vector>

namespace agv::ops {

namespace {

/// Whether the dims, taken in `order` (fastest first), tile memory exactly: each stride the
/// product of the sizes before it. Size-1 dims' strides do not count.
bool isDenseInOrder(const IntList& sizes, const IntList& strides, const std::vector<size_t>& order)
{
    int64_t expected = 1;
    for (size_t d : order) {
        if (sizes[d] == 1)
            continue;
        if (strides[d] != expected)
            return false;
        expected *= sizes[d];
    }
    return true;
}

IntList channelsLastStrides(const IntList& sizes)
{
    IntList strides(4);
    strides[1] = 1;
    strides[3] = std::max<int64_t>(sizes[1], 1);
    strides[2] = strides[3] * std::max<int64_t>(sizes[3], 1);
    strides[0] = strides[2] * std::max<int64_t>(sizes[2], 1);
    return strides;
}

/// TensorIterator::compute_strides for one input: 0 along the dims it is broadcast over
/// (missing, or 1 against a longer dim), its own stride elsewhere.
IntList operandStrides(const Tensor& t, const IntList& shape)
{
    IntList out(shape.size(), 0);
    const size_t offset = shape.size() - size_t(t.dim());
    for (size_t i = 0; i < size_t(t.dim()); ++i)
        out[offset + i] = t.sizes()[i] == 1 && shape[offset + i] != 1 ? 0 : t.strides()[i];
    return out;
}

}  // namespace

std::vector<size_t> iteratorDimOrder(const IntList& shape, const std::vector<IntList>& operandStrides,
                                     bool firstIsReductionOutput)
{
    const size_t ndim = shape.size();
    std::vector<size_t> perm(ndim);
    std::iota(perm.rbegin(), perm.rend(), size_t(0));  // starts reversed: a contiguous tensor keeps its order
    auto shouldSwap = [&](size_t d0, size_t d1) {
        for (size_t arg = 0; arg < operandStrides.size(); ++arg) {
            const int64_t s0 = operandStrides[arg][d0], s1 = operandStrides[arg][d1];
            if (arg == 0 && firstIsReductionOutput && (s0 == 0) != (s1 == 0))
                return s1 == 0 ? 1 : -1;
            if (s0 == 0 || s1 == 0)
                continue;
            if (s0 < s1)
                return -1;
            if (s0 > s1)
                return 1;
            if (shape[d0] > shape[d1])
                return 1;
        }
        return 0;
    };
    // Insertion sort with ambiguous comparisons, as reorder_dimensions does it.
    for (size_t i = 1; i < ndim; ++i) {
        size_t d1 = i;
        for (size_t d0 = i; d0-- > 0;) {
            const int c = shouldSwap(perm[d0], perm[d1]);
            if (c > 0) {
                std::swap(perm[d0], perm[d1]);
                d1 = d0;
            } else if (c < 0) {
                break;
            }
        }
    }
    return perm;
}

bool isChannelsLastContiguous(const IntList& sizes, const IntList& strides)
{
    if (sizes.size() != 4 && sizes.size() != 5)
        return false;
    // Channels fastest, then the spatial dims from the last, then the batch.
    std::vector<size_t> order{1};
    for (size_t d = sizes.size() - 1; d >= 2; --d)
        order.push_back(d);
    order.push_back(0);
    return isDenseInOrder(sizes, strides, order);
}

bool isNonOverlappingAndDense(const IntList& sizes, const IntList& strides)
{
    std::vector<size_t> dims(sizes.size());
    std::iota(dims.begin(), dims.end(), size_t(0));
    std::stable_sort(dims.begin(), dims.end(), [&](size_t a, size_t b) { return strides[a] < strides[b]; });
    return isDenseInOrder(sizes, strides, dims);
}

IntList elementwiseOutputStrides(const IntList& shape, std::initializer_list<const Tensor*> inputs)
{
    std::vector<const Tensor*> operands;
    for (const Tensor* t : inputs)
        if (t && t->defined())
            operands.push_back(t);
    // compute_fast_setup_type: only when every operand has the output's shape (a 0-d
    // operand among tensors does not). Each test runs only when the cheaper one before it
    // fails: every elementwise op asks, and most of them on contiguous tensors.
    auto all = [&](auto&& test) { return std::all_of(operands.begin(), operands.end(), test); };
    if (!operands.empty() && all([&](const Tensor* t) { return t->sizes() == shape; })) {
        if (all([](const Tensor* t) { return t->isContiguous(); }))
            return contiguousStrides(shape);
        if (shape.size() == 4 && all([](const Tensor* t) { return isChannelsLastContiguous(*t); }))
            return channelsLastStrides(shape);
        const IntList& first = operands.front()->strides();
        if (all([&](const Tensor* t) { return t->strides() == first && isNonOverlappingAndDense(*t); }))
            return first;
    }
    if (shape.size() <= 1)
        return contiguousStrides(shape);
    std::vector<IntList> strides;
    for (const Tensor* t : operands)
        strides.push_back(operandStrides(*t, shape));
    const std::vector<size_t> perm = iteratorDimOrder(shape, strides);
    // Dense in the iterator's order: the first dim of `perm` fastest.
    IntList out(shape.size());
    int64_t stride = 1;
    for (size_t d : perm) {
        out[d] = stride;
        stride *= shape[d];
    }
    return out;
}

IntList preservedStrides(const Tensor& t)
{
    // empty_like's infer_dense_strides for the rest: dense in the order of t's strides,
    // which is the order TensorIterator finds for t alone.
    return t.isContiguous() || isNonOverlappingAndDense(t) ? t.strides() : elementwiseOutputStrides(t.sizes(), {&t});
}

}  // namespace agv::ops
