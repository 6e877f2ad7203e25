// logsumexp and prod, the reductions PyTorch 1.13 composes or runs through its generic
// reduction loop, with their backward formulas (LogsumexpBackward0, ProdBackward0 /
// ProdBackward1, FunctionsManual.cpp's logsumexp_backward and prod_backward).

#include <algorithm>
#include <numeric>

#include "core/autograd/forward_ad.h"
#include "core/autograd/grad_mode.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/reduce_amax.h"
#include "core/ops/reduce_loop.h"
#include "core/ops/type_promotion.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

namespace {

/// Dims wrapped and sorted, each at most once (PyTorch's dim bitset).
IntList wrapDims(const IntList& dims, int64_t ndim)
{
    std::vector<bool> seen(size_t(std::max<int64_t>(ndim, 1)), false);
    IntList out;
    for (int64_t d : dims) {
        const int64_t w = wrapDim(d, ndim);
        AGV_CHECK(!seen[size_t(w)], RuntimeError, "dim ", w, " appears multiple times in the list of dims");
        seen[size_t(w)] = true;
        out.push_back(w);
    }
    std::sort(out.begin(), out.end());
    return out;
}

/// unsqueeze_multiple: t with a size-1 dim put back at each reduced dim (dims sorted).
Tensor unsqueezeDims(Tensor t, const IntList& sortedDims)
{
    for (int64_t d : sortedDims)
        t = unsqueeze(t, d);
    return t;
}

/// FunctionsManual's logsumexp_jvp: sum(exp(x - amax(x)) * x_t) / sum(exp(x - amax(x))).
Tensor logsumexpJvp(const Tensor& self, const Tensor& selfTangent, const IntList& dims, bool keepdim)
{
    // An empty input has no amax; its exp is as good (the sums are empty anyway).
    Tensor shiftedExp = self.numel() > 0 ? exp(sub(self, amax(self, dims, true))) : exp(self);
    Tensor sumExp = sum(shiftedExp, dims, keepdim);
    return div(sum(mul(shiftedExp, selfTangent), dims, keepdim), sumExp);
}

}  // namespace

// ---------------------------------------------------------------- logsumexp

Tensor logsumexp(const Tensor& self, const IntList& dimsIn, bool keepdim)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(self);
    const IntList dims = wrapDims(dimsIn, self.dim());
    Tensor out;
    {
        // logsumexp_out_impl: maxes = amax(self, dims, keepdim=True), infinite maxes
        // replaced by 0 (through the squeezed view, so in maxes too), then
        // log(sum(exp(self - maxes))) + maxes; integral inputs in the default float type.
        // One op for autograd, forward AD included: its tangent is logsumexp_jvp's.
        GradModeGuard noGrad(false);
        forward_ad::DisabledGuard oneOp;
        Tensor in = isFloatingType(self.dtype()) ? self : kernel::convert(self, defaultFloatType());
        // An empty dim list reduces every dim; a 0-d tensor has none to reduce.
        IntList reduced = in.dim() == 0 ? IntList{} : dims;
        if (reduced.empty())
            for (int64_t d = 0; d < in.dim(); ++d)
                reduced.push_back(d);
        auto sumReduced = [&](const Tensor& t) { return in.dim() == 0 ? sum(t) : sum(t, reduced, keepdim); };
        if (in.numel() != 0) {
            Tensor maxes = in;
            for (int64_t d : reduced)
                maxes = max(maxes, d, true).first;
            maxes = maskedFill(maxes, compare(abs(maxes), Scalar(INFINITY), CompareOp::Eq), Scalar(0));
            Tensor total = sumReduced(exp(sub(in, maxes)));
            Tensor squeezed = maxes;
            if (!keepdim)
                for (size_t k = reduced.size(); k-- > 0;)
                    squeezed = squeeze(squeezed, reduced[k]);
            out = add(log(total), squeezed);
        } else {
            out = log(sumReduced(exp(in)));
        }
    }
    OpRecorder rec("LogsumexpBackward0", {&self}, [dims, keepdim](BackwardNode& n, const variable_list& g) {
        Tensor self = n.saved(0), result = n.saved(1);
        Tensor grad = g[0];
        if (!keepdim && self.dim() != 0) {
            grad = unsqueezeDims(grad, dims);
            result = unsqueezeDims(result, dims);
        }
        return variable_list{mul(grad, exp(sub(self, result)))};
    });
    rec.save("self", self);
    rec.attr("dim", dimsIn);
    rec.attr("keepdim", keepdim);
    rec.forward([&self, &dimsIn, keepdim](const InputTangents& t, const Tensor&) {
        return logsumexpJvp(self, t[0], dimsIn, keepdim);
    });
    return rec.finishSavingResult(out);
}

