// max / min / argmax. NaN wins every comparison (it propagates, as in PyTorch), and
// among equal values the first index is reported.
//
// The full reduction spreads its gradient evenly over all tied elements (PyTorch's
// evenly_distribute_backward); the reduction along a dim sends it to the reported
// index only (value_selecting_reduction_backward).

#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>
#include <vector>

#include "core/autograd/grad_mode.h"
#include "core/ops/backward_versions.h"
#include "core/ops/internal_ops.h"
#include "core/ops/kernels.h"
#include "core/ops/masked_fill.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

namespace {

using kernel::isNan;

/// Whether `candidate` replaces `best` (strictly better, or the first NaN).
template <typename T>
bool better(T candidate, T best, bool isMax)
{
    if (isNan(best))
        return false;
    if (isNan(candidate))
        return true;
    return isMax ? candidate > best : candidate < best;
}

/// (values, indices) of the reduction of `t` along `dim` (wrapped), keepdim shape.
std::pair<Tensor, Tensor> reduceAlongDim(const Tensor& t, int64_t dim, bool isMax)
{
    IntList keptSizes = t.sizes();
    IntList keptStrides = t.strides();
    int64_t len = 1, stride = 0;
    if (t.dim() > 0) {
        len = keptSizes[size_t(dim)];
        stride = keptStrides[size_t(dim)];
        keptSizes[size_t(dim)] = 1;
    }
    Tensor values = kernel::newTensor(keptSizes, t.dtype(), t.device());
    Tensor indices = kernel::newTensor(keptSizes, ScalarType::Int64, t.device());
    const std::vector<int64_t> offsets = kernel::elementOffsets(keptSizes, keptStrides);
    AGV_DISPATCH_ALL_AND_HALF(t.dtype(), "max", [&] {
        using T = scalar_t;
        const T* in = t.data<T>();
        T* v = values.data<T>();
        int64_t* idx = indices.data<int64_t>();
        for (size_t o = 0; o < offsets.size(); ++o) {
            T best = in[offsets[o]];
            int64_t bestIndex = 0;
            for (int64_t i = 1; i < len; ++i) {
                const T x = in[offsets[o] + i * stride];
                if (better(x, best, isMax)) {
                    best = x;
                    bestIndex = i;
                }
            }
            v[o] = best;
            idx[o] = bestIndex;
        }
    });
    return {values, indices};
}

/// The extreme element: its flat (row-major) index and its storage offset.
struct Extreme {
    int64_t flatIndex = 0;
    int64_t offset = 0;
};

Extreme findExtreme(const Tensor& t, bool isMax)
{
    const std::vector<int64_t> offsets = kernel::elementOffsets(t.sizes(), t.strides());
    return AGV_DISPATCH_ALL_AND_HALF(t.dtype(), "max", [&] {
        using T = scalar_t;
        const T* in = t.data<T>();
        size_t best = 0;
        for (size_t i = 1; i < offsets.size(); ++i)
            if (better(in[offsets[i]], in[offsets[best]], isMax))
                best = i;
        return Extreme{int64_t(best), offsets[best]};
    });
}

// Note [The sign of a zero max]
// max() and min() of a tensor whose extreme is zero return +0 or -0 depending on which of
// the tied zeros 1.13's reduce_all kernel keeps. It runs over the contiguous copy with
// AVX2's maximum/minimum (VMAXPS keeps its second operand when both are zeros): lanes of
// 8 floats or 4 doubles accumulate chunk by chunk (a short tail updates only its lanes),
// then float lanes fold by the 128/64/32-bit shuffles of VecReduceAllSIMD and double lanes
// one after the other; fewer elements than a vector fold one after the other. Only the
// sign of a zero can differ from the plain scan, so the emulation runs only then, and
// only below the parallel grain (32,768), where 1.13 uses one chunk.

/// VMAXPS / VMINPS: `a` when strictly beyond `b`, else `b`.
template <typename T>
T simdExtreme(T a, T b, bool isMax)
{
    return (isMax ? a > b : a < b) ? a : b;
}

template <typename T>
T zeroAsReduceAllKeepsIt(const std::vector<T>& x, bool isMax)
{
    constexpr size_t lanes = sizeof(T) == 4 ? 8 : 4;
    const size_t n = x.size();
    if (n < lanes) {
        T acc = x[0];
        for (size_t i = 1; i < n; ++i)
            acc = simdExtreme(acc, x[i], isMax);
        return acc;
    }
    T acc[lanes];
    for (size_t l = 0; l < lanes; ++l)
        acc[l] = x[l];
    size_t d = lanes;
    for (; d < n - n % lanes; d += lanes)
        for (size_t l = 0; l < lanes; ++l)
            acc[l] = simdExtreme(acc[l], x[d + l], isMax);
    for (size_t l = 0; d + l < n; ++l)
        acc[l] = simdExtreme(acc[l], x[d + l], isMax);
    if constexpr (lanes == 8) {
        for (size_t shuffle : {size_t(4), size_t(2), size_t(1)}) {
            T next[lanes];
            for (size_t l = 0; l < lanes; ++l)
                next[l] = simdExtreme(acc[l], acc[l ^ shuffle], isMax);
            std::copy(next, next + lanes, acc);
        }
        return acc[0];
    } else {
        T out = acc[0];
        for (size_t l = 1; l < lanes; ++l)
            out = simdExtreme(out, acc[l], isMax);
        return out;
    }
}

/// The extreme's value as 1.13 returns it (Note [The sign of a zero max]).
template <typename T>
T extremeAsPyTorchReturnsIt(const Tensor& t, int64_t offset, bool isMax)
{
    const T* in = t.data<T>();
    const T value = in[offset];
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        if (value == T(0) && t.numel() <= 32768) {
            std::vector<T> values;
            values.reserve(size_t(t.numel()));
            for (int64_t o : kernel::elementOffsets(t.sizes(), t.strides()))
                values.push_back(in[o]);
            return zeroAsReduceAllKeepsIt(values, isMax);
        }
    }
    return value;
}

