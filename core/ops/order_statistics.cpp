// kthvalue, median, nanmedian and mode: one element picked from each slice along a dim, with the
// same element PyTorch 1.13's CPU kernels pick among equal values, because they run
// the same algorithms:
//   * kthvalue: Hoare's quickselect with a median-of-three pivot over (value, index)
//     pairs, NaN the largest (quick_select_template, SortingUtils.h);
//   * median along a dim: std::nth_element of the indices, ordered by value and then by
//     index, the element at (n - 1) / 2; a slice with a NaN gives its first NaN;
//     nanmedian orders NaNs last and takes the element at (n - NaNs - 1) / 2;
//   * median of everything: std::nth_element of a copy (values only), likewise;
//   * mode: std::sort of (value, index) pairs by value, then the longest run of equal
//     values, the first such run, and the index ending that run.
// Their gradient goes back to the picked element (value_selecting_reduction_backward);
// all-element median shares it among the elements equal to the result.

#include "core/ops/backward_versions.h"
#include "core/ops/order_statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <type_traits>
#include <vector>

#include "core/ops/internal_ops.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

namespace {

using kernel::isNan;

/// quick_select_template: rearranges (values, indices) so that position k holds the
/// k-th smallest; `greater(a, b)` is "a > b, or a is NaN and b is not".
template <typename T>
void quickSelect(std::vector<T>& values, std::vector<int64_t>& indices, int64_t k)
{
    auto greater = [](T a, T b) { return (isNan(a) && !isNan(b)) || (a > b); };
    auto swapAt = [&](int64_t i, int64_t j) {
        std::swap(values[size_t(i)], values[size_t(j)]);
        std::swap(indices[size_t(i)], indices[size_t(j)]);
    };
    auto at = [&](int64_t i) { return values[size_t(i)]; };
    int64_t left = 0, right = int64_t(values.size()) - 1;
    while (true) {
        if (right <= left)
            return;
        if (right == left + 1) {
            if (greater(at(left), at(right)))
                swapAt(left, right);
            return;
        }
        // Median of three: the pivot goes to `left`, the smallest of the three to left + 1.
        const int64_t middle = left + (right - left) / 2;
        swapAt(middle, left + 1);
        if (greater(at(left + 1), at(right)))
            swapAt(left + 1, right);
        if (greater(at(left), at(right)))
            swapAt(left, right);
        if (greater(at(left + 1), at(left)))
            swapAt(left + 1, left);
        int64_t i = left + 1, j = right;
        const T pivot = at(left);
        while (true) {
            do
                ++i;
            while (greater(pivot, at(i)));
            do
                --j;
            while (greater(at(j), pivot));
            if (j < i)
                break;
            swapAt(i, j);
        }
        swapAt(left, j);
        if (j <= k)
            left = i;
        if (j >= k)
            right = j - 1;
    }
}

/// The slices of `t` along `dim`: for each, `pick(values of the slice)` returns the index
/// of the element to keep. Returns (values, indices) with dim kept as size 1.
template <typename Pick>
std::pair<Tensor, Tensor> pickPerSlice(const Tensor& t, int64_t dim, const char* kernelName, bool takesBool,
                                       bool takesHalf, Pick pick)
{
    if ((!takesBool && t.dtype() == ScalarType::Bool) || (!takesHalf && t.dtype() == ScalarType::Half))
        throw AGV_DISPATCH_NOT_IMPLEMENTED(t.dtype(), kernelName);
    IntList outSizes = t.sizes();
    if (t.dim() > 0)
        outSizes[size_t(dim)] = 1;
    Tensor values = kernel::newTensor(outSizes, t.dtype(), t.device());
    Tensor indices = kernel::newTensor(outSizes, ScalarType::Int64, t.device());
    const int64_t n = t.dim() == 0 ? 1 : t.sizes()[size_t(dim)];
    const int64_t stride = t.dim() == 0 ? 0 : t.strides()[size_t(dim)];
    const std::vector<int64_t> inBase = kernel::elementOffsets(outSizes, t.strides());
    AGV_DISPATCH_ALL_AND_HALF(t.dtype(), kernelName, [&] {
        using T = scalar_t;
        const T* x = t.data<T>();
        T* v = values.data<T>();
        int64_t* ix = indices.data<int64_t>();
        // Bytes for bool: std::vector<bool> packs bits, whose elements cannot be swapped.
        using Slot = std::conditional_t<std::is_same_v<T, bool>, unsigned char, T>;
        std::vector<Slot> slice(static_cast<size_t>(n));
        for (size_t s = 0; s < inBase.size(); ++s) {
            for (int64_t j = 0; j < n; ++j)
                slice[size_t(j)] = Slot(x[inBase[s] + j * stride]);
            const int64_t picked = pick(slice);
            v[s] = x[inBase[s] + picked * stride];
            ix[s] = picked;
        }
    });
    return {values, indices};
}

/// zero_numel_check_dims: the reduced dim must not be empty.
void checkNonEmptyDim(const Tensor& t, int64_t dim, const char* fn)
{
    AGV_CHECK(t.dim() == 0 || t.sizes()[size_t(dim)] > 0, IndexError, fn, ": Expected reduction dim ", dim,
              " to have non-zero size.");
}

}  // namespace

