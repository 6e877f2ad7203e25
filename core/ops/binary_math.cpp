// maximum, minimum, atan2 and lerp: the broadcasting binary (and ternary) math ops with
// PyTorch 1.13's CPU kernels and backward formulas (MaximumBackward0, MinimumBackward0,
// Atan2Backward0, LerpBackward0 / LerpBackward1).
//
// Note [maximum / minimum bodies]
// maximum_kernel gives cpu_kernel_vec two bodies that disagree on signed zeros and NaN:
// the scalar one returns a quiet NaN when either operand is NaN, else std::max(a, b)
// (the first operand on a tie, so max(0., -0.) is 0.); the Vectorized one is
// _mm256_max_ps(a, b) or-ed with the unordered mask (the second operand on a tie or a
// NaN, then all-ones, a NaN with the sign bit set). Which elements meet which body is
// TensorIterator's loop (Note [cpu_kernel_vec bodies]); integral and bool dtypes agree.

#include <cmath>
#include <cstring>
#include <optional>
#include <type_traits>

#include "core/ops/internal_ops.h"
#include "core/ops/inplace_intercept.h"
#include "core/ops/dispatch_bfloat16.h"
#include "core/ops/kernels.h"
#include "core/ops/lerp_inplace.h"
#include "core/ops/masked_fill.h"
#include "core/ops/mem_overlap.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/ops/sleef_math.h"
#include "core/ops/type_promotion.h"
#include "core/ops/vectorized_loop.h"
#include "core/ops/view_inplace.h"
#include "core/ops/zero_tensor.h"