// ---------------------------------------------------------------- prod

namespace {

// Note [prod reduction order]
// prod runs binary_kernel_reduce_vec (cpu/Reduce.h) over a TensorIterator whose dims are
// ordered with the reduced dims first (innermost), each group by the input's strides,
// then merged where contiguous. Each inner run that reduces a unit-stride input takes
// vectorized_inner_reduction: with L lanes per vector (8 floats, 4 doubles), the first
// 4L * (n / 4L) elements go into four vector accumulators (element k into
// accumulator (k / L) % 4, lane k % L), which are combined as (a0 * a1) * (a2 * a3),
// their lanes folded left to right and the result multiplied into the output; the
// remaining elements follow one by one. Every other run multiplies element by element.
// One thread, so no run is split (Note [cpu_kernel_vec bodies]).

template <typename T>
void prodInnerRun(const T* in, int64_t n, int64_t inStride, T* out, int64_t outStride)
{
    constexpr int64_t L = int64_t(32 / sizeof(T));
    if (outStride == 0 && inStride == 1) {
        const int64_t count = n / (4 * L);
        if (count > 0) {
            std::array<std::array<T, L>, 4> acc;
            for (int64_t j = 0; j < 4; ++j)
                for (int64_t l = 0; l < L; ++l)
                    acc[size_t(j)][size_t(l)] = in[j * L + l];
            for (int64_t i = 1; i < count; ++i)
                for (int64_t j = 0; j < 4; ++j)
                    for (int64_t l = 0; l < L; ++l)
                        acc[size_t(j)][size_t(l)] = acc[size_t(j)][size_t(l)] * in[i * 4 * L + j * L + l];
            std::array<T, L> folded;
            for (int64_t l = 0; l < L; ++l)
                folded[size_t(l)] = T(acc[0][size_t(l)] * acc[1][size_t(l)]) * T(acc[2][size_t(l)] * acc[3][size_t(l)]);
            T total = folded[0];
            for (int64_t l = 1; l < L; ++l)
                total = total * folded[size_t(l)];
            *out = *out * total;
        }
        for (int64_t i = count * 4 * L; i < n; ++i)
            *out = *out * in[i];
        return;
    }
    for (int64_t i = 0; i < n; ++i)
        out[i * outStride] = out[i * outStride] * in[i * inStride];
}

/// The product over `dims` (sorted, wrapped; all dims when empty and reduceAll) in `type`.
Tensor prodValues(const Tensor& self, const IntList& dims, bool reduceAll, bool keepdim, ScalarType type)
{
    const Tensor in = kernel::convert(self, type);
    const size_t ndim = size_t(in.dim());
    std::vector<bool> reduced(ndim, reduceAll);
    for (int64_t d : dims)
        reduced[size_t(d)] = true;
    IntList keptSizes;
    for (size_t d = 0; d < ndim; ++d)
        keptSizes.push_back(reduced[d] ? 1 : in.sizes()[d]);
    // The result has its final shape from the start: a reshape of a kept-dims result
    // would make it a view (prod's result is no view in PyTorch). `out` is the kept-dims
    // geometry the loop writes through, over the same storage.
    IntList resultSizes;
    for (size_t d = 0; d < ndim; ++d)
        if (!reduceAll && (keepdim || !reduced[d]))
            resultSizes.push_back(keptSizes[d]);
    const Tensor result = kernel::newTensor(resultSizes, type, in.device());
    const Tensor out(std::make_shared<TensorImpl>(result.impl()->storage(), type, keptSizes,
                                                  contiguousStrides(keptSizes), 0, nullptr));
    const IntList contiguousOut = contiguousStrides(keptSizes);
    IntList outStrides(ndim);
    for (size_t d = 0; d < ndim; ++d)
        outStrides[d] = reduced[d] ? 0 : contiguousOut[d];
    AGV_DISPATCH_ALL_AND_HALF(type, "prod_out_cpu", [&] {
        using T = scalar_t;
        T* o = out.data<T>();
        for (int64_t i = 0; i < out.numel(); ++i)
            o[i] = T(1);
        if (in.numel() == 0)
            return;
        // 1.13's prod kernel has no float16/bfloat16 case; an empty input never reaches it.
        if constexpr (kIsReducedFloat<T>)
            throw AGV_DISPATCH_NOT_IMPLEMENTED(type, "prod_cpu");
        const T* x = in.data<T>();
        if (ndim == 0) {
            *o = *o * *x;
            return;
        }
        const ReduceLoop loop = reduceLoop(in.sizes(), in.strides(), outStrides);
        const size_t nd = loop.sizes.size();
        std::vector<int64_t> counter(nd, 0);
        int64_t inOffset = 0, outOffset = 0;
        while (true) {
            if constexpr (std::is_same_v<T, bool>) {
                for (int64_t i = 0; i < loop.sizes[0]; ++i)
                    o[outOffset + i * loop.outStrides[0]] =
                        o[outOffset + i * loop.outStrides[0]] && x[inOffset + i * loop.inStrides[0]];
            } else {
                prodInnerRun<T>(x + inOffset, loop.sizes[0], loop.inStrides[0], o + outOffset, loop.outStrides[0]);
            }
            size_t d = 1;
            for (; d < nd; ++d) {
                if (++counter[d] < loop.sizes[d]) {
                    inOffset += loop.inStrides[d];
                    outOffset += loop.outStrides[d];
                    break;
                }
                inOffset -= loop.inStrides[d] * (loop.sizes[d] - 1);
                outOffset -= loop.outStrides[d] * (loop.sizes[d] - 1);
                counter[d] = 0;
            }
            if (d >= nd)
                break;
        }
    });
    return result;
}

ScalarType prodType(const Tensor& self, std::optional<ScalarType> dtype)
{
    if (dtype)
        return *dtype;
    return isFloatingType(self.dtype()) ? self.dtype() : ScalarType::Int64;
}

/// prod_safe_zeros_backward: grad times the product of every other element along dim,
/// as an exclusive cumulative product from each side (safe when the input has zeros).
Tensor prodSafeZerosBackward(const Tensor& grad, const Tensor& input, int64_t dim)
{
    if (input.numel() == 0)
        return expandAs(grad, input);
    const int64_t n = input.sizes()[size_t(dim)];
    if (n == 1)
        return grad;
    IntList onesSize = input.sizes();
    onesSize[size_t(dim)] = 1;
    Tensor ones_ = ones(onesSize, grad.dtype(), grad.device());
    Tensor exclusiveNormal = cumprod(cat({ones_, narrow(input, dim, 0, n - 1)}, dim), dim);
    Tensor narrowReverse = flip(narrow(input, dim, 1, n - 1), {dim});
    Tensor exclusiveReverse = flip(cumprod(cat({ones_, narrowReverse}, dim), dim), {dim});
    return mul(grad, mul(exclusiveNormal, exclusiveReverse));
}

int64_t countZeros(const Tensor& input)
{
    GradModeGuard noGrad(false);
    return sum(compare(input, Scalar(0), CompareOp::Eq)).intValueAt(0);
}

/// FunctionsManual's prod_backward for the product of all elements.
Tensor prodBackward(const Tensor& grad, Tensor input, const Tensor& result)
{
    if (input.dtype() != grad.dtype())
        input = kernel::convert(input, grad.dtype());
    if (input.dim() == 0)
        return grad;
    const int64_t zeros = countZeros(input);
    if (zeros == 0)
        return mul(grad, div(result, input));
    // Without a graph to build, several zeros make every gradient zero.
    if (zeros > 1 && !GradMode::isEnabled())
        return zerosLike(input);
    // input.contiguous().view(-1) and .view_as(input): ViewBackward0 under create_graph.
    return view(prodSafeZerosBackward(grad, view(contiguous(input), {-1}), 0), input.sizes());
}

/// FunctionsManual's prod_backward for the product along `dim`.
Tensor prodBackward(Tensor grad, Tensor input, Tensor result, int64_t dim, bool keepdim)
{
    if (input.dtype() != grad.dtype())
        input = kernel::convert(input, grad.dtype());
    if (input.dim() == 0)
        return grad;
    if (!keepdim && input.dim() != 1) {
        grad = unsqueeze(grad, dim);
        result = unsqueeze(result, dim);
    }
    if (countZeros(input) == 0)
        return mul(grad, div(result, input));
    return prodSafeZerosBackward(grad, input, dim);
}

/// derivatives.yaml's prod tangent: prod_backward(ones, self, result) * self_t, summed
/// (over `dim` when given).
Tensor prodJvp(const Tensor& self, const Tensor& selfTangent, const Tensor& result, std::optional<int64_t> dim,
               bool keepdim)
{
    const Tensor ones_ = expandAs(ones({}, result.dtype(), result.device()), result);
    const Tensor input = kernel::convert(self, result.dtype());
    if (!dim)
        return sum(mul(prodBackward(ones_, input, result), selfTangent));
    return sum(mul(prodBackward(ones_, input, result, *dim, keepdim), selfTangent), {*dim}, keepdim);
}

}  // namespace

