// flip, roll, repeat, tile, outer, cumsum and cumprod, with PyTorch 1.13's checks and
// backward formulas (FlipBackward0, RollBackward0, RepeatBackward0, CumsumBackward0,
// CumprodBackward0; outer is reshape + mul, as in PyTorch).

#include <algorithm>

#include "core/autograd/grad_mode.h"
#include "core/ops/inplace_arith.h"
#include "core/ops/kernels.h"
#include "core/ops/memory_format.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/view_inplace.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

/// A fresh contiguous tensor of `outSizes` whose element at coordinates c is the element
/// of `t` at source(c, d) along each dim d (same rank as `t`).
template <typename Source>
Tensor remap(const Tensor& t, const IntList& outSizes, Source source)
{
    Tensor out = kernel::newTensor(outSizes, t.dtype(), t.device());
    const int64_t n = out.numel();
    if (n == 0)
        return out;
    const size_t rank = outSizes.size();
    const size_t lead = rank - size_t(t.dim());
    IntList c(rank, 0);
    AGV_DISPATCH_ALL_AND_HALF(t.dtype(), "remap", [&] {
        using T = scalar_t;
        const T* x = t.data<T>();
        T* o = out.data<T>();
        for (int64_t i = 0; i < n; ++i) {
            int64_t off = 0;
            for (size_t d = lead; d < rank; ++d)
                off += source(c[d], d - lead) * t.strides()[d - lead];
            o[i] = x[off];
            for (size_t d = rank; d-- > 0;) {
                if (++c[d] < outSizes[d])
                    break;
                c[d] = 0;
            }
        }
    });
    return out;
}

int64_t floorMod(int64_t a, int64_t n) { return ((a % n) + n) % n; }

}  // namespace

Tensor flip(const Tensor& self, const IntList& dimsIn)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(self);
    std::vector<bool> flipped(size_t(std::max<int64_t>(self.dim(), 1)), false);
    for (int64_t d : dimsIn) {
        const int64_t w = wrapDim(d, self.dim());
        AGV_CHECK(!flipped[size_t(w)], RuntimeError, "dim ", w, " appears multiple times in the list of dims");
        flipped[size_t(w)] = true;
    }
    const IntList sizes = self.sizes();
    Tensor out = self.dim() == 0 ? remap(self, {}, [](int64_t c, size_t) { return c; })
                                 : remap(self, sizes, [&](int64_t c, size_t d) {
                                       return flipped[d] ? sizes[d] - 1 - c : c;
                                   });
    out = kernel::withStrides(out, preservedStrides(self));  // empty_like(self, MemoryFormat::Preserve)
    OpRecorder rec("FlipBackward0", {&self}, [dimsIn](BackwardNode&, const variable_list& g) {
        return variable_list{flip(g[0], dimsIn)};
    });
    rec.attr("dims", dimsIn);
    rec.forward([&dimsIn](const InputTangents& t, const Tensor&) { return flip(t[0], dimsIn); });  // auto_linear
    return rec.finish(out);
}