std::pair<Tensor, Tensor> kthvalue(const Tensor& self, int64_t k, int64_t dimIn, bool keepdim)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(self);
    const int64_t dim = wrapDim(dimIn, self.dim());
    const int64_t n = self.dim() == 0 ? 1 : self.sizes()[size_t(dim)];
    checkNonEmptyDim(self, dim, "kthvalue()");
    AGV_CHECK(k >= 1 && k <= n, RuntimeError, "kthvalue(): selected number k out of range for dimension ", dim);
    auto out = pickPerSlice(self, dim, "kthvalue_cpu", false, false, [k](auto slice) {
        std::vector<int64_t> indices(slice.size());
        std::iota(indices.begin(), indices.end(), 0);
        quickSelect(slice, indices, k - 1);
        return indices[size_t(k - 1)];
    });
    return internal::recordValueSelection("KthvalueBackward0", self, dimIn, dim, keepdim, out);
}

namespace {

/// median_with_indices_impl: the index of the lower median of one slice. torch.median
/// gives the slice's first NaN when it has one; torch.nanmedian orders the NaNs last and
/// picks among the others (an all-NaN slice gives whichever NaN nth_element leaves at 0).
template <typename Slice>
int64_t medianIndex(const Slice& slice, bool ignoreNan)
{
    const int64_t size = int64_t(slice.size());
    const auto nanAt = [&slice](int64_t i) { return isNan(slice[size_t(i)]); };
    std::vector<int64_t> order(slice.size());
    std::iota(order.begin(), order.end(), 0);
    if (!ignoreNan) {
        const auto nan = std::find_if(slice.begin(), slice.end(), [](auto v) { return isNan(v); });
        if (nan != slice.end())
            return nan - slice.begin();
        const auto nth = order.begin() + (size - 1) / 2;
        std::nth_element(order.begin(), nth, order.end(), [&slice](int64_t i, int64_t j) {
            return slice[size_t(i)] < slice[size_t(j)] || (slice[size_t(i)] == slice[size_t(j)] && i < j);
        });
        return *nth;
    }
    const int64_t nans = std::count_if(slice.begin(), slice.end(), [](auto v) { return isNan(v); });
    // (size - nans - 1) / 2 truncates towards zero: an all-NaN slice picks position 0.
    const auto nth = order.begin() + (size - nans - 1) / 2;
    std::nth_element(order.begin(), nth, order.end(), [&](int64_t i, int64_t j) {
        return slice[size_t(i)] < slice[size_t(j)] || (slice[size_t(i)] == slice[size_t(j)] && i < j) ||
               (nanAt(j) && !nanAt(i));
    });
    return *nth;
}

std::pair<Tensor, Tensor> medianAlongDim(const Tensor& self, int64_t dimIn, bool keepdim, bool ignoreNan)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(self);
    const int64_t dim = wrapDim(dimIn, self.dim());
    checkNonEmptyDim(self, dim, "median()");
    auto out = pickPerSlice(self, dim, "median_out", false, false,
                            [ignoreNan](const auto& slice) { return medianIndex(slice, ignoreNan); });
    return internal::recordValueSelection(ignoreNan ? "NanmedianBackward1" : "MedianBackward1", self, dimIn, dim,
                                          keepdim, out);
}

