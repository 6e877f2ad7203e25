// Vector norms: torch.norm / Tensor.norm (NormBackward1), torch.linalg.vector_norm
// (LinalgVectorNormBackward0), the Frobenius norm of torch.norm(p='fro') and torch.dist
// (DistBackward0, the norm of a difference; declared in linalg_extra.h).
//
// Note [Norm accumulation order]
// PyTorch 1.13's CPU norm accumulates in the tensor's own dtype, in one of two orders,
// and its binary was compiled with FMA contraction, which shows in the last bit:
//  * float32, p = 2, when the elements reduced into each output are one contiguous run
//    of memory (the trailing dims of a contiguous tensor, or all of a transposed one): eight lanes, lane j holding
//    fma(x, x, acc) of elements j, j+8, j+16, ...; the lanes are then added left to
//    right; of the remaining n % 8 elements, a group of four is added as rounded
//    squares (the compiler vectorised those products) and the last n % 4 are fma'd.
//  * everything else: one sequential accumulator per output, in the elements' memory
//    order: fma(x, x, acc) for p = 2, acc + |x| for p = 1, acc + |x|^p (powf) for a
//    general p, then acc^(1/p); max/min of |x| (NaN wins) for p = +-inf; the count
//    of non-zeros for p = 0. The exponent is a float even for double tensors.
// Large inputs that PyTorch splits across threads are not reproduced. float16 and
// bfloat16: Note [float16 and bfloat16 norms].

#include <cmath>
#include <cstring>
#include <type_traits>

#include "core/ops/kernels.h"
#include "core/ops/linalg_extra.h"
#include "core/ops/norm_scalar.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/ops/reduce_loop.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

