// fmax / fmin, copysign, gcd / lcm and nextafter (binary_special.h): PyTorch 1.13's CPU
// kernels, which are exact (a choice, a sign bit, integer arithmetic, a step to the
// neighbouring float), so the work is in the dtypes each kernel takes, the promotion of
// its operands and the formulas of the nodes.

#include "core/ops/binary_special.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <type_traits>

#include "core/ops/inplace_checks.h"
#include "core/ops/inplace_record.h"
#include "core/ops/iterator_layout.h"
#include "core/ops/kernels.h"
#include "core/ops/masked_fill.h"
#include "core/ops/nodeless_intercept.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/ops/type_promotion.h"
#include "core/ops/view_inplace.h"

namespace agv::ops {

namespace {

/// f over the operands' broadcast shape, both converted to `T` (the dtype `type`), laid out
/// as TensorIterator lays out their output.
template <typename T, typename F>
Tensor binaryValues(const Tensor& self, const Tensor& other, const IntList& shape, ScalarType type, F f)
{
    const IntList strides = elementwiseOutputStrides(shape, {&self, &other});
    return kernel::mapBinary<T, T>(kernel::convert(self, type), kernel::convert(other, type), shape, type, f, strides);
}

/// TensorIterator's order: devices, then the broadcast shape, before the kernel's dtype.
IntList iteratorShape(const Tensor& self, const Tensor& other)
{
    checkSameDevice(self, other);
    return broadcastShapes(self.sizes(), other.sizes());
}

/// TensorIterator's cast check of the result type into self.
void checkCastInto(const Tensor& self, ScalarType result)
{
    AGV_CHECK(canCast(result, self.dtype()), RuntimeError, "result type ", legacyDtypeShortName(result),
              " can't be cast to the desired output type ", legacyDtypeShortName(self.dtype()));
}

/// A NotImplementedError when the node's backward runs (derivatives.yaml's not_implemented).
BackwardNode::Rule derivativeNotImplemented(const char* op)
{
    const std::string message = std::string("the derivative for '") + op + "' is not implemented.";
    return [message](BackwardNode&, const variable_list&) -> variable_list {
        throw Error(PyExc::NotImplementedError, message);
    };
}

}  // namespace

// ---------------------------------------------------------------- fmax / fmin

namespace {

/// fmax_kernel / fmin_kernel: std::fmax / std::fmin for floating types (bfloat16 and half
/// through float), maximum's / minimum's kernel otherwise (bool: or / and).
template <bool IsMax>
Tensor fmaxValues(const Tensor& self, const Tensor& other)
{
    const IntList shape = iteratorShape(self, other);
    const ScalarType type = resultType({&self, &other});
    const char* name = isFloatingType(type) ? (IsMax ? "fmax_cpu" : "fmin_cpu") : (IsMax ? "maximum_cpu" : "minimum_cpu");
    return AGV_DISPATCH_ALL_AND_HALF(type, name, [&] {
        using T = scalar_t;
        return binaryValues<T>(self, other, shape, type, [](T a, T b) -> T {
            if constexpr (std::is_same_v<T, bool>)
                return IsMax ? (a || b) : (a && b);
            else if constexpr (kIsFloating<T>)
                return T(IsMax ? std::fmax(double(a), double(b)) : std::fmin(double(a), double(b)));
            else
                return IsMax ? (a < b ? b : a) : (b < a ? b : a);
        });
    });
}

/// (self >= other).logical_or_(other.isnan()) for fmax, with <= for fmin: where self was chosen.
template <bool IsMax>
Tensor selfChosen(const Tensor& self, const Tensor& other)
{
    return logical(compare(self, other, IsMax ? CompareOp::Ge : CompareOp::Le), compare(other, other, CompareOp::Ne),
                   LogicalOp::Or);
}

template <bool IsMax>
Tensor fmaxOp(const Tensor& self, const Tensor& other)
{
    Tensor out = fmaxValues<IsMax>(self, other);
    OpRecorder rec(IsMax ? "FmaxBackward0" : "FminBackward0", {&self, &other},
                   [](BackwardNode& n, const variable_list& g) {
                       const Tensor other = n.saved(0), self = n.saved(1);
                       // Note [Backward formulas run in input-name order]: other's first.
                       Tensor gradOther, gradSelf;
                       if (n.needsInputGrad(1))
                           gradOther = maskedFill(g[0], selfChosen<IsMax>(self, other), Scalar(int64_t(0)));
                       if (n.needsInputGrad(0))
                           gradSelf = maskedFill(g[0], logicalNot(selfChosen<IsMax>(self, other)), Scalar(int64_t(0)));
                       return variable_list{gradSelf, gradOther};
                   });
    rec.save("other", other);
    rec.save("self", self);
    // other_t + (self_p > other_p).logical_or_(other_p.isnan()) * (self_t - other_t), with
    // <= for fmin, as derivatives.yaml writes them.
    rec.forward([](const InputTangents& t, const Tensor&) {
        const Tensor& self = t.primal(0);
        const Tensor& other = t.primal(1);
        const Tensor chosen = logical(compare(self, other, IsMax ? CompareOp::Gt : CompareOp::Le),
                                      compare(other, other, CompareOp::Ne), LogicalOp::Or);
        return add(t[1], mul(chosen, sub(t[0], t[1])));
    });
    return rec.finish(out);
}

}  // namespace

Tensor fmax(const Tensor& self, const Tensor& other) { return fmaxOp<true>(self, other); }
Tensor fmin(const Tensor& self, const Tensor& other) { return fmaxOp<false>(self, other); }

// ---------------------------------------------------------------- copysign

namespace {

/// |a| with b's sign bit, bit for bit (c10::copysign, Vectorized::copysign): NaNs keep
/// their payload.
template <typename T>
T withSignOf(T a, T b)
{
    if constexpr (kIsReducedFloat<T>)
        return T::fromBits(uint16_t((a.bits & 0x7FFF) | (b.bits & 0x8000)));
    else
        return std::copysign(a, b);
}

/// copysign_out: a binary float op, integral and bool operands computing in the default float.
Tensor copysignValues(const Tensor& self, const Tensor& other)
{
    const IntList shape = iteratorShape(self, other);
    const ScalarType type = floatResultType(resultType({&self, &other}));
    return AGV_DISPATCH_FLOATING_AND_HALF(type, "copysign_cpu", [&] {
        using T = scalar_t;
        return binaryValues<T>(self, other, shape, type, [](T a, T b) { return withSignOf(a, b); });
    });
}

/// copysign_tensor_self_backward: grad * (result / self), the ratio 0 where self is 0.
Tensor copysignSelfBackward(const Tensor& grad, const Tensor& self, const Tensor& result)
{
    Tensor ratio = div(result, self);
    maskedFillInplace(ratio, compare(self, Scalar(int64_t(0)), CompareOp::Eq), Scalar(int64_t(0)));
    return mul(grad, ratio);
}

/// CopysignBackward0: self through the ratio, other zeros of its shape (other_info.zeros()).
BackwardNode::Rule copysignTensorRule(IntList otherSizes, ScalarType otherType, Device otherDevice)
{
    return [otherSizes = std::move(otherSizes), otherType, otherDevice](BackwardNode& n, const variable_list& g) {
        const Tensor result = n.saved(1), self = n.saved(0);
        Tensor gradSelf, gradOther;
        if (n.needsInputGrad(0))
            gradSelf = copysignSelfBackward(g[0], self, result);
        if (n.needsInputGrad(1))
            gradOther = zeros(otherSizes, otherType, otherDevice);
        return variable_list{gradSelf, gradOther};
    };
}

variable_list copysignScalarGradients(BackwardNode& n, const variable_list& g)
{
    const Tensor result = n.saved(1), self = n.saved(0);
    return variable_list{copysignSelfBackward(g[0], self, result)};
}

/// Both overloads' forward formula (the Scalar one's auto_element_wise is the same).
Tensor copysignJvp(const InputTangents& t, const Tensor& result)
{
    return copysignSelfBackward(t[0], t.primal(0), result);
}

}  // namespace

Tensor copysign(const Tensor& self, const Tensor& other)
{
    Tensor out = copysignValues(self, other);
    OpRecorder rec("CopysignBackward0", {&self, &other},
                   copysignTensorRule(other.sizes(), other.dtype(), other.device()));
    rec.save("self", self);
    rec.forward(copysignJvp);
    return rec.finishSavingResult(out);
}

Tensor copysign(const Tensor& self, Scalar other)
{
    // copysign.Scalar: copysign(self, wrapped_scalar_tensor(other)).
    Tensor out = copysignValues(self, scalarTensor(other, self.device()));
    OpRecorder rec("CopysignBackward1", {&self}, copysignScalarGradients);
    rec.save("self", self);
    rec.forward(copysignJvp);
    return rec.finishSavingResult(out);
}

Tensor& copysignInplace(Tensor& self, const Tensor& other)
{
    checkResultType(self, other);
    // A float op: integral operands compute in the default float, which an integral self refuses.
    checkCastInto(self, floatResultType(resultType({&self, &other})));
    InplaceRecord record;
    record.opName = "copysign_";
    record.nodeName = "CopysignBackward0";
    record.rule = copysignTensorRule(other.sizes(), other.dtype(), other.device());
    record.needsOriginalSelf = true;
    record.savesResult = true;
    record.save = [](OpRecorder& rec, const Tensor& originalSelf) { rec.save("self", originalSelf); };
    record.forward = copysignJvp;
    return recordInplace(self, {&self, &other}, record, [&] { return copysignValues(self, other); });
}

Tensor& copysignInplace(Tensor& self, Scalar other)
{
    // The number joins as a wrapped number (copysign_.Scalar wraps it).
    checkInplace(self, self.requiresGrad());
    checkNoInternalOverlap(self);
    checkCastInto(self, floatResultType(resultType(self, other)));
    InplaceRecord record;
    record.opName = "copysign_";
    record.nodeName = "CopysignBackward1";
    record.rule = copysignScalarGradients;
    record.needsOriginalSelf = true;
    record.savesResult = true;
    record.save = [](OpRecorder& rec, const Tensor& originalSelf) { rec.save("self", originalSelf); };
    record.forward = copysignJvp;
    return recordInplace(self, {&self}, record,
                         [&] { return copysignValues(self, scalarTensor(other, self.device())); });
}

// ---------------------------------------------------------------- gcd / lcm

namespace {

/// std::abs as the kernel's integer arithmetic has it: the minimum of a signed type stays
/// itself (its negation wraps).
template <typename T>
T wrappingAbs(T v)
{
    using U = std::make_unsigned_t<T>;
    if constexpr (std::is_unsigned_v<T>)
        return v;
    else
        return v < 0 ? T(U(U(0) - U(v))) : v;
}

/// c10's calc_gcd: Euclid on the absolute values.
template <typename T>
T gcdOf(T a, T b)
{
    a = wrappingAbs(a);
    b = wrappingAbs(b);
    while (a != 0) {
        const T c = a;
        a = T(b % a);
        b = c;
    }
    return b;
}

/// lcm_kernel: abs(a / g * b), 0 when g is 0. Types narrower than int compute in int (no
/// overflow there); int and int64 wrap on overflow, as the compiled kernel does.
template <typename T>
T lcmOf(T a, T b)
{
    const T g = gcdOf(a, b);
    if (g == 0)
        return T(0);
    if constexpr (sizeof(T) < sizeof(int)) {
        return T(std::abs(int(a) / int(g) * int(b)));
    } else {
        using U = std::make_unsigned_t<T>;
        const T product = T(U(T(a / g)) * U(b));
        return wrappingAbs(product);
    }
}

/// gcd / lcm over the promoted integral dtype; anything else is refused by the dispatch.
template <bool IsGcd>
Tensor gcdValues(const Tensor& self, const Tensor& other)
{
    const IntList shape = iteratorShape(self, other);
    const ScalarType type = resultType({&self, &other});
    const char* name = IsGcd ? "gcd_cpu" : "lcm_cpu";
    if (!isIntegralType(type, false))
        throw AGV_DISPATCH_NOT_IMPLEMENTED(type, name);
    return AGV_DISPATCH_ALL(type, name, [&] {
        using T = scalar_t;
        if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
            return binaryValues<T>(self, other, shape, type, [](T a, T b) { return IsGcd ? gcdOf(a, b) : lcmOf(a, b); });
        else
            return Tensor();
    });
}

/// gcd and lcm record no node (an integer result cannot require grad); a dispatch mode
/// still sees them.
template <bool IsGcd>
Tensor gcdOp(const Tensor& self, const Tensor& other)
{
    Tensor out = gcdValues<IsGcd>(self, other);
    offerNodelessOp(IsGcd ? "gcd" : "lcm", "default", {&self, &other}, out);
    announceTensor(out);
    return out;
}

template <bool IsGcd>
Tensor& gcdInplaceOp(Tensor& self, const Tensor& other)
{
    checkResultType(self, other);
    InplaceRecord record;
    record.opName = IsGcd ? "gcd_" : "lcm_";
    // Unreachable in practice: only integral tensors get this far, and they never require grad.
    record.nodeName = "NotImplemented";
    record.rule = derivativeNotImplemented(IsGcd ? "gcd_" : "lcm_");
    return recordInplace(self, {&self, &other}, record, [&] { return gcdValues<IsGcd>(self, other); });
}

}  // namespace

Tensor gcd(const Tensor& self, const Tensor& other) { return gcdOp<true>(self, other); }
Tensor lcm(const Tensor& self, const Tensor& other) { return gcdOp<false>(self, other); }
Tensor& gcdInplace(Tensor& self, const Tensor& other) { return gcdInplaceOp<true>(self, other); }
Tensor& lcmInplace(Tensor& self, const Tensor& other) { return gcdInplaceOp<false>(self, other); }

// ---------------------------------------------------------------- nextafter

namespace {

/// c10's nextafter for BFloat16, on the bits: a NaN operand gives from + to; equal bits
/// give from; from zero steps to the smallest subnormal with to's sign; otherwise one
/// step of the magnitude away from or towards zero.
BFloat16 nextafterBits(BFloat16 from, BFloat16 to)
{
    const float f = float(from), t = float(to);
    if (std::isnan(f) || std::isnan(t))
        return BFloat16(f + t);
    if (from.bits == to.bits)
        return from;
    constexpr uint16_t sign = 0x8000;
    const uint16_t absFrom = from.bits & uint16_t(~sign), absTo = to.bits & uint16_t(~sign);
    if (absFrom == 0) {
        if (absTo == 0)
            return to;
        return BFloat16::fromBits(uint16_t((to.bits & sign) | 1));
    }
    const bool shrink = absFrom > absTo || ((from.bits ^ to.bits) & sign);
    return BFloat16::fromBits(uint16_t(shrink ? from.bits - 1 : from.bits + 1));
}

Tensor nextafterValues(const Tensor& self, const Tensor& other)
{
    const IntList shape = iteratorShape(self, other);
    const ScalarType type = resultType({&self, &other});
    switch (type) {
    case ScalarType::Float32:
        return binaryValues<float>(self, other, shape, type, [](float a, float b) { return std::nextafter(a, b); });
    case ScalarType::Float64:
        return binaryValues<double>(self, other, shape, type, [](double a, double b) { return std::nextafter(a, b); });
    case ScalarType::BFloat16:
        return binaryValues<BFloat16>(self, other, shape, type, nextafterBits);
    default: throw AGV_DISPATCH_NOT_IMPLEMENTED(type, "nextafter_cpu");
    }
}

/// nextafter has no forward formula; 1.13's message for it adds the note of the ops it would
/// try to decompose with TorchScript.
Tensor refuseForwardAd(const InputTangents&, const Tensor&)
{
    throw Error(PyExc::NotImplementedError,
                "Trying to use forward AD with nextafter that does not support it because it has not been implemented "
                "yet.\nPlease file an issue to PyTorch at "
                "https://github.com/pytorch/pytorch/issues/new?template=feature-request.yml so that we can prioritize "
                "its implementation.\nNote that forward AD support for some operators require PyTorch to be built "
                "with TorchScript and for JIT to be enabled. If the environment var PYTORCH_JIT=0 is set or if the "
                "library is not built with TorchScript, some operators may no longer be used with forward AD.");
}

}  // namespace

Tensor nextafter(const Tensor& self, const Tensor& other)
{
    Tensor out = nextafterValues(self, other);
    OpRecorder rec("NextafterBackward0", {&self, &other}, derivativeNotImplemented("nextafter"));
    rec.forward(refuseForwardAd);
    return rec.finish(out);
}

Tensor& nextafterInplace(Tensor& self, const Tensor& other)
{
    checkResultType(self, other);
    InplaceRecord record;
    record.opName = "nextafter_";
    record.nodeName = "NextafterBackward0";
    record.rule = derivativeNotImplemented("nextafter");
    record.forward = refuseForwardAd;
    return recordInplace(self, {&self, &other}, record, [&] { return nextafterValues(self, other); });
}

}  // namespace agv::ops