/// median_impl: the lower median of every element (see medianIndex for NaNs).
Tensor medianOfAll(const Tensor& self, bool ignoreNan)
{
    if (self.dtype() == ScalarType::Bool || self.dtype() == ScalarType::Half)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(self.dtype(), "median_cpu");
    Tensor out = kernel::newTensor({}, self.dtype(), self.device());
    AGV_DISPATCH_ALL_AND_HALF(self.dtype(), "median_cpu", [&] {
        using T = scalar_t;
        T* result = out.data<T>();
        if (self.numel() == 0) {  // an empty tensor's median is NaN (converted as the CPU does)
            if constexpr (kIsFloating<T>)
                *result = T(std::numeric_limits<float>::quiet_NaN());
            else
                *result = T(std::numeric_limits<int64_t>::min());
            return;
        }
        const Tensor copy = kernel::dense(self);
        std::vector<T> values(copy.data<T>(), copy.data<T>() + copy.numel());
        const auto nanCount = std::count_if(values.begin(), values.end(), [](T v) { return isNan(v); });
        if (!ignoreNan) {
            if (nanCount > 0) {
                *result = T(std::numeric_limits<float>::quiet_NaN());
                return;
            }
            const auto middle = values.begin() + (int64_t(values.size()) - 1) / 2;
            std::nth_element(values.begin(), middle, values.end());
            *result = *middle;
            return;
        }
        const auto middle = values.begin() + (int64_t(values.size()) - nanCount - 1) / 2;
        std::nth_element(values.begin(), middle, values.end(),
                         [](T a, T b) { return a < b || (isNan(b) && !isNan(a)); });
        *result = *middle;
    });
    OpRecorder rec(ignoreNan ? "NanmedianBackward0" : "MedianBackward0", {&self},
                   [](BackwardNode& n, const variable_list& g) {
        // evenly_distribute_backward: the gradient shared among the elements equal to the
        // result (the NaNs when it is NaN)
        const Tensor input = n.saved(0), result = n.saved(1);
        const Tensor mask = std::isnan(result.item()) ? compare(input, input, CompareOp::Ne)
                                                       : compare(input, result, CompareOp::Eq);
        // new_zeros, then masked_fill_ (See Note [Versions of gradients built in place])
        return variable_list{builtInPlace(where(mask, div(g[0], sum(mask)), zerosLike(input)), 1)};
    });
    rec.save("self", self);
    // evenly_read_jvp(self_t, self_p, result): the tangent averaged over those elements
    rec.forward([&self](const InputTangents& t, const Tensor& result) {
        Tensor mask = compare(self, result, CompareOp::Eq);
        return sum(mul(mask, div(t[0], sum(mask))));
    });
    return rec.finishSavingResult(out);
}

}  // namespace

std::pair<Tensor, Tensor> median(const Tensor& self, int64_t dim, bool keepdim)
{
    return medianAlongDim(self, dim, keepdim, false);
}

Tensor median(const Tensor& self) { return medianOfAll(self, false); }

std::pair<Tensor, Tensor> nanmedian(const Tensor& self, int64_t dim, bool keepdim)
{
    return medianAlongDim(self, dim, keepdim, true);
}

Tensor nanmedian(const Tensor& self) { return medianOfAll(self, true); }

std::pair<Tensor, Tensor> mode(const Tensor& self, int64_t dimIn, bool keepdim)
{
    const int64_t dim = wrapDim(dimIn, self.dim());
    checkNonEmptyDim(self, dim, "mode()");
    auto out = pickPerSlice(self, dim, "mode_cpu", true, true, [](const auto& slice) -> int64_t {
        using T = typename std::decay_t<decltype(slice)>::value_type;
        std::vector<std::pair<T, int64_t>> elements(slice.size());
        for (size_t k = 0; k < slice.size(); ++k)
            elements[k] = {slice[k], int64_t(k)};
        std::sort(elements.begin(), elements.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        int64_t modeIndex = 0, runLength = 0, longestRun = 0;
        for (size_t i = 0; i < elements.size(); ++i) {
            ++runLength;
            if (i + 1 == elements.size() || elements[i].first != elements[i + 1].first) {
                if (runLength > longestRun) {
                    modeIndex = elements[i].second;
                    longestRun = runLength;
                }
                runLength = 0;
            }
        }
        return modeIndex;
    });
    return internal::recordValueSelection("ModeBackward0", self, dimIn, dim, keepdim, out);
}

}  // namespace agv::ops
