// sort, argsort and topk along a dim. PyTorch 1.13's CPU kernels sort (value, index)
// pairs with libstdc++'s algorithms, NaN ordered as the largest value: std::sort
// (std::stable_sort when stable=True) for sort; for topk, std::partial_sort when
// k * 64 <= n, else std::nth_element then std::sort of the first k - 1. Running the
// same algorithms with the same comparators gives the same order among equal values.
// Both backward formulas put the gradient back at the picked positions (a scatter).

#include <algorithm>
#include <cmath>

#include "core/autograd/grad_mode.h"
#include "core/ops/backward_versions.h"
#include "core/ops/internal_ops.h"
#include "core/ops/iterator_layout.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

namespace {

using kernel::isNan;

/// "a comes before b" in ascending order (NaN last) or descending order (NaN first).
template <typename T>
struct PairLess {
    bool descending;
    bool operator()(const std::pair<T, int64_t>& a, const std::pair<T, int64_t>& b) const
    {
        if (descending)
            return (isNan(a.first) && !isNan(b.first)) || (a.first > b.first);
        return (!isNan(a.first) && isNan(b.first)) || (a.first < b.first);
    }
};

/// Runs `arrange(slice)` on each slice along `dim` and writes its first `k` pairs to
/// (values, indices) of size k along dim.
template <typename Arrange>
std::pair<Tensor, Tensor> perSlice(const Tensor& t, int64_t dim, int64_t k, Arrange arrange)
{
    IntList outSizes = t.sizes();
    if (t.dim() > 0)
        outSizes[size_t(dim)] = k;
    Tensor values = kernel::newTensor(outSizes, t.dtype(), t.device());
    Tensor indices = kernel::newTensor(outSizes, ScalarType::Int64, t.device());
    const int64_t n = t.dim() == 0 ? 1 : t.sizes()[size_t(dim)];
    const int64_t inStride = t.dim() == 0 ? 0 : t.strides()[size_t(dim)];
    const int64_t outStride = t.dim() == 0 ? 0 : values.strides()[size_t(dim)];
    IntList outer = t.sizes(), outerOut = outSizes;
    if (t.dim() > 0)
        outer[size_t(dim)] = outerOut[size_t(dim)] = 1;
    const std::vector<int64_t> inBase = kernel::elementOffsets(outer, t.strides());
    const std::vector<int64_t> outBase = kernel::elementOffsets(outerOut, values.strides());
    AGV_DISPATCH_ALL_AND_HALF(t.dtype(), "sort", [&] {
        using T = scalar_t;
        const T* x = t.data<T>();
        T* v = values.data<T>();
        int64_t* ix = indices.data<int64_t>();
        std::vector<std::pair<T, int64_t>> slice(static_cast<size_t>(n));
        for (size_t s = 0; s < inBase.size() && n > 0; ++s) {
            for (int64_t j = 0; j < n; ++j)
                slice[size_t(j)] = {x[inBase[s] + j * inStride], j};
            arrange(slice);
            for (int64_t j = 0; j < k; ++j) {
                v[outBase[s] + j * outStride] = slice[size_t(j)].first;
                ix[outBase[s] + j * outStride] = slice[size_t(j)].second;
            }
        }
    });
    return {values, indices};
}

/// SortBackward0 / TopkBackward0: value_selecting_reduction_backward(grad, dim, indices, sizes, true).
std::pair<Tensor, Tensor> recordSelection(const char* name, const Tensor& t, int64_t dimIn, int64_t dim,
                                          std::pair<Tensor, Tensor> out)
{
    const IntList selfSizes = t.sizes();
    OpRecorder rec(name, {&t}, [selfSizes, dim](BackwardNode& n, const variable_list& g) {
        // zeros, then scatter_ (See Note [Versions of gradients built in place])
        if (selfSizes.empty())
            return variable_list{GradMode::isEnabled() && g[0].requiresGrad() ? g[0] : builtInPlace(detachedClone(g[0]), 2)};
        return variable_list{builtInPlace(internal::scatterIntoZeros(selfSizes, dim, n.saved(0), g[0]), 2)};
    });
    rec.attr("dim", dimIn);
    rec.attr("self_sizes", selfSizes);
    rec.save("indices", out.second);
    // gather_with_keepdimed_indices(self_t, dim, indices, keepdim=true)
    const Tensor indices = out.second;
    rec.forward([dim, indices](const InputTangents& tangents, const Tensor&) {
        return tangents[0].dim() == 0 ? clone(tangents[0]) : internal::gather(tangents[0], dim, indices);
    });
    out.first = rec.finish(out.first);
    // Both outputs count the same kernel calls (Note [Versions of results computed from
    // inference tensors]).
    out.second.impl()->versionCounter()->version = out.first.version();
    announceTensor(out.second);
    return out;
}

}  // namespace

std::pair<Tensor, Tensor> sort(const Tensor& t, int64_t dimIn, bool descending, bool stable)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(t);
    const int64_t dim = wrapDim(dimIn, t.dim());
    const int64_t n = t.dim() == 0 ? 1 : t.sizes()[size_t(dim)];
    auto out = perSlice(t, dim, n, [&](auto& slice) {
        using T = typename std::decay_t<decltype(slice)>::value_type::first_type;
        if (stable)
            std::stable_sort(slice.begin(), slice.end(), PairLess<T>{descending});
        else
            std::sort(slice.begin(), slice.end(), PairLess<T>{descending});
    });
    // sort's meta function lays both outputs out as self (dense strides inferred from it).
    const IntList strides = elementwiseOutputStrides(t.sizes(), {&t});
    if (out.first.strides() != strides) {
        out.first = kernel::withStrides(out.first, strides);
        out.second = kernel::withStrides(out.second, strides);
    }
    return recordSelection("SortBackward0", t, dimIn, dim, out);
}

Tensor argsort(const Tensor& t, int64_t dim, bool descending)
{
    GradModeGuard noGrad(false);
    return sort(t, dim, descending, false).second;
}

std::pair<Tensor, Tensor> topk(const Tensor& t, int64_t k, int64_t dimIn, bool largest, bool sorted)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(t);
    const int64_t dim = wrapDim(dimIn, t.dim());
    const int64_t n = t.dim() == 0 ? 1 : t.sizes()[size_t(dim)];
    AGV_CHECK(k >= 0 && k <= n, RuntimeError, "selected index k out of range");
    // PyTorch 1.13's CPU topk kernel takes bfloat16 but not float16 (sort takes both).
    if (t.dtype() == ScalarType::Half)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(t.dtype(), "topk_cpu");
    auto out = perSlice(t, dim, k, [&](auto& slice) {
        using T = typename std::decay_t<decltype(slice)>::value_type::first_type;
        if (k == 0)
            return;
        const PairLess<T> before{largest};
        if (k * 64 <= n) {
            std::partial_sort(slice.begin(), slice.begin() + k, slice.end(), before);
        } else {
            std::nth_element(slice.begin(), slice.begin() + k - 1, slice.end(), before);
            if (sorted)
                std::sort(slice.begin(), slice.begin() + k - 1, before);
        }
    });
    return recordSelection("TopkBackward0", t, dimIn, dim, out);
}

}  // namespace agv::ops
