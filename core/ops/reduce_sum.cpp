// sum, nansum and mean. float and double sums follow PyTorch 1.13's cascade_sum (Note [Cascade
// sum]) in the order its TensorIterator lays any input out (Note [Reduction geometry]),
// so they round exactly as PyTorch's do, for every layout and set of dims, float16 and
// bfloat16 too (Note [Sums of float16 and bfloat16]); integer sums and sums into another
// dtype are a strided loop accumulating in double.

#include <algorithm>
#include <array>
#include <cstring>
#include <type_traits>

#include "core/ops/integer_arithmetic.h"
#include "core/ops/internal_ops.h"
#include "core/ops/kernels.h"
#include "core/ops/nansum.h"
#include "core/ops/op_recorder.h"
#include "core/ops/quietly.h"
#include "core/ops/ops.h"
#include "core/ops/reduce_loop.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

namespace {

// Note [Cascade sum]
// aten/src/ATen/native/cpu/SumKernel.cpp sums a contiguous run of n floats in float
// (doubles in double) like this, with AVX2 vectors of L = 8 floats / 4 doubles:
//   * the first n / L vectors are summed lane-wise by row_sum: four interleaved
//     accumulators (ILP), each a 4-level cascade that folds level k into level k+1
//     every 2^p additions (p = max(4, ceil(log2(items)) / 4)), then the accumulators
//     are added 0 += 1, 2, 3;
//   * the scalar tail (the last n % L elements) is added in order to 0,
//   * then the L lanes, lane 0 first.
// Runs shorter than one vector go through row_sum with single scalars.


/// L lanes added lane by lane, as one AVX2 register: a GCC vector, so the compiler emits
/// packed adds (the same IEEE additions, L at a time) instead of L scalar ones.
template <typename T, int L>
struct Lanes {
    typedef T Vector __attribute__((vector_size(sizeof(T) * L)));
    Vector v{};