namespace agv::ops {

namespace {

/// f(a[i], b[i], vector) over the broadcast shape, `vector` saying whether PyTorch's
/// Vectorized body computes element i; a and b already of dtype T. The result is laid out
/// as TensorIterator lays it out for the op's own operands (before any dtype conversion,
/// which copies): `layoutA` and `layoutB`.
template <typename T, typename F>
Tensor twoBodyKernel(const Tensor& a, const Tensor& b, const IntList& shape, ScalarType type, F f,
                     const Tensor& layoutA, const Tensor& layoutB)
{
    Tensor out = kernel::newTensor(shape, type, kernel::resultDevice(a, b));
    const IntList stridesA = kernel::broadcastStrides(a, shape);
    const IntList stridesB = kernel::broadcastStrides(b, shape);
    const std::vector<int64_t> offA = kernel::elementOffsets(shape, stridesA);
    const std::vector<int64_t> offB = kernel::elementOffsets(shape, stridesB);
    const std::vector<bool> vector =
        kernel::vectorizedElements(shape, {IntList{}, stridesA, stridesB}, int64_t(32 / sizeof(T)));
    const T* x = a.data<T>();
    const T* y = b.data<T>();
    T* o = out.data<T>();
    for (size_t i = 0; i < offA.size(); ++i)
        o[i] = f(x[offA[i]], y[offB[i]], bool(vector[i]));
    return kernel::asElementwiseOutput(out, {&layoutA, &layoutB});
}

/// A NaN with every bit set: what the Vectorized max/min bodies write for NaN operands.
template <typename T>
T allOnesNan()
{
    if constexpr (std::is_same_v<T, float>) {
        const uint32_t bits = 0xFFFFFFFFu;
        float v;
        std::memcpy(&v, &bits, sizeof v);
        return v;
    } else if constexpr (std::is_same_v<T, double>) {
        const uint64_t bits = 0xFFFFFFFFFFFFFFFFull;
        double v;
        std::memcpy(&v, &bits, sizeof v);
        return v;
    } else {
        return T::fromBits(0xFFFF);
    }
}

/// See Note [maximum / minimum bodies].
Tensor extremum(const Tensor& a, const Tensor& b, bool isMax)
{
    const char* name = isMax ? "maximum_cpu" : "minimum_cpu";
    checkSameDevice(a, b);
    const ScalarType type = resultType({&a, &b});
    const IntList shape = broadcastShapes(a.sizes(), b.sizes());
    const Tensor x = kernel::convert(a, type);
    const Tensor y = kernel::convert(b, type);
    return AGV_DISPATCH_ALL_AND_HALF(type, name, [&] {
        using T = scalar_t;
        return twoBodyKernel<T>(x, y, shape, type, [isMax](T p, T q, bool vector) -> T {
            if constexpr (std::is_same_v<T, bool>) {
                return isMax ? (p || q) : (p && q);
            } else if constexpr (std::is_integral_v<T>) {
                return isMax ? std::max(p, q) : std::min(p, q);
            } else {
                // Half and BFloat16 compare as float; a double must keep its precision.
                using C = std::conditional_t<std::is_same_v<T, double>, double, float>;
                const C fp = C(p), fq = C(q);
                if (vector) {
                    if (std::isnan(fp) || std::isnan(fq))
                        return allOnesNan<T>();
                    return isMax ? (fp > fq ? p : q) : (fp < fq ? p : q);
                }
                if (std::isnan(fp) || std::isnan(fq))
                    return T(std::numeric_limits<float>::quiet_NaN());
                return isMax ? (fp < fq ? q : p) : (fq < fp ? q : p);
            }
        }, a, b);
    });
}

/// at::where(self == other, grad / 2, grad).masked_fill_(self <op> other, 0): in place, so
/// the gradient is at _version 1.
Tensor extremumBackward(const Tensor& g, const Tensor& self, const Tensor& other, CompareOp losing)
{
    Tensor grad = where(compare(self, other, CompareOp::Eq), internal::divScalar(g, Scalar(2)), g);
    return maskedFillInplace(grad, compare(self, other, losing), Scalar(0));
}

Tensor recordExtremum(const Tensor& a, const Tensor& b, bool isMax)
{
    const CompareOp selfLoses = isMax ? CompareOp::Lt : CompareOp::Gt;
    const CompareOp otherLoses = isMax ? CompareOp::Gt : CompareOp::Lt;
    OpRecorder rec(isMax ? "MaximumBackward0" : "MinimumBackward0", {&a, &b},
                   [selfLoses, otherLoses](BackwardNode& n, const variable_list& g) {
                       Tensor self = n.saved(0), other = n.saved(1);
                       return variable_list{
                           n.needsInputGrad(0) ? extremumBackward(g[0], self, other, selfLoses) : Tensor(),
                           n.needsInputGrad(1) ? extremumBackward(g[0], self, other, otherLoses) : Tensor()};
                   });
    rec.save("self", a);
    rec.save("other", b);
    // other_t + where(self_p == other_p, 0.5, self_p > other_p (< for minimum)) * (self_t - other_t)
    rec.forward([isMax](const InputTangents& t, const Tensor& result) {
        const Tensor& self = t.primal(0);
        const Tensor& other = t.primal(1);
        const Tensor wins = toDtype(compare(self, other, isMax ? CompareOp::Gt : CompareOp::Lt), result.dtype());
        const Tensor share = where(compare(self, other, CompareOp::Eq), full({}, Scalar(0.5), result.dtype()), wins);
        const Tensor difference = subTangentTerms(t[0], t.isZero(0), t[1], t.isZero(1));
        return addTangentTerms(t[1], t.isZero(1), mul(share, difference), false);
    });
    Tensor out = extremum(a, b, isMax);
    return rec.finish(out);
}

/// PyTorch 1.13's lerp for real types: self + weight * (end - self) for weight < 0.5
/// (negative weights included), else end - (end - self) * (1 - weight); the AVX2 build
/// fuses each multiply-add.
template <typename T>
T lerpValue(T self, T end, T weight)
{
    if constexpr (kIsReducedFloat<T>) {
        // bfloat16: the float formula (opmath), rounded once.
        return T(lerpValue<float>(float(self), float(end), float(weight)));
    } else {
        const T diff = end - self;
        return weight < T(0.5) ? std::fma(weight, diff, self) : std::fma(-diff, T(1) - weight, end);
    }
}

/// LerpBackward0: grad * (1 - weight) and grad * weight.
BackwardNode::Rule lerpScalarRule(Scalar weight)
{
    return [weight](BackwardNode& n, const variable_list& g) {
        return variable_list{n.needsInputGrad(0) ? internal::mulScalar(g[0], Scalar(1 - weight.toDouble())) : Tensor(),
                             n.needsInputGrad(1) ? internal::mulScalar(g[0], weight) : Tensor()};
    };
}

/// LerpBackward1: grad * (1 - weight), grad * weight and grad * (end - self), from the
/// saved self, end and weight.
BackwardNode::Rule lerpTensorRule()
{
    return [](BackwardNode& n, const variable_list& g) {
        Tensor s = n.saved(0), e = n.saved(1), w = n.saved(2);
        return variable_list{n.needsInputGrad(0) ? mul(g[0], rsub(w, Scalar(1))) : Tensor(),
                             n.needsInputGrad(1) ? mul(g[0], w) : Tensor(),
                             n.needsInputGrad(2) ? mul(g[0], sub(e, s)) : Tensor()};
    };
}

void checkLerpDtype(const Tensor& self, const Tensor& other, const char* what)
{
    AGV_CHECK(self.dtype() == other.dtype(), RuntimeError, "expected dtype ", typeMetaName(self.dtype()), " for `",
              what, "` but got dtype ", typeMetaName(other.dtype()));
}

}  // namespace

Tensor maximum(const Tensor& a, const Tensor& b) { return recordExtremum(a, b, true); }
Tensor minimum(const Tensor& a, const Tensor& b) { return recordExtremum(a, b, false); }

Tensor atan2(const Tensor& a, const Tensor& b)
{
    // atan2_backward: grad * other * recip and grad * -self * recip, recip = 1 / (self^2 + other^2)
    OpRecorder rec("Atan2Backward0", {&a, &b}, [](BackwardNode& n, const variable_list& g) {
        Tensor self = n.saved(0), other = n.saved(1);
        Tensor recip = reciprocal(add(mul(self, self), mul(other, other)));
        return variable_list{n.needsInputGrad(0) ? mul(mul(g[0], other), recip) : Tensor(),
                             n.needsInputGrad(1) ? mul(mul(g[0], neg(self)), recip) : Tensor()};
    });
    rec.save("self", a);
    rec.save("other", b);
    // (-self_p * other_t + other_p * self_t) / (self_p.pow(2) + other_p.pow(2))
    rec.forward([](const InputTangents& t, const Tensor&) {
        const Tensor& self = t.primal(0);
        const Tensor& other = t.primal(1);
        const Tensor numerator = addTangentTerms(mul(neg(self), t[1]), t.isZero(1), mul(other, t[0]), t.isZero(0));
        return div(numerator, add(pow(self, Scalar(2)), pow(other, Scalar(2))));
    });
    checkSameDevice(a, b);
    const ScalarType type = floatResultType(resultType({&a, &b}));
    const IntList shape = broadcastShapes(a.sizes(), b.sizes());
    const Tensor x = kernel::convert(a, type);
    const Tensor y = kernel::convert(b, type);
    Tensor out = AGV_DISPATCH_FLOATING_AND_BFLOAT16(type, "atan2_cpu", [&] {
        using T = scalar_t;
        // bfloat16 computes in float: Vectorized<BFloat16>::atan2 widens each lane for
        // SLEEF, the scalar body calls std::atan2 on the floats; each result rounds once.
        using C = std::conditional_t<kIsReducedFloat<T>, float, T>;
        // Every element through SLEEF first (lane by lane, so position does not matter),
        // then the scalar body's std::atan2 where cpu_kernel_vec uses it.
        const std::vector<int64_t> offX = kernel::elementOffsets(shape, kernel::broadcastStrides(x, shape));
        const std::vector<int64_t> offY = kernel::elementOffsets(shape, kernel::broadcastStrides(y, shape));
        std::vector<C> xs(offX.size()), ys(offY.size()), vec(offX.size());
        for (size_t k = 0; k < offX.size(); ++k) {
            xs[k] = C(x.data<T>()[offX[k]]);
            ys[k] = C(y.data<T>()[offY[k]]);
        }
        const bool sleefDone = sleef::atan2(xs.data(), ys.data(), vec.data(), int64_t(vec.size()));
        size_t i = 0;
        return twoBodyKernel<T>(x, y, shape, type, [&](T p, T q, bool vector) {
            const C r = sleefDone && vector ? vec[i] : std::atan2(C(p), C(q));
            ++i;
            return T(r);
        }, a, b);
    });
    return rec.finish(out);
}

Tensor lerp(const Tensor& self, const Tensor& end, Scalar weight)
{
    OpRecorder rec("LerpBackward0", {&self, &end}, lerpScalarRule(weight));
    rec.attr("weight", scalarAttr(weight));
    rec.forward([weight](const InputTangents& t, const Tensor&) { return lerp(t[0], t[1], weight); });
    checkLerpDtype(self, end, "end");
    const IntList shape = broadcastShapes(self.sizes(), end.sizes());
    Tensor out = AGV_DISPATCH_FLOATING_AND_BFLOAT16(self.dtype(), "lerp_kernel_scalar", [&] {
        using T = scalar_t;
        // The weight as the kernel's opmath type: a bfloat16 lerp takes it as a float, unrounded.
        using W = std::conditional_t<kIsReducedFloat<T>, float, T>;
        const W w = W(weight.toDouble());
        return kernel::mapBinary<T, T>(self, end, shape, self.dtype(),
                                       [w](T s, T e) { return T(lerpValue<W>(W(s), W(e), w)); });
    });
    return rec.finish(out);
}

Tensor lerp(const Tensor& self, const Tensor& end, const Tensor& weight)
{
    OpRecorder rec("LerpBackward1", {&self, &end, &weight}, lerpTensorRule());
    rec.save("self", self);
    rec.save("end", end);
    rec.save("weight", weight);
    // lerp(self_t, end_t, weight_p) + weight_t * (end_p - self_p)
    rec.forward([](const InputTangents& t, const Tensor&) {
        const Tensor linear = lerp(t[0], t[1], t.primal(2));
        return addTangentTerms(linear, false, mul(t[2], sub(t.primal(1), t.primal(0))), t.isZero(2));
    });
    checkLerpDtype(self, end, "end");
    checkLerpDtype(self, weight, "weight");
    const IntList shape = broadcastShapes(broadcastShapes(self.sizes(), end.sizes()), weight.sizes());
    Tensor out = AGV_DISPATCH_FLOATING_AND_BFLOAT16(self.dtype(), "lerp_kernel_tensor", [&] {
        using T = scalar_t;
        Tensor o = kernel::newTensor(shape, self.dtype(), self.device());
        const std::vector<int64_t> offS = kernel::elementOffsets(shape, kernel::broadcastStrides(self, shape));
        const std::vector<int64_t> offE = kernel::elementOffsets(shape, kernel::broadcastStrides(end, shape));
        const std::vector<int64_t> offW = kernel::elementOffsets(shape, kernel::broadcastStrides(weight, shape));
        const T* s = self.data<T>();
        const T* e = end.data<T>();
        const T* w = weight.data<T>();
        T* r = o.data<T>();
        for (size_t i = 0; i < offS.size(); ++i)
            r[i] = lerpValue(s[offS[i]], e[offE[i]], w[offW[i]]);
        return kernel::asElementwiseOutput(o, {&self, &end, &weight});
    });
    return rec.finish(out);
}

namespace {

/// lerp_ with a number (weightTensor null) or a tensor weight: the out-of-place values
/// written into self, the node rebased onto it (its saved self the value before).
Tensor& lerpInplaceImpl(Tensor& self, const Tensor& end, const Tensor* weightTensor, Scalar weight)
{
    const bool byTensor = weightTensor != nullptr;
    checkInplace(self, self.requiresGrad() || end.requiresGrad() || (byTensor && weightTensor->requiresGrad()));
    checkNoInternalOverlap(self);
    checkNoPartialOverlap(self, end);  // See Note [Partial overlap of an in-place op's input]
    if (byTensor)
        checkNoPartialOverlap(self, *weightTensor);
    const Tensor result =
        quietly([&] { return byTensor ? lerp(self, end, *weightTensor) : lerp(self, end, weight); });
    AGV_CHECK(result.sizes() == self.sizes(), RuntimeError, "output with shape ", sizesToString(self.sizes()),
              " doesn't match the broadcast shape ", sizesToString(result.sizes()));
    const char* name = byTensor ? "LerpBackward1" : "LerpBackward0";
    TensorList inputs{self, end};
    if (byTensor)
        inputs.push_back(*weightTensor);
    OpRecorder rec(name, inputs, byTensor ? lerpTensorRule() : lerpScalarRule(weight));
    const Tensor original = rec.active() && byTensor ? clone(self) : Tensor();
    if (byTensor) {
        const Tensor w = *weightTensor;
        rec.forward([w](const InputTangents& t, const Tensor&) {
            const Tensor linear = lerp(t[0], t[1], w);
            return addTangentTerms(linear, false, mul(t[2], sub(t.primal(1), t.primal(0))), t.isZero(2));
        });
    } else {
        rec.forward([weight](const InputTangents& t, const Tensor&) { return lerp(t[0], t[1], weight); });
    }
    if (rec.forwardActive())
        rec.setOriginalSelf(clone(self));
    checkNotZeroTensor(self);
    std::optional<InplaceIntercept> intercept;
    if (byTensor)
        intercept.emplace(name, "lerp_", std::initializer_list<const Tensor*>{&self, &end, weightTensor}, self);
    else
        intercept.emplace(name, "lerp_", std::initializer_list<const Tensor*>{&self, &end}, self);
    kernel::copyInto(self, result);
    intercept->offer(self);
    self.bumpVersion("lerp_");
    if (rec.active()) {
        if (byTensor) {
            rec.save("self", original);
            rec.save("end", end);
            rec.save("weight", *weightTensor);
        } else {
            rec.attr("weight", scalarAttr(weight));
        }
        rebaseHistory(self, rec.node(), false);
    }
    intercept->announce(rec.active() ? rec.node()->id() : 0, self);
    rec.finishInplaceTangent(self);
    return self;
}

}  // namespace

Tensor& lerpInplace(Tensor& self, const Tensor& end, Scalar weight)
{
    return lerpInplaceImpl(self, end, nullptr, weight);
}

Tensor& lerpInplace(Tensor& self, const Tensor& end, const Tensor& weight)
{
    return lerpInplaceImpl(self, end, &weight, Scalar(0.0));
}

}  // namespace agv::ops