namespace {

/// Wrapped, duplicate-free dims in ascending order; an empty list means every dim.
IntList reducedDims(const Tensor& t, const IntList& dims)
{
    IntList out = reductionDims(t, dims);
    std::sort(out.begin(), out.end());
    return out;
}

bool isReduced(const IntList& dims, int64_t d) { return std::find(dims.begin(), dims.end(), d) != dims.end(); }

template <typename T>
T sumOfSquaresInLanes(const T* x, int64_t n)
{
    constexpr int kLanes = 8;
    T lanes[kLanes] = {};
    int64_t d = 0;
    for (; d < n - n % kLanes; d += kLanes)
        for (int j = 0; j < kLanes; ++j)
            lanes[j] = std::fma(x[d + j], x[d + j], lanes[j]);
    T acc = lanes[0];
    for (int j = 1; j < kLanes; ++j)
        acc = acc + lanes[j];
    const int64_t grouped = d + (n - d) / 4 * 4;
    for (; d < grouped; ++d) {
        const T square = x[d] * x[d];
        acc = acc + square;
    }
    for (; d < n; ++d)
        acc = std::fma(x[d], x[d], acc);
    return acc;
}

template <typename T>
T normOfRun(const T* x, int64_t n, int64_t stride, float p)
{
    T acc = 0;
    if (p == 0) {
        for (int64_t i = 0; i < n; ++i)
            acc = acc + T(x[i * stride] != T(0) ? 1 : 0);
        return acc;
    }
    if (p == 1) {
        for (int64_t i = 0; i < n; ++i)
            acc = acc + std::abs(x[i * stride]);
        return acc;
    }
    if (p == 2) {
        for (int64_t i = 0; i < n; ++i)
            acc = std::fma(x[i * stride], x[i * stride], acc);
        return std::sqrt(acc);
    }
    if (std::isinf(p)) {
        acc = p > 0 ? T(0) : T(INFINITY);
        for (int64_t i = 0; i < n; ++i) {
            const T a = std::abs(x[i * stride]);
            if (std::isnan(acc) || std::isnan(a))
                acc = std::isnan(acc) ? acc : a;
            else
                acc = p > 0 ? std::max(acc, a) : std::min(acc, a);
        }
        return acc;
    }
    const T exponent = T(p);
    for (int64_t i = 0; i < n; ++i)
        acc = acc + std::pow(std::abs(x[i * stride]), exponent);
    return std::pow(acc, T(1) / exponent);
}

// Note [float16 and bfloat16 norms]
// 1.13's norm kernels accumulate float16 and bfloat16 in the tensor's own dtype: every
// partial sum is rounded, and so is every term (|x|, x * x, a count, pow(|x|, p)) except
// float16's pow(|x|, p), and a general p takes its root as pow(sum, 1 / p) with p and
// 1 / p rounded too. The exception is
// bfloat16's p = 2 over one contiguous run (the last dim, or all of a contiguous tensor),
// which takes the vectorised path: eight float lanes, each 16-element vector adding its
// low half then its high half (the squares are exact in float), lanes added left to
// right, then the remaining elements in order, the square root rounded once.

/// One output of the element-order path, accumulated in T (Note [float16 and bfloat16 norms]).
template <typename T>
T reducedFloatNormOfRun(const float* x, int64_t n, float p)
{
    if (std::isinf(p))  // maxima are exact in any dtype
        return T(normOfRun(x, n, 1, p));
    T acc(0.0f);
    if (p == 0) {  // the count saturates: bfloat16's 256 + 1 is 256
        for (int64_t i = 0; i < n; ++i)
            acc = acc + T(x[i] != 0.0f ? 1.0f : 0.0f);
        return acc;
    }
    if (p == 1) {
        for (int64_t i = 0; i < n; ++i)
            acc = acc + T(std::abs(x[i]));
        return acc;
    }
    if (p == 2) {
        for (int64_t i = 0; i < n; ++i)
            acc = acc + T(x[i]) * T(x[i]);
        return T(std::sqrt(float(acc)));
    }
    // c10 has pow(BFloat16, BFloat16), rounding each term; float16's pow is float's, so
    // its term meets the float16 sum unrounded.
    const T exponent(p);
    for (int64_t i = 0; i < n; ++i) {
        const float term = std::pow(std::abs(x[i]), float(exponent));
        acc = std::is_same_v<T, BFloat16> ? acc + T(term) : T(float(acc) + term);
    }
    return T(std::pow(float(acc), float(T(1.0f) / exponent)));
}

Tensor reducedFloatNormKernel(const Tensor& t, float p, const std::vector<int64_t>& outer,
                              const std::vector<int64_t>& inner, bool contiguousRun, Tensor& out)
{
    const int64_t n = int64_t(inner.size());
    const bool lanes = p == 2 && t.dtype() == ScalarType::BFloat16 && contiguousRun;
    AGV_DISPATCH_FLOATING_AND_HALF(t.dtype(), "norm_cpu", [&] {
        using T = scalar_t;
        if constexpr (kIsReducedFloat<T>) {
            const T* x = t.data<T>();
            T* o = out.data<T>();
            std::vector<float> run(static_cast<size_t>(n));
            for (size_t i = 0; i < outer.size(); ++i) {
                if (t.numel() == 0) {
                    o[i] = p < 0 ? T(INFINITY) : T(0);
                    continue;
                }
                for (int64_t j = 0; j < n; ++j)
                    run[size_t(j)] = float(x[outer[i] + inner[size_t(j)]]);
                if (!lanes) {
                    o[i] = reducedFloatNormOfRun<T>(run.data(), n, p);
                    continue;
                }
                constexpr int kLanes = 8, kVector = 16;
                float acc[kLanes] = {};
                int64_t d = 0;
                for (; d < n - n % kVector; d += kVector) {
                    for (int j = 0; j < kLanes; ++j)
                        acc[j] += run[size_t(d + j)] * run[size_t(d + j)];
                    for (int j = 0; j < kLanes; ++j)
                        acc[j] += run[size_t(d + kLanes + j)] * run[size_t(d + kLanes + j)];
                }
                float total = acc[0];
                for (int j = 1; j < kLanes; ++j)
                    total = total + acc[j];
                for (; d < n; ++d)
                    total += run[size_t(d)] * run[size_t(d)];
                o[i] = T(std::sqrt(total));
            }
        }
    });
    return out;
}

Tensor normKernel(const Tensor& t, float p, const IntList& dims, bool keepdim)
{
    IntList keptSizes = t.sizes();
    for (int64_t d = 0; d < t.dim(); ++d)  // a 0-d tensor's dim 0 / -1 is no dim of it
        if (isReduced(dims, d))
            keptSizes[size_t(d)] = 1;
    IntList outSizes;
    for (int64_t d = 0; d < t.dim(); ++d)
        if (keepdim || !isReduced(dims, d))
            outSizes.push_back(t.sizes()[size_t(d)]);
    if (keepdim)
        outSizes = keptSizes;
    Tensor out = kernel::newTensor(outSizes, t.dtype(), t.device());
    const std::vector<int64_t> outer = kernel::elementOffsets(keptSizes, t.strides());
    // The reduced elements in the order TensorIterator visits them (a transposed tensor's
    // full norm reads its storage front to back; a broadcast dim stays where it is).
    const std::vector<int64_t> inner = reducedElementOffsets(t, dims);
    const int64_t n = int64_t(inner.size());
    bool contiguousRun = n > 0;
    for (int64_t j = 0; j < n && contiguousRun; ++j)
        contiguousRun = inner[size_t(j)] == j;
    const bool lanes = p == 2 && t.dtype() == ScalarType::Float32 && contiguousRun;
    if (isReducedFloatingType(t.dtype()))
        return reducedFloatNormKernel(t, p, outer, inner, contiguousRun, out);
    AGV_DISPATCH_FLOATING(t.dtype(), "norm_cpu", [&] {
        using T = scalar_t;
        const T* x = t.data<T>();
        T* o = out.data<T>();
        std::vector<T> run(static_cast<size_t>(n));
        for (size_t i = 0; i < outer.size(); ++i) {
            if (t.numel() == 0) {
                o[i] = p < 0 ? T(INFINITY) : T(0);
                continue;
            }
            if (lanes) {
                o[i] = std::sqrt(sumOfSquaresInLanes(x + outer[i], n));
                continue;
            }
            for (int64_t j = 0; j < n; ++j)
                run[size_t(j)] = x[outer[i] + inner[size_t(j)]];
            o[i] = normOfRun(run.data(), n, 1, p);
        }
    });
    return out;
}

/// x.sgn() for real tensors: -1, 0 or 1 (NaN stays NaN), outside autograd (its
/// derivative is zero).
Tensor sgnValues(const Tensor& t)
{
    return AGV_DISPATCH_FLOATING_AND_HALF(t.dtype(), "sgn", [&] {
        using T = scalar_t;
        return kernel::mapUnary<T, T>(kernel::convert(t, t.dtype()), t.dtype(), [](T x) {
            return std::isnan(float(x)) ? x : T(float((T(0) < x) - (x < T(0))));
        });
    });
}

/// Puts back the reduced dims of a keepdim=False result so that it broadcasts against self.
Tensor unsqueezeReduced(const Tensor& g, const IntList& dims, int64_t ndim, bool keepdim)
{
    if (keepdim || ndim == 0)
        return g;
    Tensor out = g;
    for (int64_t d : dims)  // sorted ascending
        out = unsqueeze(out, d);
    return out;
}

Tensor isnanMask(const Tensor& t) { return compare(t, t, CompareOp::Ne); }

Tensor logicalOrMask(const Tensor& a, const Tensor& b)
{
    return kernel::mapBinary<bool, bool>(a, b, broadcastShapes(a.sizes(), b.sizes()), ScalarType::Bool,
                                         [](bool x, bool y) { return x || y; });
}

/// FunctionsManual's norm_backward, in differentiable ops so that double backward works.
Tensor normBackward(const Tensor& gradIn, const Tensor& self, double p, const Tensor& normIn, const IntList& dims,
                    bool keepdim)
{
    const Tensor grad = unsqueezeReduced(gradIn, dims, self.dim(), keepdim);
    const Tensor norm = unsqueezeReduced(normIn, dims, self.dim(), keepdim);
    if (p == 0.0)
        return Tensor();
    if (p == 1.0)
        return mul(sgn(self), grad);
    if (p == 2.0)
        return mul(grad, maskedFill(div(self, norm), compare(norm, Scalar(0), CompareOp::Eq), Scalar(0)));
    if (std::isinf(p)) {
        Tensor selfAbs = abs(self);
        Tensor mask = logicalOrMask(compare(selfAbs, norm, CompareOp::Eq), isnanMask(selfAbs));
        return mul(sgn(self), mul(div(grad, sum(mask, dims, true)), mask));
    }
    if (p < 1.0) {
        Tensor scaled = mul(sgn(self),
                            maskedFill(pow(abs(self), Scalar(p - 1)), compare(self, Scalar(0), CompareOp::Eq), Scalar(0)));
        return mul(mul(scaled, grad), pow(norm, Scalar(1 - p)));
    }
    Tensor scaled = p < 2.0 ? mul(sgn(self), pow(abs(self), Scalar(p - 1)))
                            : mul(self, pow(abs(self), Scalar(p - 2)));
    Tensor scale = maskedFill(div(grad, pow(norm, Scalar(p - 1))), compare(norm, Scalar(0), CompareOp::Eq), Scalar(0));
    return mul(scaled, scale);
}

/// FunctionsManual's norm_jvp(self_p, self_t, p, result, dim, keepdim), order by order.
Tensor normTangent(const Tensor& self, const Tensor& selfTangent, double p, const Tensor& result, const IntList& dims,
                   bool keepdim)
{
    if (p == 0.0)
        return zerosLike(result);
    if (p == 1.0)
        return sum(mul(sgnValues(self), selfTangent), dims, keepdim);
    const Tensor normIsZero = compare(result, Scalar(0), CompareOp::Eq);
    if (p == 2.0)
        return maskedFill(div(sum(mul(self, selfTangent), dims, keepdim), result), normIsZero, Scalar(0));
    if (std::isinf(p)) {
        // The tangent is shared evenly among the elements whose |x| is the norm (NaNs too).
        IntList keptSizes = self.sizes();
        for (int64_t d : dims)
            keptSizes[size_t(d)] = 1;
        const Tensor norm = reshape(result, keptSizes);
        const Tensor bothNan = logical(compare(self, self, CompareOp::Ne), compare(norm, norm, CompareOp::Ne),
                                       LogicalOp::And);
        const Tensor isExtreme =
            toDtype(logical(compare(abs(self), norm, CompareOp::Eq), bothNan, LogicalOp::Or), result.dtype());
        const Tensor count = sum(isExtreme, dims, true);  // count_nonzero, kept as a divisor
        return sum(div(mul(mul(sgnValues(self), selfTangent), isExtreme), count), dims, keepdim);
    }
    if (p < 1.0) {
        const Tensor powered = maskedFill(pow(abs(self), Scalar(p - 1)), compare(self, Scalar(0), CompareOp::Eq),
                                          Scalar(0));
        return mul(sum(mul(powered, mul(sgnValues(self), selfTangent)), dims, keepdim), pow(result, Scalar(1 - p)));
    }
    const Tensor summed = p < 2.0
                              ? sum(mul(pow(abs(self), Scalar(p - 1)), mul(sgnValues(self), selfTangent)), dims, keepdim)
                              : sum(mul(pow(abs(self), Scalar(p - 2)), mul(self, selfTangent)), dims, keepdim);
    return maskedFill(div(summed, pow(result, Scalar(p - 1))), normIsZero, Scalar(0));
}

}  // namespace