    [[gnu::always_inline]] static Lanes load(const T* p)
    {
        Lanes out;
        std::memcpy(&out.v, p, sizeof(Vector));
        return out;
    }
    [[gnu::always_inline]] Lanes& operator+=(const Lanes& o)
    {
        v += o.v;
        return *this;
    }
};

/// multi_row_sum: 4 interleaved items per row, `size` rows, each item L lanes wide. The
/// four levels are named variables, and the fold of level k into k + 1 is written out:
/// an accumulator indexed by a loop variable lives on the stack, and each addition then
/// waits on a store and a reload (2.5x slower on data in cache).
template <typename T, int L>
[[gnu::always_inline]] inline std::array<Lanes<T, L>, 4> multiRowSum(const T* in, int64_t rowStride, int64_t colStride, int64_t size)
{
    constexpr int kLevels = 4;
    const int64_t levelPower = std::max<int64_t>(4, ceilLog2(size) / kLevels);
    const int64_t levelStep = int64_t(1) << levelPower;
    const int64_t levelMask = levelStep - 1;
    std::array<Lanes<T, L>, 4> level0{}, level1{}, level2{}, level3{};
    const auto fold = [](std::array<Lanes<T, L>, 4>& into, std::array<Lanes<T, L>, 4>& from) {
#pragma GCC unroll 4
        for (size_t k = 0; k < 4; ++k) {
            into[k] += from[k];
            from[k] = {};
        }
    };
    const auto addRow = [&](int64_t row) {
#pragma GCC unroll 4
        for (size_t k = 0; k < 4; ++k)
            level0[k] += Lanes<T, L>::load(in + row * rowStride + int64_t(k) * colStride);
    };
    int64_t i = 0;
    while (i + levelStep <= size) {
        for (int64_t j = 0; j < levelStep; ++j, ++i)
            addRow(i);
        // PyTorch's fold loop: level j - 1 into j, and stop at the first level whose
        // step `i` is not a multiple of.
        fold(level1, level0);
        if ((i & (levelMask << levelPower)) != 0)
            continue;
        fold(level2, level1);
        if ((i & (levelMask << (2 * levelPower))) != 0)
            continue;
        fold(level3, level2);
    }
    static_assert(kLevels == 4, "the fold above is written out for four levels");
    for (; i < size; ++i)
        addRow(i);
#pragma GCC unroll 4
    for (size_t k = 0; k < 4; ++k) {
        level0[k] += level1[k];
        level0[k] += level2[k];
        level0[k] += level3[k];
    }
    return level0;
}

/// row_sum: `size` items of L lanes, `stride` elements apart.
template <typename T, int L>
[[gnu::always_inline]] inline Lanes<T, L> rowSum(const T* in, int64_t stride, int64_t size)
{
    const int64_t sizeIlp = size / 4;
    auto partial = multiRowSum<T, L>(in, stride * 4, stride, sizeIlp);
    for (int64_t i = sizeIlp * 4; i < size; ++i)
        partial[0] += Lanes<T, L>::load(in + i * stride);
    for (int k = 1; k < 4; ++k)
        partial[0] += partial[size_t(k)];
    return partial[0];
}

template <typename T>
[[gnu::always_inline]] inline T cascadeSum(const T* x, int64_t n)
{
    constexpr int L = int(32 / sizeof(T));
    if (n < L)
        return rowSum<T, 1>(x, 1, n).v[0];
    const int64_t vectors = n / L;
    const Lanes<T, L> lanes = rowSum<T, L>(x, L, vectors);
    T total = 0;
    for (int64_t k = vectors * L; k < n; ++k)
        total += x[k];
    for (int l = 0; l < L; ++l)
        total += lanes.v[size_t(l)];
    return total;
}

// Note [Reduction geometry]
// PyTorch's sum runs cascade_sum over a TensorIterator: the dims of (output, input) are
// ordered and merged as reduceLoop says (reduce_loop.h), and the first two dims go to one
// 2-d loop per position of the others, dim 2 fastest. Within the 2-d loop the reduced dim
// is made the first one, and one of four loops sums it: contiguous rows (vectorized_inner_sum), contiguous columns
// (vectorized_outer_sum), or their strided scalar forms. Every loop adds its result to
// the output, so a sum split over outer positions accumulates in their order.

/// The iterator's loop for summing `t` over `dims` into a keepdim output of `keptSizes`
/// (contiguous); a 0-d input is one element.
ReduceLoop sumLoop(const Tensor& t, const IntList& dims, const IntList& keptSizes)
{
    if (t.dim() == 0)
        return reduceLoop({1}, {1}, {0});
    IntList outStrides = contiguousStrides(keptSizes);
    for (int64_t d : dims)
        outStrides[size_t(d)] = 0;
    return reduceLoop(t.sizes(), t.strides(), outStrides);
}

/// How cascade_sum's loops add a sum into the output: `*out += sum`.
struct AddInto {
    template <typename T>
    [[gnu::always_inline]] void operator()(T& out, T sum) const
    {
        out += sum;
    }
};

/// `*out += sum` into a float16 / bfloat16 output R, the output held widened to float
/// (Note [Sums of float16 and bfloat16]): the sum rounded to R, added, rounded again.
template <typename R>
struct AddIntoReduced {
    void operator()(float& out, float sum) const { out = float(R(out + float(R(sum)))); }
};

/// One call of cascade_sum's 2-d loop: `in`/`out` at the block's start, strides in elements.
template <typename T, typename Store = AddInto>
[[gnu::always_inline]] inline void cascadeSumBlock(const T* in, T* out, std::array<int64_t, 2> inStrides, std::array<int64_t, 2> outStrides,
                     int64_t size0, int64_t size1, Store store = {})
{
    constexpr int L = int(32 / sizeof(T));
    if (outStrides[0] != 0 && outStrides[1] == 0) {  // move the reduction to the first dim
        std::swap(inStrides[0], inStrides[1]);
        std::swap(outStrides[0], outStrides[1]);
        std::swap(size0, size1);
    }
    if (outStrides[0] != 0 && outStrides[1] != 0) {  // nothing reduced here: out += in
        for (int64_t j = 0; j < size1; ++j)
            for (int64_t i = 0; i < size0; ++i) {
                store(out[j * outStrides[1] + i * outStrides[0]], in[j * inStrides[1] + i * inStrides[0]]);
            }
        return;
    }
    const int64_t outStride = outStrides[1];
    if (inStrides[0] == 1 && size0 >= L) {  // vectorized_inner_sum
        for (int64_t j = 0; j < size1; ++j)
            store(out[j * outStride], cascadeSum(in + j * inStrides[1], size0));
    } else if (inStrides[1] == 1 && size1 >= L) {  // vectorized_outer_sum
        int64_t j = 0;
        for (; j + 4 * L <= size1; j += 4 * L) {
            const auto sums = multiRowSum<T, L>(in + j, inStrides[0], L, size0);
            for (int k = 0; k < 4; ++k)
                for (int l = 0; l < L; ++l)
                    store(out[(j + k * L + l) * outStride], sums[size_t(k)].v[size_t(l)]);
        }
        for (; j + L <= size1; j += L) {
            const auto sums = rowSum<T, L>(in + j, inStrides[0], size0);
            for (int l = 0; l < L; ++l)
                store(out[(j + l) * outStride], sums.v[size_t(l)]);
        }
        for (; j < size1; ++j)
            store(out[j * outStride], rowSum<T, 1>(in + j, inStrides[0], size0).v[0]);
    } else if (inStrides[0] < inStrides[1]) {  // scalar_inner_sum
        for (int64_t j = 0; j < size1; ++j)
            store(out[j * outStride], rowSum<T, 1>(in + j * inStrides[1], inStrides[0], size0).v[0]);
    } else {  // scalar_outer_sum
        int64_t j = 0;
        for (; j + 3 < size1; j += 4) {
            const auto sums = multiRowSum<T, 1>(in + j * inStrides[1], inStrides[0], inStrides[1], size0);
            for (int k = 0; k < 4; ++k)
                store(out[(j + k) * outStride], sums[size_t(k)].v[0]);
        }
        for (; j < size1; ++j)
            store(out[j * outStride], rowSum<T, 1>(in + j * inStrides[1], inStrides[0], size0).v[0]);
    }
}

/// cascadeSumBlock compiled twice, for AVX2 and for any x86-64, picked at load time: the
/// four cascade levels of four 8-float accumulators fill AVX2's sixteen registers, where
/// SSE spills them. The additions are the same, lane by lane, so the bits are too.
[[gnu::target_clones("avx2", "default")]] void cascadeSumBlockFloat(const float* in, float* out,
                                                                    std::array<int64_t, 2> inStrides,
                                                                    std::array<int64_t, 2> outStrides, int64_t size0,
                                                                    int64_t size1)
{
    cascadeSumBlock<float>(in, out, inStrides, outStrides, size0, size1);
}

[[gnu::target_clones("avx2", "default")]] void cascadeSumBlockDouble(const double* in, double* out,
                                                                     std::array<int64_t, 2> inStrides,
                                                                     std::array<int64_t, 2> outStrides, int64_t size0,
                                                                     int64_t size1)
{
    cascadeSumBlock<double>(in, out, inStrides, outStrides, size0, size1);
}

template <typename T>
void anyCascadeSumBlock(const T* in, T* out, std::array<int64_t, 2> inStrides, std::array<int64_t, 2> outStrides,
                        int64_t size0, int64_t size1)
{
    if constexpr (std::is_same_v<T, float>)
        cascadeSumBlockFloat(in, out, inStrides, outStrides, size0, size1);
    else if constexpr (std::is_same_v<T, double>)
        cascadeSumBlockDouble(in, out, inStrides, outStrides, size0, size1);
    else
        cascadeSumBlock<T>(in, out, inStrides, outStrides, size0, size1);
}

/// cascade_sum over the whole iterator (serial_for_each): `out` is zero-filled first. `in`
/// holds t's elements at t's offsets; `block` runs one 2-d loop.
template <typename T, typename Block>
void tensorIteratorSum(const Tensor& t, const IntList& dims, const IntList& keptSizes, const T* in, T* out,
                       Block block)
{
    const ReduceLoop g = sumLoop(t, dims, keptSizes);
    const size_t ndim = g.sizes.size();
    const int64_t size0 = g.sizes[0];
    const int64_t size1 = ndim > 1 ? g.sizes[1] : 1;
    const std::array<int64_t, 2> inStrides{g.inStrides[0], ndim > 1 ? g.inStrides[1] : 0};
    const std::array<int64_t, 2> outStrides{g.outStrides[0], ndim > 1 ? g.outStrides[1] : 0};
    IntList outerSizes, outerIn, outerOut;
    for (size_t d = 2; d < ndim; ++d) {
        outerSizes.push_back(g.sizes[d]);
        outerIn.push_back(g.inStrides[d]);
        outerOut.push_back(g.outStrides[d]);
    }
    // DimCounter: the outer dims with the first of them fastest.
    std::vector<int64_t> position(outerSizes.size(), 0);
    const int64_t outerCount = computeNumel(outerSizes);
    for (int64_t k = 0; k < outerCount; ++k) {
        int64_t inOffset = 0, outOffset = 0;
        for (size_t d = 0; d < position.size(); ++d) {
            inOffset += position[d] * outerIn[d];
            outOffset += position[d] * outerOut[d];
        }
        block(in + inOffset, out + outOffset, inStrides, outStrides, size0, size1);
        for (size_t d = 0; d < position.size(); ++d) {
            if (++position[d] < outerSizes[d])
                break;
            position[d] = 0;
        }
    }
}

// Note [Sums of float16 and bfloat16]
// 1.13's cascade_sum runs float16 and bfloat16 through the loops of float (Note [Reduction
// geometry]) with float accumulators, so every row's or column's sum is the float sum of
// the widened elements. The store differs: the output has the tensor's dtype, and the
// loops add each sum with `*out += sum` in c10's arithmetic: the sum rounded to the dtype,
// added to the stored value in float, rounded again. An output that gets one such store
// is the float sum rounded once; one that gets several (its reduced dims split between
// the 2-d loop and the loops around it, or two reduced dims inside one 2-d loop, each row
// stored in turn) rounds at every store.

/// sum of a float16 / bfloat16 tensor R over `dims` into a keepdim output of `keptSizes`.
template <typename R>
Tensor reducedFloatSum(const Tensor& t, const IntList& dims, const IntList& keptSizes, const IntList& outSizes)
{
    // The elements widened at their own offsets: a buffer over the span t's strides reach.
    int64_t span = 1;
    for (int64_t d = 0; d < t.dim(); ++d)
        span += (t.sizes()[size_t(d)] - 1) * t.strides()[size_t(d)];
    std::vector<float> wide(static_cast<size_t>(span));
    const R* elements = t.data<R>();
    for (int64_t i = 0; i < span; ++i)
        wide[size_t(i)] = float(elements[i]);
    std::vector<float> stored(size_t(computeNumel(keptSizes)), 0.0f);
    tensorIteratorSum<float>(t, dims, keptSizes, wide.data(), stored.data(),
                             [](const float* in, float* out, std::array<int64_t, 2> inStrides,
                                std::array<int64_t, 2> outStrides, int64_t size0, int64_t size1) {
                                 cascadeSumBlock<float>(in, out, inStrides, outStrides, size0, size1,
                                                        AddIntoReduced<R>{});
                             });
    Tensor out = kernel::newTensor(outSizes, t.dtype(), t.device());
    R* o = out.data<R>();
    for (size_t i = 0; i < stored.size(); ++i)
        o[i] = R(stored[i]);
    return out;
}

/// Sum over `dims` (normalized) into a tensor of `outType`, keepdim shape computed by caller.
Tensor sumKernel(const Tensor& t, const IntList& dimsIn, bool keepdim, ScalarType outType)
{
    // A 0-d tensor accepts dim 0 / -1 as if it were 1-d (wrapDim's scalarOk) and has no
    // dimension to reduce: the sum is the value itself.
    const IntList dims = t.dim() == 0 ? IntList{} : dimsIn;
    IntList keptSizes = t.sizes();
    for (int64_t d : dims)
        keptSizes[d] = 1;
    const int64_t outNumel = computeNumel(keptSizes);
    IntList outSizes;
    if (keepdim) {
        outSizes = keptSizes;
    } else {
        for (int64_t d = 0; d < t.dim(); ++d)
            if (std::find(dims.begin(), dims.end(), d) == dims.end())
                outSizes.push_back(t.sizes()[d]);
    }
    const bool sameFloatType = isFloatingType(t.dtype()) && outType == t.dtype() && t.numel() > 0;
    if (sameFloatType && !isReducedFloatingType(t.dtype())) {
        Tensor out = kernel::newTensor(outSizes, outType, t.device());
        AGV_DISPATCH_FLOATING(t.dtype(), "sum", [&] {
            using T = scalar_t;
            std::fill(out.data<T>(), out.data<T>() + outNumel, T(0));
            tensorIteratorSum<T>(t, dims, keptSizes, t.data<T>(), out.data<T>(), anyCascadeSumBlock<T>);
        });
        return out;
    }
    if (sameFloatType)  // See Note [Sums of float16 and bfloat16].
        return t.dtype() == ScalarType::Half ? reducedFloatSum<Half>(t, dims, keptSizes, outSizes)
                                                : reducedFloatSum<BFloat16>(t, dims, keptSizes, outSizes);
    if (isFloatingType(outType) && t.numel() > 0)
        // sum(dtype=...): PyTorch casts each element to the result's dtype as it loads it.
        return sumKernel(kernel::convert(t, outType), dims, keepdim, outType);
    // Integer sums (and empty ones) are exact and wrap around as two's complement does;
    // a floating input summed into an integer dtype is converted element by element first.
    std::vector<uint64_t> acc(size_t(outNumel), 0);
    IntList accStrides = contiguousStrides(keptSizes);
    for (int64_t d : dims)
        accStrides[d] = 0;
    AGV_DISPATCH_ALL_AND_HALF(t.dtype(), "sum", [&] {
        using T = scalar_t;
        auto asInteger = [](T x) {
            if constexpr (std::is_integral_v<T>)
                return uint64_t(int64_t(x));
            else if constexpr (std::is_same_v<T, double>)
                return uint64_t(convertValue<int64_t>(x));
            else
                return uint64_t(convertValue<int64_t>(float(x)));
        };
        kernel::stridedLoop<2>(t.sizes(), {reinterpret_cast<char*>(acc.data()), static_cast<char*>(t.rawData())},
                               {accStrides, t.strides()}, {sizeof(uint64_t), sizeof(T)},
                               [&](int64_t n, std::array<char*, 2> p, std::array<int64_t, 2> s) {
                                   uint64_t* a = reinterpret_cast<uint64_t*>(p[0]);
                                   const T* x = reinterpret_cast<const T*>(p[1]);
                                   for (int64_t i = 0; i < n; ++i)
                                       a[i * s[0]] += asInteger(x[i * s[1]]);
                               });
    });
    Tensor out = kernel::newTensor(outSizes, outType, t.device());
    AGV_DISPATCH_ALL_AND_HALF(outType, "sum", [&] {
        scalar_t* o = out.data<scalar_t>();
        for (int64_t i = 0; i < outNumel; ++i)
            o[i] = static_cast<scalar_t>(int64_t(acc[size_t(i)]));
    });
    return out;
}

ScalarType sumType(const Tensor& t, std::optional<ScalarType> dtype)
{
    if (dtype)
        return *dtype;
    return isFloatingType(t.dtype()) ? t.dtype() : ScalarType::Int64;
}

/// Gradient of a reduction over `dims`: expand the (kept-dim) gradient back to the input.
Tensor expandBack(const Tensor& grad, const IntList& inputSizes, const IntList& dims, bool keepdim)
{
    Tensor g = grad;
    if (!keepdim && !inputSizes.empty()) {  // a 0-d input's gradient is already its shape
        IntList sorted = dims;
        std::sort(sorted.begin(), sorted.end());
        for (int64_t d : sorted)
            g = unsqueeze(g, d);
    }
    return expand(g, inputSizes);
}

}  // namespace