Tensor roll(const Tensor& self, const IntList& shifts, const IntList& dims)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(self);
    AGV_CHECK(!shifts.empty(), RuntimeError, "`shifts` required");
    AGV_CHECK(dims.empty() ? shifts.size() == 1 : shifts.size() == dims.size(), RuntimeError,
              "shifts and dimensions must align. shifts: ", shifts.size(), ", dims:", dims.size());
    Tensor out;
    if (dims.empty()) {
        // Roll of the flattened tensor, viewed back.
        const int64_t n = self.numel();
        const IntList sizes = self.sizes();
        const IntList strides = contiguousStrides(sizes);
        out = kernel::newTensor(sizes, self.dtype(), self.device());
        if (n > 0) {
            const std::vector<int64_t> offsets = kernel::elementOffsets(sizes, self.strides());
            AGV_DISPATCH_ALL_AND_HALF(self.dtype(), "roll", [&] {
                using T = scalar_t;
                const T* x = self.data<T>();
                T* o = out.data<T>();
                for (int64_t i = 0; i < n; ++i)
                    o[i] = x[offsets[size_t(floorMod(i - shifts[0], n))]];
            });
        }
    } else {
        IntList shiftOf(size_t(std::max<int64_t>(self.dim(), 1)), 0);
        for (size_t k = 0; k < dims.size(); ++k)
            shiftOf[size_t(wrapDim(dims[k], self.dim()))] += shifts[k];
        const IntList sizes = self.sizes();
        out = self.dim() == 0 ? remap(self, {}, [](int64_t c, size_t) { return c; })
                              : remap(self, sizes, [&](int64_t c, size_t d) {
                                    return floorMod(c - shiftOf[d], sizes[d]);
                                });
        // 1.13 rolls one dim at a time as cat({self.narrow(dim, start, size - start),
        // self.narrow(dim, 0, start)}, dim): the layout the input suggests, unless a shift
        // is a whole turn and the second piece, empty, suggests contiguous.
        bool wholeTurn = false;
        for (size_t k = 0; k < dims.size(); ++k) {
            const int64_t size = sizes[size_t(wrapDim(dims[k], self.dim()))];
            wholeTurn = wholeTurn || (size > 0 && floorMod(shifts[k], size) == 0);
        }
        if (self.numel() == 0)
            out = kernel::withStrides(out, preservedStrides(self));  // self.clone(MemoryFormat::Preserve)
        else if (!wholeTurn)
            out = laidOutAsSuggested(out, self);
    }
    OpRecorder rec("RollBackward0", {&self}, [shifts, dims](BackwardNode&, const variable_list& g) {
        IntList back = shifts;
        for (int64_t& s : back)
            s = -s;
        return variable_list{roll(g[0], back, dims)};
    });
    rec.attr("dims", dims);
    rec.attr("shifts", shifts);
    rec.forward([&](const InputTangents& t, const Tensor&) { return roll(t[0], shifts, dims); });  // auto_linear
    return rec.finish(out);
}

Tensor repeat(const Tensor& self, const IntList& repeats)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(self);
    AGV_CHECK(int64_t(repeats.size()) >= self.dim(), RuntimeError,
              "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
    const size_t lead = repeats.size() - size_t(self.dim());
    IntList padded(lead, 1);
    for (int64_t s : self.sizes())
        padded.push_back(s);
    IntList outSizes(repeats.size());
    for (size_t d = 0; d < repeats.size(); ++d)
        outSizes[d] = padded[d] * repeats[d];
    for (int64_t s : outSizes)
        AGV_CHECK(s >= 0, RuntimeError, "Trying to create tensor with negative dimension ", s, ": ",
                  sizesToString(outSizes));
    const IntList sizes = self.sizes();
    Tensor out = remap(self, outSizes, [&](int64_t c, size_t d) { return c % sizes[d]; });
    const IntList selfSizes = self.sizes();
    OpRecorder rec("RepeatBackward0", {&self}, [repeats, padded, selfSizes](BackwardNode&, const variable_list& g) {
        // Sum the copies: view grad as (r0, s0, r1, s1, ...) and sum over the r dims, and
        // over the dims repeat added in front, so the sum has self's shape: 1.13's result is
        // that fresh sum, not a view of it.
        const size_t added = repeats.size() - selfSizes.size();
        IntList split, sumDims;
        for (size_t d = 0; d < repeats.size(); ++d) {
            sumDims.push_back(int64_t(split.size()));
            split.push_back(repeats[d]);
            if (d < added)
                sumDims.push_back(int64_t(split.size()));
            split.push_back(padded[d]);
        }
        return variable_list{sum(reshape(g[0], split), sumDims)};
    });
    rec.attr("repeats", repeats);
    rec.attr("self_sym_sizes", selfSizes);
    rec.forward([&repeats](const InputTangents& t, const Tensor&) { return repeat(t[0], repeats); });  // auto_linear
    return rec.finish(out);
}