Tensor reduceAll(const Tensor& t, bool isMax)
{
    const char* name = isMax ? "max" : "min";
    AGV_CHECK(t.numel() > 0, RuntimeError, name,
              "(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the "
              "'dim' argument.");
    const Extreme best = findExtreme(t, isMax);
    Tensor out = kernel::newTensor({}, t.dtype(), t.device());
    AGV_DISPATCH_ALL_AND_HALF(t.dtype(), "max", [&] {
        *out.data<scalar_t>() = extremeAsPyTorchReturnsIt<scalar_t>(t, best.offset, isMax);
    });
    OpRecorder rec(isMax ? "MaxBackward1" : "MinBackward1", {&t}, [](BackwardNode& n, const variable_list& g) {
        Tensor self = n.saved(0), result = n.saved(1);
        // All elements equal to the result share the gradient (NaN counts as equal to NaN).
        const bool nanResult = std::isnan(result.item());
        Tensor mask = nanResult ? compare(self, self, CompareOp::Ne) : compare(self, result, CompareOp::Eq);
        // evenly_distribute_backward: grad.new_zeros(...).masked_fill_(mask, grad / mask.sum()),
        // recorded as such when the gradient builds a graph (create_graph).
        if (GradMode::isEnabled() && g[0].requiresGrad()) {
            Tensor out = zerosLike(self);
            return variable_list{maskedFillInplace(out, mask, div(g[0], sum(mask)))};
        }
        const int64_t count = sum(mask).itemInt();
        // See Note [Versions of gradients built in place]
        return variable_list{builtInPlace(where(mask, div(g[0], Scalar(count)), zerosLike(self)), 1)};
    });
    rec.save("self", t);
    // evenly_read_jvp(self_t, self_p, result): the tangent averaged over the extreme elements
    rec.forward([&t](const InputTangents& tangents, const Tensor& result) {
        Tensor mask = compare(t, result, CompareOp::Eq);
        return sum(mul(mask, div(tangents[0], sum(mask))));
    });
    return rec.finishSavingResult(out);
}

std::pair<Tensor, Tensor> reduceDim(const Tensor& t, int64_t dimIn, bool keepdim, bool isMax)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(t);
    const char* name = isMax ? "max" : "min";
    const int64_t dim = wrapDim(dimIn, t.dim());
    AGV_CHECK(t.dim() == 0 || t.sizes()[size_t(dim)] > 0, IndexError, name, "(): Expected reduction dim ", dim,
              " to have non-zero size.");
    std::pair<Tensor, Tensor> valuesAndIndices = reduceAlongDim(t, dim, isMax);
    return internal::recordValueSelection(isMax ? "MaxBackward0" : "MinBackward0", t, dimIn, dim, keepdim,
                                          std::move(valuesAndIndices));
}