Tensor sum(const Tensor& t, std::optional<ScalarType> dtype)
{
    IntList all;
    for (int64_t d = 0; d < t.dim(); ++d)
        all.push_back(d);
    Tensor out = sumKernel(t, all, false, sumType(t, dtype));
    const IntList inputSizes = t.sizes();
    OpRecorder rec("SumBackward0", {&t}, [inputSizes](BackwardNode&, const variable_list& g) {
        return variable_list{expand(g[0], inputSizes)};
    });
    rec.attr("self_sym_sizes", inputSizes);
    rec.forward([dtype](const InputTangents& t, const Tensor&) { return sum(t[0], dtype); });
    return rec.finish(out);
}

Tensor sum(const Tensor& t, const IntList& dimsIn, bool keepdim, std::optional<ScalarType> dtype)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(t);
    const IntList dims = reductionDims(t, dimsIn);
    Tensor out = sumKernel(t, dims, keepdim, sumType(t, dtype));
    const IntList inputSizes = t.sizes();
    OpRecorder rec("SumBackward1", {&t}, [inputSizes, dims, keepdim](BackwardNode&, const variable_list& g) {
        return variable_list{expandBack(g[0], inputSizes, dims, keepdim)};
    });
    rec.attr("dim", dims);
    rec.attr("keepdim", keepdim);
    rec.attr("self_sym_sizes", inputSizes);
    rec.forward([dims, keepdim, dtype](const InputTangents& t, const Tensor&) { return sum(t[0], dims, keepdim, dtype); });
    return rec.finish(out);
}