Tensor norm(const Tensor& t, Scalar p, const IntList& dimsIn, bool keepdim)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(t);
    AGV_CHECK(isFloatingType(t.dtype()), RuntimeError,
              "norm(): input dtype should be either floating point or complex. Got ", legacyDtypeShortName(t.dtype()),
              " instead.");
    const IntList dims = reducedDims(t, dimsIn);
    const double pValue = p.toDouble();
    Tensor out = normKernel(t, float(pValue), dims, keepdim);
    OpRecorder rec("NormBackward1", {&t}, [pValue, dims, keepdim](BackwardNode& n, const variable_list& g) {
        // Unpacked in order, as the generated apply() does: the first stale one is reported.
        const Tensor saved0 = n.saved(0); const Tensor saved1 = n.saved(1);
        return variable_list{normBackward(g[0], saved0, pValue, saved1, dims, keepdim)};
    });
    rec.attr("dim", dimsIn);
    rec.attr("keepdim", keepdim);
    rec.attr("p", scalarAttr(p));
    rec.save("self", t);
    rec.forward([&t, pValue, dims, keepdim](const InputTangents& tangents, const Tensor& result) {
        return normTangent(t, tangents[0], pValue, result, dims, keepdim);
    });
    return rec.finishSavingResult(out);
}