Tensor tile(const Tensor& self, const IntList& reps)
{
    IntList r = reps;
    while (int64_t(r.size()) < self.dim())
        r.insert(r.begin(), 1);
    return repeat(self, r);
}

Tensor outer(const Tensor& self, const Tensor& vec2)
{
    AGV_CHECK(self.dim() == 1, RuntimeError, "outer: Expected 1-D argument self, but got ", self.dim(), "-D");
    AGV_CHECK(vec2.dim() == 1, RuntimeError, "outer: Expected 1-D argument vec2, but got ", vec2.dim(), "-D");
    return mul(reshape(self, {self.sizes()[0], 1}), vec2);
}

namespace {

/// cumsum / cumprod forward: a running `combine` along `dim`, accumulated as PyTorch's
/// CPU kernel does (at::acc_type: double for floating types, int64 for integers).
template <typename Combine>
Tensor cumulativeScan(const Tensor& self, int64_t dim, std::optional<ScalarType> dtype, const char* kernelName,
                      int identity, Combine combine)
{
    const ScalarType outType = dtype ? *dtype : (isFloatingType(self.dtype()) ? self.dtype() : ScalarType::Int64);
    // PyTorch 1.13's CPU kernels have no float16 case.
    AGV_CHECK(outType != ScalarType::Half, RuntimeError, "\"", kernelName, "\" not implemented for 'Half'");
    Tensor in = kernel::convert(self, outType);
    Tensor out = kernel::newTensor(self.sizes(), outType, self.device());
    const int64_t len = self.dim() == 0 ? 1 : self.sizes()[size_t(dim)];
    const int64_t inStep = self.dim() == 0 ? 0 : in.strides()[size_t(dim)];
    const int64_t outStep = self.dim() == 0 ? 0 : out.strides()[size_t(dim)];
    IntList outer = self.sizes();
    if (self.dim() > 0)
        outer[size_t(dim)] = 1;
    const std::vector<int64_t> inBase = kernel::elementOffsets(outer, in.strides());
    const std::vector<int64_t> outBase = kernel::elementOffsets(outer, out.strides());
    if (self.numel() > 0) {
        AGV_DISPATCH_ALL_AND_HALF(outType, kernelName, [&] {
            using T = scalar_t;
            using Acc = std::conditional_t<std::is_floating_point_v<T> || !std::is_integral_v<T>, double, int64_t>;
            const T* x = in.data<T>();
            T* o = out.data<T>();
            for (size_t s = 0; s < inBase.size(); ++s) {
                Acc acc = Acc(identity);
                for (int64_t j = 0; j < len; ++j) {
                    acc = combine(acc, Acc(x[inBase[s] + j * inStep]));
                    o[outBase[s] + j * outStep] = T(acc);
                }
            }
        });
    }
    return out;
}

}  // namespace

/// FunctionsManual's cumprod_jvp: (self_t / self).cumsum(dim) * result where self has no
/// zero; from a slice's first zero on, the product with that zero's factor replaced by its
/// tangent (and zero after a second zero).
Tensor cumprodJvp(const Tensor& selfT, const Tensor& self, const Tensor& result, int64_t dim)
{
    const Tensor generic = mul(cumsum(div(selfT, self), dim), result);
    const Tensor zero = compare(self, Scalar(0), CompareOp::Eq);
    if (self.dim() == 0)
        return where(zero, selfT, generic);  // gradient.masked_fill_(self_p.eq(0), self_t)
    // For (a, 0, b, 0, c) with tangents (t0, ..., t4): the first zeros (0, 1, 0, 0, 0),
    // cumprod((a, t1, b, 0, c)) = (a, a t1, a b t1, 0, 0) taken from the first zero on.
    const Tensor firstZero = logical(zero, compare(cumsum(zero, dim), Scalar(1), CompareOp::Eq), LogicalOp::And);
    const Tensor afterZero = cumprod(where(firstZero, selfT, self), dim);
    const Tensor fromFirstZero = toDtype(cumsum(firstZero, dim), ScalarType::Bool);
    return where(fromFirstZero, afterZero, generic);
}