Tensor mean(const Tensor& t)
{
    AGV_CHECK(isFloatingType(t.dtype()), RuntimeError,
              "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. "
              "Got: ",
              legacyDtypeShortName(t.dtype()));
    IntList all;
    for (int64_t d = 0; d < t.dim(); ++d)
        all.push_back(d);
    // PyTorch's CPU mean is sum(...).div_(numel), both in the tensor's dtype.
    Tensor out = sumKernel(t, all, false, t.dtype());
    AGV_DISPATCH_FLOATING_AND_HALF(t.dtype(), "mean", [&] {
        *out.data<scalar_t>() = *out.data<scalar_t>() / scalar_t(t.numel());
    });
    const IntList inputSizes = t.sizes();
    const int64_t numel = t.numel();
    OpRecorder rec("MeanBackward0", {&t}, [inputSizes, numel](BackwardNode&, const variable_list& g) {
        // grad.expand(sizes) / self.sym_numel(): the Scalar overload (DivBackward1)
        return variable_list{internal::divScalar(expand(g[0], inputSizes), Scalar(numel))};
    });
    rec.attr("self_numel", numel);
    rec.attr("self_sizes", inputSizes);
    rec.forward([](const InputTangents& t, const Tensor&) { return mean(t[0]); });
    return rec.finish(out);
}