Tensor normScalar(const Tensor& t, Scalar p)
{
    gradientEdgeFirst(t);
    AGV_CHECK(isFloatingType(t.dtype()), RuntimeError,
              "norm(): input dtype should be either floating point or complex. Got ", legacyDtypeShortName(t.dtype()),
              " instead.");
    const IntList dims = reducedDims(t, IntList{});
    const double pValue = p.toDouble();
    Tensor out = normKernel(t, float(pValue), dims, false);
    OpRecorder rec("NormBackward0", {&t}, [pValue, dims](BackwardNode& n, const variable_list& g) {
        const Tensor saved0 = n.saved(0); const Tensor saved1 = n.saved(1);
        return variable_list{normBackward(g[0], saved0, pValue, saved1, dims, false)};
    });
    rec.attr("p", scalarAttr(p));
    rec.save("self", t);
    rec.forward([&t, pValue, dims](const InputTangents& tangents, const Tensor& result) {
        return normTangent(t, tangents[0], pValue, result, dims, false);
    });
    return rec.finishSavingResult(out);
}

Tensor linalgVectorNorm(const Tensor& t, Scalar ord, const std::optional<IntList>& dimsIn, bool keepdim)
{
    AGV_CHECK(isFloatingType(t.dtype()), RuntimeError,
              "linalg.vector_norm: Expected a floating point or complex tensor as input. Got ",
              legacyDtypeShortName(t.dtype()));
    const IntList dims = reducedDims(t, dimsIn.value_or(IntList{}));
    const double ordValue = ord.toDouble();
    Tensor out = normKernel(t, float(ordValue), dims, keepdim);
    OpRecorder rec("LinalgVectorNormBackward0", {&t}, [ordValue, dims, keepdim](BackwardNode& n,
                                                                                const variable_list& g) {
        // Unpacked in order, as the generated apply() does: the first stale one is reported.
        const Tensor saved0 = n.saved(0); const Tensor saved1 = n.saved(1);
        return variable_list{normBackward(g[0], saved0, ordValue, saved1, dims, keepdim)};
    });
    rec.attr("dim", dimsIn ? SavedAttr(*dimsIn) : SavedAttr(NoneValue{}));
    rec.attr("keepdim", keepdim);
    rec.attr("ord", scalarAttr(ord));
    rec.save("self", t);
    rec.forward([&t, ordValue, dims, keepdim](const InputTangents& tangents, const Tensor& result) {
        return normTangent(t, tangents[0], ordValue, result, dims, keepdim);
    });
    return rec.finishSavingResult(out);
}