Tensor prod(const Tensor& self, std::optional<ScalarType> dtype)
{
    Tensor out;
    {
        GradModeGuard noGrad(false);
        out = prodValues(self, {}, true, false, prodType(self, dtype));
    }
    OpRecorder rec("ProdBackward0", {&self}, [](BackwardNode& n, const variable_list& g) {
        // Unpacked in order, as the generated apply() does: the first stale one is reported.
        const Tensor saved0 = n.saved(0); const Tensor saved1 = n.saved(1);
        return variable_list{prodBackward(g[0], saved0, saved1)};
    });
    rec.save("self", self);
    rec.forward([&self](const InputTangents& t, const Tensor& result) {
        return prodJvp(self, t[0], result, std::nullopt, false);
    });
    return rec.finishSavingResult(out);
}

Tensor prod(const Tensor& self, int64_t dimIn, bool keepdim, std::optional<ScalarType> dtype)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(self);
    const int64_t dim = wrapDim(dimIn, self.dim());
    Tensor out;
    {
        GradModeGuard noGrad(false);
        out = self.dim() == 0 ? prodValues(self, {}, true, false, prodType(self, dtype))
                              : prodValues(self, {dim}, false, keepdim, prodType(self, dtype));
    }
    OpRecorder rec("ProdBackward1", {&self}, [dim, keepdim](BackwardNode& n, const variable_list& g) {
        // Unpacked in order, as the generated apply() does: the first stale one is reported.
        const Tensor saved0 = n.saved(0); const Tensor saved1 = n.saved(1);
        return variable_list{prodBackward(g[0], saved0, saved1, dim, keepdim)};
    });
    rec.save("self", self);
    rec.attr("dim", UnsignedAttr{dimIn});  // -1 reads as 18446744073709551615, as in 1.13
    rec.attr("keepdim", keepdim);
    rec.forward([&self, dim, keepdim](const InputTangents& t, const Tensor& result) {
        return prodJvp(self, t[0], result, dim, keepdim);
    });
    return rec.finishSavingResult(out);
}

}  // namespace agv::ops