Tensor mean(const Tensor& t, const IntList& dimsIn, bool keepdim)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(t);
    AGV_CHECK(isFloatingType(t.dtype()), RuntimeError,
              "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. "
              "Got: ",
              legacyDtypeShortName(t.dtype()));
    const IntList dims = reductionDims(t, dimsIn);
    int64_t count = 1;
    for (int64_t d : dims)
        count *= t.dim() == 0 ? 1 : t.sizes()[d];
    Tensor out = sumKernel(t, dims, keepdim, t.dtype());
    AGV_DISPATCH_FLOATING_AND_HALF(t.dtype(), "mean", [&] {
        scalar_t* o = out.data<scalar_t>();
        for (int64_t i = 0; i < out.numel(); ++i)
            o[i] = o[i] / scalar_t(count);
    });
    const IntList inputSizes = t.sizes();
    OpRecorder rec("MeanBackward1", {&t}, [inputSizes, dims, keepdim, count](BackwardNode& n, const variable_list& g) {
        n.saved(0);  // unpacked like PyTorch's generated code: refuses a `self` modified in place
        // mean_backward: sum_backward(...) / n, the Scalar overload (DivBackward1)
        return variable_list{internal::divScalar(expandBack(g[0], inputSizes, dims, keepdim), Scalar(count))};
    });
    rec.attr("dim", dims);
    rec.attr("keepdim", keepdim);
    rec.attr("self_sym_sizes", inputSizes);
    rec.save("self", t);  // PyTorch 1.13 keeps `self` for the symbolic numel
    rec.forward([dims, keepdim](const InputTangents& t, const Tensor&) { return mean(t[0], dims, keepdim); });
    return rec.finish(out);
}