Tensor cumsumBackward(const Tensor& gradIn, ScalarType selfType, int64_t dim)
{
    // cumsum_backward(grad.to(self.scalar_type()), dim): the reversed cumulative sum
    Tensor grad = gradIn.dtype() == selfType ? gradIn : toDtype(gradIn, selfType);
    if (grad.numel() <= 1 || grad.dim() == 0 || grad.sizes()[size_t(dim)] == 1)
        return grad;
    return flip(cumsum(flip(grad, {dim}), dim), {dim});
}

// Note [cumprod's backward with zeros]
// 1.13's cumprod_backward divides the reversed cumulative sum of grad * result by the input
// when no element of the whole input is zero. Otherwise, for a first-order gradient, it
// composes ops with masks: positions before a slice's first zero take that formula over the
// masked products, the first zero takes sum(cumprod(x between the first and second zero) *
// grad) * result just before it, and the rest stay zero. Under create_graph it takes an
// O(n^2) composition whose derivative is cumprod's second derivative. Both are written
// below with the same ops, so their values round as 1.13's do, rows without zeros too.

namespace {

Tensor reversedCumsum(const Tensor& w, int64_t dim) { return flip(cumsum(flip(w, {dim}), dim), {dim}); }

/// The first-order gradient of cumprod with zeros in the input (Note [cumprod's backward with zeros]).
Tensor cumprodBackwardWithZeros(const Tensor& grad, const Tensor& input, const Tensor& result, const Tensor& zero,
                                int64_t dim)
{
    Tensor gradInput = zerosLike(grad);
    const Tensor zerosSoFar = cumsum(zero, dim);
    const Tensor beforeFirstZero = compare(zerosSoFar, Scalar(0), CompareOp::Eq);
    const Tensor w = mul(result, grad);
    const Tensor beforeValues =
        div(reversedCumsum(maskedFill(w, logicalNot(beforeFirstZero), Scalar(0.)), dim), input);
    gradInput = where(beforeFirstZero, beforeValues, gradInput);
    const Tensor fromFirstZero = compare(zerosSoFar, Scalar(1), CompareOp::Eq);
    // max of a bool slice: the first zero's index, or 0 when the slice has none.
    const Tensor firstZeroIndex = max(fromFirstZero, dim, true).second;
    const Tensor firstZeroMask =
        logical(scatter(zerosLike(fromFirstZero), dim, firstZeroIndex, Scalar(1)), fromFirstZero, LogicalOp::And);
    const Tensor betweenZeros = logical(fromFirstZero, logicalNot(firstZeroMask), LogicalOp::And);
    const Tensor beforeZeroOutput = maskedFill(gather(result, dim, relu(sub(firstZeroIndex, Scalar(1)))),
                                               compare(firstZeroIndex, Scalar(0), CompareOp::Eq), Scalar(1.));
    const Tensor atZero =
        mul(sum(mul(cumprod(maskedFill(input, logicalNot(betweenZeros), Scalar(1.)), dim),
                    maskedFill(grad, logicalNot(fromFirstZero), Scalar(0.))),
                {dim}, true),
            beforeZeroOutput);
    return where(firstZeroMask, atZero, gradInput);
}

/// cumprod's gradient under create_graph when the input has zeros: for each k, the sum over
/// j >= k of grad_j * prod_{i <= j, i != k} x_i, built from prod, cumprod and cat and
/// copied into its row of a zero tensor (CopySlices, as in 1.13).
Tensor cumprodBackwardRecorded(const Tensor& grad, const Tensor& input, int64_t dim)
{
    const int64_t size = input.sizes()[size_t(dim)];
    IntList onesSize = input.sizes();
    onesSize[size_t(dim)] = 1;
    const Tensor ones = expand(onesLike(slice(input, dim, 0, 1)), onesSize);
    Tensor gradInput = zerosLike(grad);
    for (int64_t k = 0; k < size; ++k) {
        Tensor omitted;
        if (k == 0) {
            omitted = cat({ones, cumprod(slice(input, dim, k + 1, std::nullopt), dim)}, dim);
        } else if (k == size - 1) {
            omitted = prod(slice(input, dim, 0, k), dim, true);
        } else {
            const Tensor untilK = prod(slice(input, dim, 0, k), dim, true);
            const Tensor fromKPlus1 = cumprod(slice(input, dim, k + 1, std::nullopt), dim);
            omitted = cat({untilK, mul(expand(untilK, fromKPlus1.sizes()), fromKPlus1)}, dim);
        }
        Tensor row = select(gradInput, dim, k);
        copyInplace(row, sum(mul(slice(grad, dim, k, std::nullopt), omitted), {dim}));
    }
    return gradInput;
}

}  // namespace