/// Storage offsets (in a tensor of `sizes`/`strides`) of the elements that `index`
/// picks along `dim`, in the index's row-major order (gather/scatter addressing).
std::vector<int64_t> pickedOffsets(const IntList& sizesIn, const IntList& stridesIn, int64_t dim, const Tensor& index)
{
    // A 0-d tensor is addressed as one of shape [1] (scatter/gather treat it so).
    const IntList sizes = sizesIn.empty() ? IntList{1} : sizesIn;
    const IntList strides = stridesIn.empty() ? IntList{1} : stridesIn;
    IntList alongOthers = strides;
    alongOthers[size_t(dim)] = 0;  // the coordinate along dim comes from the index value
    const std::vector<int64_t> indexOffsets = kernel::elementOffsets(index.sizes(), index.strides());
    const std::vector<int64_t> positions = kernel::elementOffsets(index.sizes(), alongOthers);
    std::vector<int64_t> out(indexOffsets.size());
    const int64_t* idx = index.data<int64_t>();
    for (size_t i = 0; i < indexOffsets.size(); ++i) {
        const int64_t k = idx[indexOffsets[i]];
        AGV_CHECK(k >= 0 && k < sizes[size_t(dim)], RuntimeError, "index ", k, " is out of bounds for dimension ",
                  dim, " with size ", sizes[size_t(dim)]);
        out[i] = positions[i] + k * strides[size_t(dim)];
    }
    return out;
}

}  // namespace

Tensor max(const Tensor& t) { return reduceAll(t, true); }
Tensor min(const Tensor& t) { return reduceAll(t, false); }

std::pair<Tensor, Tensor> max(const Tensor& t, int64_t dim, bool keepdim) { return reduceDim(t, dim, keepdim, true); }
std::pair<Tensor, Tensor> min(const Tensor& t, int64_t dim, bool keepdim) { return reduceDim(t, dim, keepdim, false); }

namespace {
/// argmax / argmin: the index of the first extreme (NaN counts as one).
Tensor argExtreme(const Tensor& t, std::optional<int64_t> dim, bool keepdim, bool isMax)
{
    const std::string name = isMax ? "argmax" : "argmin";
    AGV_CHECK(t.dtype() != ScalarType::Bool, RuntimeError, "\"", name, "_cpu\" not implemented for 'Bool'");
    Tensor out;
    if (!dim) {
        AGV_CHECK(t.numel() > 0, IndexError,
                  name, "(): Expected reduction dim to be specified for input.numel() == 0.");
        const IntList sizes = keepdim ? IntList(size_t(t.dim()), 1) : IntList{};
        out = kernel::newTensor(sizes, ScalarType::Int64, t.device());
        *out.data<int64_t>() = findExtreme(t, isMax).flatIndex;
    } else {
        const int64_t d = wrapDim(*dim, t.dim());
        AGV_CHECK(t.dim() == 0 || t.sizes()[size_t(d)] > 0, IndexError, name, "(): Expected reduction dim ", d,
                  " to have non-zero size.");
        out = reduceAlongDim(t, d, isMax).second;
        if (!keepdim && t.dim() > 0) {
            IntList sizes = out.sizes();
            sizes.erase(sizes.begin() + d);
            out.impl()->setGeometry(sizes, contiguousStrides(sizes), 0);
        }
    }
    announceTensor(out);
    return out;
}
}  // namespace

Tensor argmax(const Tensor& t, std::optional<int64_t> dim, bool keepdim) { return argExtreme(t, dim, keepdim, true); }
Tensor argmin(const Tensor& t, std::optional<int64_t> dim, bool keepdim) { return argExtreme(t, dim, keepdim, false); }

// ---------------------------------------------------------------- gather / scatter