Tensor frobeniusNorm(const Tensor& t, const IntList& dimsIn, bool keepdim)
{
    AGV_CHECK(dimsIn.size() <= 2, RuntimeError, "Expected at most 2 dimensions, but got ", dimsIn.size(),
              " dimensions instead.");
    if (dimsIn.size() <= 1)
        return norm(t, Scalar(int64_t(2)), dimsIn, keepdim);
    const int64_t d0 = wrapDim(dimsIn[0], t.dim()), d1 = wrapDim(dimsIn[1], t.dim());
    AGV_CHECK(d0 != d1, RuntimeError, "Expected dims to be different, got ", sizesToString(dimsIn), " instead");
    return sqrt(sum(mul(t, t), {d0, d1}, keepdim));
}

Tensor dist(const Tensor& self, const Tensor& other, Scalar p)
{
    // at::dist is at::norm(self - other, p) below autograd: their errors and kernels.
    Tensor out = quietly([&] { return norm(sub(self, other), p, {}, false); });
    const double pValue = p.toDouble();
    OpRecorder rec("DistBackward0", {&self, &other}, [pValue](BackwardNode& n, const variable_list& g) {
        const Tensor otherSaved = n.saved(0), selfSaved = n.saved(1), result = n.saved(2);
        // norm_backward(grad, self - other, p, result) for self, its negation for other
        // (other's first: sorted names); each formula subtracts anew, as PyTorch's do.
        Tensor gradOther, gradSelf;
        if (n.needsInputGrad(1)) {
            gradOther = normBackward(g[0], sub(selfSaved, otherSaved), pValue, result, {}, true);
            // p = 0 has no gradient (undefined), and ATen's neg refuses an undefined tensor.
            AGV_CHECK(gradOther.defined(), RuntimeError,
                      "Expected a proper Tensor but got None (or an undefined Tensor in C++) for argument #0 'self'");
            gradOther = neg(gradOther);
        }
        if (n.needsInputGrad(0))
            gradSelf = normBackward(g[0], sub(selfSaved, otherSaved), pValue, result, {}, true);
        return variable_list{gradSelf, gradOther};
    });
    rec.save("other", other);
    rec.attr("p", scalarAttr(p));
    rec.save("self", self);
    rec.forward([&self, &other, pValue](const InputTangents& t, const Tensor& result) {
        return normTangent(sub(self, other), sub(t[0], t[1]), pValue, result, {}, false);
    });
    return rec.finishSavingResult(out);
}

}  // namespace agv::ops
