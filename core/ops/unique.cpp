// torch.unique / unique_consecutive with PyTorch 1.13's CPU kernels (Unique.cpp): the same
// standard containers, filled in the same order, so that even the unsorted order, NaNs
// (every NaN is distinct) and -0.0 (the same as 0.0) come out as PyTorch prints them.

#include "core/ops/unique.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <numeric>
#include <unordered_map>
#include <unordered_set>

#include "core/autograd/node.h"
#include "core/error.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"

namespace agv::ops {

namespace {

// Note [Unsorted unique]: unique(sorted=False) copies out a std::unordered_set in its
// iteration order, which depends on the element hash and libstdc++'s bucket policy.
// We use the same containers (libstdc++ too) and c10's hash for bfloat16, the raw bits,
// so the order is PyTorch's.
template <typename T>
struct ElementHash : std::hash<T> {};

template <>
struct ElementHash<BFloat16> {
    size_t operator()(const BFloat16& v) const noexcept { return std::hash<uint16_t>()(v.bits); }
};

template <typename T>
using HashSet = std::unordered_set<T, ElementHash<T>>;
template <typename T>
using HashMap = std::unordered_map<T, int64_t, ElementHash<T>>;

Tensor longs(int64_t n, Device device) { return kernel::newTensor({n}, ScalarType::Int64, device); }

/// Storage offsets (from t's first element) of t's elements in row-major order of t with
/// `dim` moved to the front: the kernel's view of the slices, outside autograd.
std::vector<int64_t> offsetsWithDimFirst(const Tensor& t, int64_t dim)
{
    IntList sizes{t.sizes()[size_t(dim)]}, strides{t.strides()[size_t(dim)]};
    for (int64_t d = 0; d < t.dim(); ++d)
        if (d != dim) {
            sizes.push_back(t.sizes()[size_t(d)]);
            strides.push_back(t.strides()[size_t(d)]);
        }
    return kernel::elementOffsets(sizes, strides);
}

/// The values' grad_fn: 1.13 records a node whose backward refuses (derivatives.yaml has
/// no formula for these ops).
Tensor recordNotDifferentiable(const Tensor& self, const Tensor& values, const char* node, const char* op)
{
    const std::string message = std::string("the derivative for '") + op + "' is not implemented.";
    OpRecorder rec(node, {&self}, [message](BackwardNode&, const variable_list&) -> variable_list {
        throw Error(PyExc::NotImplementedError, message);
    });
    return rec.finish(values);
}

/// The dispatch of 1.13's unique kernels: every dtype but float16.
template <typename F>
auto dispatchUnique(ScalarType dtype, const char* name, F&& body)
{
    if (dtype == ScalarType::BFloat16) {
        using scalar_t = BFloat16;
        return body(scalar_t{});
    }
    return AGV_DISPATCH_ALL(dtype, name, [&] { return body(scalar_t{}); });
}

template <typename T>
UniqueResult unique2Kernel(const Tensor& self, bool sorted, bool returnInverse, bool returnCounts)
{
    const Tensor input = kernel::dense(self);
    const T* in = input.data<T>();
    const int64_t numel = input.numel();
    const HashSet<T> set(in, in + numel);
    UniqueResult r;
    r.values = kernel::newTensor({int64_t(set.size())}, self.dtype(), self.device());
    T* out = r.values.data<T>();
    if (sorted) {
        std::vector<T> vec(set.begin(), set.end());
        std::sort(vec.begin(), vec.end());
        std::copy(vec.begin(), vec.end(), out);
    } else {
        std::copy(set.begin(), set.end(), out);
    }
    const int64_t n = r.values.numel();
    r.inverse = longs(0, self.device());
    r.counts = longs(0, self.device());
    if (returnInverse || returnCounts) {
        r.inverse = kernel::newTensor(self.sizes(), ScalarType::Int64, self.device());
        int64_t* inverse = r.inverse.data<int64_t>();
        HashMap<T> inverseMap;
        inverseMap.reserve(size_t(n));
        for (int64_t i = 0; i < n; ++i)
            inverseMap[out[i]] = i;
        for (int64_t i = 0; i < numel; ++i)
            inverse[i] = inverseMap[in[i]];
        if (returnCounts) {
            HashMap<T> countsMap;
            countsMap.reserve(size_t(n));
            for (int64_t i = 0; i < n; ++i)
                countsMap[out[i]] = 0;
            for (int64_t i = 0; i < numel; ++i)
                countsMap[in[i]] += 1;
            r.counts = longs(n, self.device());
            for (int64_t i = 0; i < n; ++i)
                r.counts.data<int64_t>()[i] = countsMap[out[i]];
        }
    }
    return r;
}

template <typename T>
UniqueResult uniqueConsecutiveKernel(const Tensor& self, bool returnInverse, bool returnCounts)
{
    UniqueResult r{kernel::newTensor({0}, self.dtype(), self.device()), longs(0, self.device()),
                   longs(0, self.device())};
    const int64_t numel = self.numel();
    if (numel == 0)
        return r;
    const Tensor input = kernel::dense(self);
    const T* in = input.data<T>();
    std::vector<T> out{in[0]};
    std::vector<int64_t> counts;
    if (returnInverse)
        r.inverse = kernel::newTensor(self.sizes(), ScalarType::Int64, self.device());
    int64_t last = 0;
    for (int64_t i = 0; i < numel; ++i) {
        if (in[i] != out.back()) {
            out.push_back(in[i]);
            counts.push_back(i - last);
            last = i;
        }
        if (returnInverse)
            r.inverse.data<int64_t>()[i] = int64_t(out.size()) - 1;
    }
    counts.push_back(numel - last);
    r.values = kernel::newTensor({int64_t(out.size())}, self.dtype(), self.device());
    std::copy(out.begin(), out.end(), r.values.data<T>());
    if (returnCounts) {
        r.counts = longs(int64_t(counts.size()), self.device());
        std::copy(counts.begin(), counts.end(), r.counts.data<int64_t>());
    }
    return r;
}

/// _unique_dim_cpu_template: the slices along `dim` sorted lexicographically (unless
/// `consecutive`), then runs of equal slices merged; inverse and counts always computed.
template <typename T>
UniqueResult uniqueDimKernel(const Tensor& self, int64_t dim, bool consecutive)
{
    IntList sizes = self.sizes();
    if (self.numel() == 0) {
        const auto zeroDims = std::count(sizes.begin(), sizes.end(), 0);
        if (sizes[size_t(dim)] == 0) {
            AGV_CHECK(zeroDims == 1, RuntimeError,
                      "Number of zero sized dimensions is more than one, so unique cannot be applied ");
            return {kernel::newTensor(sizes, self.dtype(), self.device()), longs(0, self.device()),
                    longs(0, self.device())};
        }
        AGV_CHECK(zeroDims == 0, RuntimeError,
                  "There are 0 sized dimensions, and they aren't selected, so unique cannot be applied");
    }
    // The slices as rows: dim moved to the front, the rest flattened.
    const int64_t count = sizes[size_t(dim)];
    const int64_t width = count == 0 ? 0 : self.numel() / count;
    std::unique_ptr<T[]> rows(new T[size_t(self.numel())]);  // not std::vector: vector<bool> has no data()
    const std::vector<int64_t> inOffsets = offsetsWithDimFirst(self, dim);
    for (size_t j = 0; j < inOffsets.size(); ++j)
        rows[j] = self.data<T>()[inOffsets[j]];
    const T* data = rows.get();
    std::vector<int64_t> indices(static_cast<size_t>(count));
    std::iota(indices.begin(), indices.end(), 0);
    if (!consecutive)
        std::sort(indices.begin(), indices.end(), [&](int64_t a, int64_t b) {
            for (int64_t i = 0; i < width; ++i) {
                const T lhs = data[i + a * width], rhs = data[i + b * width];
                if (lhs < rhs)
                    return true;
                if (lhs > rhs)
                    return false;
            }
            return false;
        });
    // at::equal of two slices: every element ==, so a NaN makes slices differ.
    auto equalRows = [&](int64_t a, int64_t b) {
        for (int64_t i = 0; i < width; ++i)
            if (!(data[i + a * width] == data[i + b * width]))
                return false;
        return true;
    };
    UniqueResult r{Tensor(), longs(count, self.device()), longs(count, self.device())};
    int64_t* inverse = r.inverse.data<int64_t>();
    std::vector<int64_t> kept;  // the row (of `rows`) each output slice copies
    std::vector<int64_t> counts;
    if (count > 0) {
        kept.push_back(indices[0]);
        inverse[indices[0]] = 0;
        int64_t previous = 0;
        for (int64_t k = 1; k < count; ++k) {
            if (!equalRows(indices[size_t(k)], kept.back())) {
                kept.push_back(indices[size_t(k)]);
                counts.push_back(k - previous);
                previous = k;
            }
            inverse[indices[size_t(k)]] = int64_t(kept.size()) - 1;
        }
        counts.push_back(count - previous);
    }
    IntList outSizes = sizes;
    outSizes[size_t(dim)] = int64_t(kept.size());
    r.values = kernel::newTensor(outSizes, self.dtype(), self.device());
    const std::vector<int64_t> outOffsets = offsetsWithDimFirst(r.values, dim);
    T* out = r.values.data<T>();
    for (size_t k = 0; k < kept.size(); ++k)
        for (int64_t i = 0; i < width; ++i)
            out[outOffsets[k * size_t(width) + size_t(i)]] = data[kept[k] * width + i];
    r.counts = longs(int64_t(counts.size()), self.device());
    std::copy(counts.begin(), counts.end(), r.counts.data<int64_t>());
    return r;
}

}  // namespace

UniqueResult unique2(const Tensor& self, bool sorted, bool returnInverse, bool returnCounts)
{
    UniqueResult r = dispatchUnique(self.dtype(), "unique", [&](auto tag) {
        return unique2Kernel<decltype(tag)>(self, sorted, returnInverse, returnCounts);
    });
    r.values = recordNotDifferentiable(self, r.values, "Unique2Backward0", "_unique2");
    return r;
}

UniqueResult uniqueDim(const Tensor& self, int64_t dim)
{
    const int64_t wrapped = wrapDim(dim, self.dim());
    UniqueResult r = dispatchUnique(self.dtype(), "unique_dim", [&](auto tag) {
        return uniqueDimKernel<decltype(tag)>(self, wrapped, false);
    });
    r.values = recordNotDifferentiable(self, r.values, "UniqueDimBackward0", "unique_dim");
    return r;
}

UniqueResult uniqueConsecutive(const Tensor& self, std::optional<int64_t> dim, bool returnInverse, bool returnCounts)
{
    UniqueResult r;
    if (!dim || (*dim == 0 && self.dim() == 1)) {
        r = dispatchUnique(self.dtype(), "unique", [&](auto tag) {
            return uniqueConsecutiveKernel<decltype(tag)>(self, returnInverse, returnCounts);
        });
    } else {
        const int64_t wrapped = wrapDim(*dim, self.dim());
        r = dispatchUnique(self.dtype(), "unique_dim", [&](auto tag) {
            return uniqueDimKernel<decltype(tag)>(self, wrapped, true);
        });
    }
    r.values = recordNotDifferentiable(self, r.values, "UniqueConsecutiveBackward0", "unique_consecutive");
    return r;
}

}  // namespace agv::ops