namespace internal {

Tensor scatterIntoZeros(const IntList& sizes, int64_t dim, const Tensor& index, const Tensor& src)
{
    Tensor out = kernel::newTensor(sizes, src.dtype(), src.device());
    std::memset(out.rawData(), 0, out.nbytes());
    const std::vector<int64_t> targets = pickedOffsets(sizes, out.strides(), dim, index);
    const std::vector<int64_t> sources = kernel::elementOffsets(index.sizes(), src.strides());
    AGV_DISPATCH_ALL_AND_HALF(src.dtype(), "scatter", [&] {
        using T = scalar_t;
        T* o = out.data<T>();
        const T* s = src.data<T>();
        for (size_t i = 0; i < targets.size(); ++i)
            o[targets[i]] = s[sources[i]];
    });
    Tensor zerosSelf;  // `self` of scatter: the fresh zeros, which need no gradient
    OpRecorder rec("ScatterBackward0", {&zerosSelf, &src}, [dim](BackwardNode& n, const variable_list& g) {
        return variable_list{Tensor(), gather(g[0], dim, n.saved(0))};
    });
    rec.attr("dim", dim);
    rec.save("index", index);
    return rec.finish(out);
}

Tensor gather(const Tensor& t, int64_t dim, const Tensor& index)
{
    Tensor out = kernel::newTensor(index.sizes(), t.dtype(), t.device());
    const std::vector<int64_t> picked = pickedOffsets(t.sizes(), t.strides(), dim, index);
    AGV_DISPATCH_ALL_AND_HALF(t.dtype(), "gather", [&] {
        using T = scalar_t;
        T* o = out.data<T>();
        const T* s = t.data<T>();
        for (size_t i = 0; i < picked.size(); ++i)
            o[i] = s[picked[i]];
    });
    const IntList selfSizes = t.sizes();
    OpRecorder rec("GatherBackward0", {&t}, [dim, selfSizes](BackwardNode& n, const variable_list& g) {
        // Each slice picks one element, so scattering back cannot collide.
        // new_zeros, then scatter_add_ (See Note [Versions of gradients built in place])
        return variable_list{builtInPlace(scatterIntoZeros(selfSizes, dim, n.saved(0), g[0]), 1)};
    });
    rec.attr("dim", dim);
    rec.save("index", index);
    rec.attr("sparse_grad", false);
    rec.forward([dim, &index](const InputTangents& t, const Tensor&) { return gather(t[0], dim, index); });
    return rec.finish(out);
}


/// Squeezes dim unless keepdim, records `name` (value_selecting_reduction_backward) and
/// the tangent gather_with_keepdimed_indices(self_t, dim, indices, keepdim).
std::pair<Tensor, Tensor> recordValueSelection(const char* name, const Tensor& t, int64_t dimIn, int64_t dim,
                                               bool keepdim, std::pair<Tensor, Tensor> out)
{
    Tensor& values = out.first;
    Tensor& indices = out.second;
    if (!keepdim && t.dim() > 0) {
        IntList sizes = values.sizes();
        sizes.erase(sizes.begin() + dim);
        values.impl()->setGeometry(sizes, contiguousStrides(sizes), 0);
        indices.impl()->setGeometry(sizes, contiguousStrides(sizes), 0);
    }
    const IntList selfSizes = t.sizes();
    OpRecorder rec(name, {&t}, [dim, keepdim, selfSizes](BackwardNode& n, const variable_list& g) {
        // The generated code unpacks `indices` first: a released graph refuses even a 0-d self.
        Tensor idx = n.saved(0), grad = g[0];
        // zeros, then scatter_ (See Note [Versions of gradients built in place]), a 0-d
        // self included
        if (!keepdim && !selfSizes.empty()) {
            idx = unsqueeze(idx, dim);
            grad = unsqueeze(grad, dim);
        }
        return variable_list{builtInPlace(internal::scatterIntoZeros(selfSizes, dim, idx, grad), 2)};
    });
    rec.attr("dim", UnsignedAttr{dimIn});  // -1 reads as 18446744073709551615, as in 1.13
    rec.save("indices", indices);
    rec.attr("keepdim", keepdim);
    rec.attr("self_sizes", selfSizes);
    const Tensor picked = indices;
    rec.forward([dim, keepdim, picked](const InputTangents& tangents, const Tensor&) {
        if (tangents[0].dim() == 0)
            return clone(tangents[0]);
        Tensor gathered = internal::gather(tangents[0], dim, keepdim ? picked : unsqueeze(picked, dim));
        return keepdim ? gathered : squeeze(gathered, dim);
    });
    values = rec.finish(values);
    // Both outputs of 1.13's kernel count the same calls (Note [Versions of results
    // computed from inference tensors]).
    indices.impl()->versionCounter()->version = values.version();
    announceTensor(indices);
    return out;
}

}  // namespace internal

}  // namespace agv::ops