namespace {

/// `t` with NaN replaced by +0 in a buffer of t's own strides (gaps and all), so the sum
/// over it takes the geometry, and so the rounding, that the sum over `t` would.
Tensor nanZeroedLike(const Tensor& t)
{
    const Tensor values = where(compare(t, t, CompareOp::Ne), zeros({}, t.dtype(), t.device()), t);
    int64_t extent = 1;
    for (size_t d = 0; d < t.sizes().size(); ++d)
        extent += (t.sizes()[d] - 1) * t.strides()[d];
    Tensor buffer = kernel::newTensor({t.numel() == 0 ? 0 : extent}, t.dtype(), t.device());
    buffer.impl()->setGeometry(t.sizes(), t.strides(), 0);
    kernel::copyInto(buffer, values);
    return buffer;
}

}  // namespace

Tensor nansum(const Tensor& t, const std::optional<IntList>& dimsIn, bool keepdim, std::optional<ScalarType> dtype)
{
    gradientEdgeFirst(t);
    IntList dims;
    if (dimsIn) {
        dims = reductionDims(t, *dimsIn);
    } else {
        for (int64_t d = 0; d < t.dim(); ++d)
            dims.push_back(d);
    }
    // 1.13 sums integer inputs with sum's kernel, and dispatches nansum's over floating types.
    AGV_CHECK(!isFloatingType(t.dtype()) || isFloatingType(sumType(t, dtype)), RuntimeError,
              "\"nansum_cpu\" not implemented for '", legacyDtypeShortName(sumType(t, dtype)), "'");
    Tensor out = quietly([&] {
        const Tensor source = isFloatingType(t.dtype()) ? nanZeroedLike(t) : t;
        return sumKernel(source, dims, keepdim, sumType(t, dtype));
    });
    const IntList inputSizes = t.sizes();
    OpRecorder rec("NansumBackward0", {&t}, [inputSizes, dims, keepdim](BackwardNode& n, const variable_list& g) {
        // nansum_backward: sum_backward(grad, sizes, dims, keepdim) * self.isnan().logical_not()
        const Tensor self = n.saved(0);
        return variable_list{mul(expandBack(g[0], inputSizes, dims, keepdim),
                                 logicalNot(compare(self, self, CompareOp::Ne)))};
    });
    rec.save("self", t);
    if (dimsIn)
        rec.attr("dim", dims);
    else
        rec.attr("dim", NoneValue{});
    rec.attr("keepdim", keepdim);
    return rec.finish(out);
}

}  // namespace agv::ops