Tensor cumprodBackward(const Tensor& grad, const Tensor& input, const Tensor& result, int64_t dim)
{
    if (input.numel() <= 1 || input.sizes()[size_t(dim)] == 1)
        return grad;
    const Tensor zero = compare(input, Scalar(0), CompareOp::Eq);
    bool anyZero = false;
    for (int64_t i = 0; i < zero.numel() && !anyZero; ++i)
        anyZero = zero.intValueAt(i) != 0;
    if (!anyZero)
        return div(reversedCumsum(mul(result, grad), dim), input);
    // See Note [cumprod's backward with zeros].
    return GradMode::isEnabled() ? cumprodBackwardRecorded(grad, input, dim)
                                 : cumprodBackwardWithZeros(grad, input, result, zero, dim);
}

Tensor cumsum(const Tensor& self, int64_t dimIn, std::optional<ScalarType> dtype)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(self);
    const int64_t dim = wrapDim(dimIn, self.dim());
    Tensor out = cumulativeScan(self, dim, dtype, "cumsum_out_cpu", 0, [](auto acc, auto x) { return acc + x; });
    const ScalarType selfType = self.dtype();
    OpRecorder rec("CumsumBackward0", {&self}, [dim, selfType](BackwardNode&, const variable_list& g) {
        return variable_list{cumsumBackward(g[0], selfType, dim)};
    });
    rec.attr("dim", UnsignedAttr{dimIn});  // -1 reads as 18446744073709551615, as in 1.13
    rec.forward([dim, dtype](const InputTangents& t, const Tensor&) { return cumsum(t[0], dim, dtype); });  // auto_linear
    return rec.finish(out);
}

Tensor cumprod(const Tensor& self, int64_t dimIn, std::optional<ScalarType> dtype)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(self);
    const int64_t dim = wrapDim(dimIn, self.dim());
    Tensor out = cumulativeScan(self, dim, dtype, "cumprod_out_cpu", 1, [](auto acc, auto x) { return acc * x; });
    OpRecorder rec("CumprodBackward0", {&self}, [dim](BackwardNode& n, const variable_list& g) {
        // Unpacked in order, as the generated apply() does: the first stale one is reported.
        const Tensor saved0 = n.saved(0); const Tensor saved1 = n.saved(1);
        return variable_list{cumprodBackward(g[0], saved0, saved1, dim)};
    });
    rec.attr("dim", UnsignedAttr{dimIn});  // -1 reads as 18446744073709551615, as in 1.13
    rec.save("self", self);
    rec.save("result", out);
    // derivatives.yaml: cumprod_jvp(self_t, self_p, result, dim).to(dtype or self's dtype)
    rec.forward([dim, dtype](const InputTangents& t, const Tensor& result) {
        const Tensor tangent = cumprodJvp(t[0], t.primal(0), result, dim);
        return toDtype(tangent, dtype ? *dtype : t.primal(0).dtype());
    });
    return rec.finish(out);
}

}  // namespace agv::ops
