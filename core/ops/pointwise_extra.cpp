// nan_to_num, clamp_max / clamp_min, isposinf / isneginf / signbit, logaddexp / logaddexp2,
// deg2rad / rad2deg, hypot, logit and heaviside (pointwise_extra.h): PyTorch 1.13's CPU
// kernels and the formulas derivatives.yaml gives their nodes.
//
// Note [Two-body kernels in float]
// logaddexp, logaddexp2, hypot, logit and logit_backward are cpu_kernel_vec kernels
// whose Vectorized body calls SLEEF where the scalar body calls glibc (Note [cpu_kernel_vec
// bodies] says which elements meet which). Their bfloat16 forms compute in float: the
// logaddexp and hypot bodies convert each operand once and round the result once;
// logit's go through BFloat16 arithmetic, which rounds after every operation, in both
// bodies alike. Half is refused as 1.13 refuses it.

#include "core/ops/pointwise_extra.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "core/autograd/forward_ad.h"
#include "core/autograd/grad_mode.h"
#include "core/ops/inplace_arith.h"
#include "core/ops/internal_ops.h"
#include "core/ops/kernels.h"
#include "core/ops/nodeless_intercept.h"
#include "core/ops/no_derivative.h"
#include "core/ops/op_recorder.h"
#include "core/ops/quietly.h"
#include "core/ops/ops.h"
#include "core/ops/sleef_math.h"
#include "core/ops/type_promotion.h"
#include "core/ops/vectorized_loop.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

bool needs(BackwardNode& n, size_t i) { return n.needsInputGrad(i); }

/// at::scalar_tensor(0., grad.options()): the `where` branch of a gradient that is blocked.
Tensor zeroOf(const Tensor& like) { return zeros({}, like.dtype(), like.device()); }

/// A Scalar as the kernel's scalar_t (Scalar::to<scalar_t>()).
template <typename T>
T scalarAs(const Scalar& s)
{
    if constexpr (kIsFloating<T>)
        return T(s.toDouble());
    else
        return T(s.toInt());
}

/// The number of elements of one AVX2 Vectorized<T> (Note [cpu_kernel_vec bodies]).
template <typename T>
constexpr int64_t kLanes = int64_t(32 / sizeof(T));

/// What a Vectorized body computes in: float for BFloat16 (and Half), else T.
template <typename T>
using MathType = std::conditional_t<kIsReducedFloat<T>, float, T>;

/// A NaN with every bit set: what Vectorized maximum() gives where an operand is NaN.
template <typename M>
M allOnesNan()
{
    M v;
    std::memset(&v, 0xFF, sizeof v);
    return v;
}

/// Vectorized<float/double> maximum(): _mm256_max (the second operand on a tie) or-ed
/// with the unordered mask.
template <typename M>
M vectorMaximum(M a, M b)
{
    if (std::isnan(a) || std::isnan(b))
        return allOnesNan<M>();
    return a > b ? a : b;
}

/// A Vectorized body's result stored as T: Vectorized<BFloat16> converts back from float
/// with cvtfp32_bf16, which writes every NaN as 0xFFFF (the scalar BFloat16(float) as 0x7FC0).
template <typename T, typename M>
T fromVectorBody(M value)
{
    if constexpr (std::is_same_v<T, BFloat16>) {
        if (std::isnan(value))
            return BFloat16::fromBits(0xFFFF);
    }
    return T(value);
}

template <typename M>
bool sleefUnary(sleef::Function f, const std::vector<M>& in, std::vector<M>& out)
{
    out.resize(in.size());
    return sleef::apply(f, in.data(), out.data(), int64_t(in.size()));
}

/// The operands of a binary elementwise op over their broadcast shape, in row-major
/// order, widened to the type its bodies compute in, and which body meets each element.
template <typename M>
struct BinaryOperands {
    IntList shape;
    std::vector<M> a, b;
    std::vector<bool> vector;
};

template <typename T>
BinaryOperands<MathType<T>> gatherOperands(const Tensor& x, const Tensor& y)
{
    BinaryOperands<MathType<T>> e;
    e.shape = broadcastShapes(x.sizes(), y.sizes());
    const IntList sx = kernel::broadcastStrides(x, e.shape), sy = kernel::broadcastStrides(y, e.shape);
    const std::vector<int64_t> ox = kernel::elementOffsets(e.shape, sx), oy = kernel::elementOffsets(e.shape, sy);
    e.a.resize(ox.size());
    e.b.resize(oy.size());
    for (size_t i = 0; i < ox.size(); ++i) {
        e.a[i] = MathType<T>(x.data<T>()[ox[i]]);
        e.b[i] = MathType<T>(y.data<T>()[oy[i]]);
    }
    e.vector = kernel::vectorizedElements(e.shape, {IntList{}, sx, sy}, kLanes<T>);
    return e;
}

/// A two-body binary kernel over float, double or bfloat16 (Note [Two-body kernels in
/// float]): body(operands, out) fills one value per element in the math type.
template <typename Body>
Tensor floatBinaryKernel(const Tensor& self, const Tensor& other, ScalarType type, const char* name, Body body)
{
    checkSameDevice(self, other);
    const auto run = [&]<typename T>() {
        const Tensor x = kernel::convert(self, type), y = kernel::convert(other, type);
        const BinaryOperands<MathType<T>> e = gatherOperands<T>(x, y);
        std::vector<MathType<T>> values(e.a.size());
        body(e, values);
        Tensor out = kernel::newTensor(e.shape, type, kernel::resultDevice(self, other));
        for (size_t i = 0; i < values.size(); ++i)
            out.data<T>()[i] = e.vector[i] ? fromVectorBody<T>(values[i]) : T(values[i]);
        return kernel::asElementwiseOutput(out, {&self, &other});
    };
    switch (type) {
    case ScalarType::Float32: return run.template operator()<float>();
    case ScalarType::Float64: return run.template operator()<double>();
    case ScalarType::BFloat16: return run.template operator()<BFloat16>();
    default: throw AGV_DISPATCH_NOT_IMPLEMENTED(type, name);
    }
}

/// For a forward formula: a + b, either of which may come from a missing tangent.
Tensor tangentSum(const InputTangents& t, const Tensor& a, const Tensor& b)
{
    return addTangentTerms(a, t.isZero(0), b, t.isZero(1));
}

}  // namespace

// ---------------------------------------------------------------- nan_to_num

namespace {

template <typename T>
T largestFinite()
{
    if constexpr (std::is_same_v<T, Half>)
        return Half::fromBits(0x7BFF);
    else if constexpr (std::is_same_v<T, BFloat16>)
        return BFloat16::fromBits(0x7F7F);
    else
        return std::numeric_limits<T>::max();
}

template <typename T>
T lowestFinite()
{
    if constexpr (std::is_same_v<T, Half>)
        return Half::fromBits(0xFBFF);
    else if constexpr (std::is_same_v<T, BFloat16>)
        return BFloat16::fromBits(0xFF7F);
    else
        return std::numeric_limits<T>::lowest();
}

Tensor nanToNumValues(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                      std::optional<double> neginf)
{
    // Integral tensors are finite: nan_to_num_out copies them into empty_like(self).
    if (!isFloatingType(self.dtype())) {
        Tensor copy = kernel::newStridedTensor(self.sizes(), elementwiseOutputStrides(self.sizes(), {&self}),
                                               self.dtype(), self.device());
        kernel::copyInto(copy, self);
        return copy;
    }
    return AGV_DISPATCH_FLOATING_AND_HALF(self.dtype(), "nan_to_num", [&] {
        using T = scalar_t;
        const T nanValue = T(nan.value_or(0.0));
        const T posValue = posinf ? T(*posinf) : largestFinite<T>();
        const T negValue = neginf ? T(*neginf) : lowestFinite<T>();
        const float inf = std::numeric_limits<float>::infinity();
        return kernel::mapUnary<T, T>(self, self.dtype(), [&](T a) {
            const double v = double(a);
            return std::isnan(v) ? nanValue : v == inf ? posValue : v == -inf ? negValue : a;
        });
    });
}

}  // namespace

Tensor internal::isfiniteMask(const Tensor& self)
{
    if (!isFloatingType(self.dtype()))
        return ones(self.sizes(), ScalarType::Bool, self.device());
    return AGV_DISPATCH_FLOATING_AND_HALF(self.dtype(), "isfinite", [&] {
        using T = scalar_t;
        return kernel::mapUnary<T, bool>(self, ScalarType::Bool, [](T a) { return std::isfinite(double(a)); });
    });
}

Tensor nanToNum(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                std::optional<double> neginf)
{
    Tensor out = nanToNumValues(self, nan, posinf, neginf);
    OpRecorder rec("NanToNumBackward0", {&self}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{mul(g[0], internal::isfiniteMask(n.saved(0)))};  // grad * at::isfinite(self)
    });
    rec.save("self", self);
    rec.forward([](const InputTangents& t, const Tensor&) { return mul(t[0], internal::isfiniteMask(t.primal(0))); });
    return rec.finish(out);
}

// ---------------------------------------------------------------- clamp_max / clamp_min

namespace {

/// clamp_min / clamp_max with a Python number: a floating tensor keeps its dtype; any other
/// meets the number in the promoted dtype (bool and an int: int64). `name` is the kernel's,
/// for its "not implemented" errors (1.13 calls clamp_min's bool and float16 cases "clamp_min_cpu").
template <bool IsMax>
Tensor clampBoundValues(const Tensor& self, const Scalar& bound)
{
    const ScalarType type = isFloatingType(self.dtype()) ? self.dtype() : resultType(self, bound);
    const char* name = IsMax ? "clamp_max_scalar_cpu" : "clamp_min_scalar_cpu";
    // clamp_max_out / clamp_min_out fill the result with a NaN bound instead of running the kernel.
    const bool nanBound = std::isnan(bound.toDouble());
    if (type == ScalarType::Bool && !nanBound)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(type, IsMax ? name : "clamp_min_cpu");
    if (type == ScalarType::Half && !nanBound)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(type, IsMax ? name : "clamp_min_cpu");
    const Tensor x = kernel::convert(self, type);
    return AGV_DISPATCH_ALL_AND_HALF(type, name, [&] {
        using T = scalar_t;
        if constexpr (kIsFloating<T>) {
            if (nanBound)
                return kernel::mapUnary<T, T>(x, type, [](T) { return T(std::numeric_limits<float>::quiet_NaN()); });
        }
        const T b = scalarAs<T>(bound);
        // std::min(a, max) / std::max(a, min): a NaN input comes through.
        return kernel::mapUnary<T, T>(x, type, [b](T a) {
            if constexpr (IsMax)
                return b < a ? b : a;
            else
                return a < b ? b : a;
        });
    });
}

}  // namespace

Tensor internal::clampMaxValues(const Tensor& self, const Scalar& max) { return clampBoundValues<true>(self, max); }
Tensor internal::clampMinValues(const Tensor& self, const Scalar& min) { return clampBoundValues<false>(self, min); }

Tensor internal::clampMaxBackward(const Tensor& grad, const Tensor& self, const Scalar& max)
{
    return where(compare(self, max, CompareOp::Le), grad, zeroOf(grad));
}

Tensor internal::clampMinBackward(const Tensor& grad, const Tensor& self, const Scalar& min)
{
    return where(compare(self, min, CompareOp::Ge), grad, zeroOf(grad));
}

Tensor internal::clampMaxTensorBackwardSelf(const Tensor& grad, const Tensor& self, const Tensor& max)
{
    return where(compare(self, max, CompareOp::Le), grad, zeroOf(grad));
}

Tensor internal::clampMaxTensorBackwardMax(const Tensor& grad, const Tensor& self, const Tensor& max)
{
    return where(compare(self, max, CompareOp::Gt), grad, zeroOf(grad));
}

Tensor internal::clampMinTensorBackwardSelf(const Tensor& grad, const Tensor& self, const Tensor& min)
{
    return where(compare(self, min, CompareOp::Ge), grad, zeroOf(grad));
}

Tensor internal::clampMinTensorBackwardMin(const Tensor& grad, const Tensor& self, const Tensor& min)
{
    return where(compare(self, min, CompareOp::Lt), grad, zeroOf(grad));
}

Tensor clampMax(const Tensor& self, Scalar max)
{
    Tensor out = internal::clampMaxValues(self, max);
    OpRecorder rec("ClampMaxBackward0", {&self}, [max](BackwardNode& n, const variable_list& g) {
        return variable_list{internal::clampMaxBackward(g[0], n.saved(0), max)};
    });
    rec.attr("max", scalarAttr(max));
    rec.save("self", self);
    rec.forward([max](const InputTangents& t, const Tensor&) {
        return internal::clampMaxBackward(t[0], t.primal(0), max);
    });
    return rec.finish(out);
}

namespace {

/// clamp_max.Tensor / clamp_min.Tensor: minimum's (maximum's) kernel, then one node over
/// self and the bound; the forward formula is where(self_p <= max_p (>= min_p), self_t, bound_t).
template <bool IsMax>
Tensor clampBoundTensor(const Tensor& self, const Tensor& bound)
{
    Tensor out = quietly([&] { return IsMax ? minimum(self, bound) : maximum(self, bound); });
    OpRecorder rec(IsMax ? "ClampMaxBackward1" : "ClampMinBackward1", {&self, &bound},
                   [](BackwardNode& n, const variable_list& g) {
                       const Tensor bound = n.saved(0), self = n.saved(1);
                       Tensor forSelf, forBound;
                       if (needs(n, 0))
                           forSelf = IsMax ? internal::clampMaxTensorBackwardSelf(g[0], self, bound)
                                           : internal::clampMinTensorBackwardSelf(g[0], self, bound);
                       if (needs(n, 1))
                           forBound = IsMax ? internal::clampMaxTensorBackwardMax(g[0], self, bound)
                                            : internal::clampMinTensorBackwardMin(g[0], self, bound);
                       return variable_list{forSelf, forBound};
                   });
    rec.save(IsMax ? "max" : "min", bound);
    rec.save("self", self);
    rec.forward([](const InputTangents& t, const Tensor&) {
        return where(compare(t.primal(0), t.primal(1), IsMax ? CompareOp::Le : CompareOp::Ge), t[0], t[1]);
    });
    return rec.finish(out);
}

}  // namespace

Tensor clampMax(const Tensor& self, const Tensor& max) { return clampBoundTensor<true>(self, max); }
Tensor clampMin(const Tensor& self, const Tensor& min) { return clampBoundTensor<false>(self, min); }

// ---------------------------------------------------------------- isposinf / isneginf / signbit

namespace {

/// A bool-valued test of each element; no node. `fillsFalse`: the op's kernel does not run
/// for this dtype, its output is filled with false instead (a fill that bumps the version of a
/// result computed from inference tensors, Note [Versions of results computed from inference tensors]).
template <typename Test>
Tensor boolTest(const Tensor& self, const char* name, bool fillsFalse, Test test)
{
    Tensor out = AGV_DISPATCH_ALL_AND_HALF(self.dtype(), name, [&] {
        using T = scalar_t;
        return kernel::mapUnary<T, bool>(self, ScalarType::Bool, [&](T a) { return !fillsFalse && test(a); });
    });
    if (fillsFalse && self.impl()->isInference() && !InferenceMode::isEnabled())
        out.impl()->versionCounter()->version = 1;
    offerNodelessOp(name, "default", {&self}, out);
    announceTensor(out);
    return out;
}

}  // namespace

Tensor isposinf(const Tensor& self)
{
    return boolTest(self, "isposinf", !isFloatingType(self.dtype()),
                    [](auto a) { return double(a) == std::numeric_limits<double>::infinity(); });
}

Tensor isneginf(const Tensor& self)
{
    return boolTest(self, "isneginf", !isFloatingType(self.dtype()),
                    [](auto a) { return double(a) == -std::numeric_limits<double>::infinity(); });
}

Tensor signbit(const Tensor& self)
{
    return boolTest(self, "signbit", false, [](auto a) {
        using T = decltype(a);
        if constexpr (std::is_same_v<T, bool>)
            return false;
        else if constexpr (kIsFloating<T>)
            return std::signbit(double(a));
        else
            return a < T(0);  // c10::is_negative: false for unsigned types
    });
}

// ---------------------------------------------------------------- logaddexp / logaddexp2

namespace {

/// max(a, b) + log(1 + exp(-|a - b|)) (base 2: log2(1 + 2^-|a - b|)), a when both are the
/// same infinity. The Vectorized body's maximum differs from std::max only on NaN.
template <bool Base2>
Tensor logaddexpKernel(const Tensor& self, const Tensor& other)
{
    const ScalarType type = resultType({&self, &other});
    return floatBinaryKernel(self, other, type, Base2 ? "logaddexp2_cpu" : "logaddexp_cpu", [](const auto& e, auto& out) {
        using M = std::decay_t<decltype(out[0])>;
        const size_t n = e.a.size();
        std::vector<M> negDiff(n), expTerm, logTerm;
        for (size_t i = 0; i < n; ++i)
            negDiff[i] = -std::abs(e.a[i] - e.b[i]);
        bool sleefDone;
        if constexpr (Base2) {
            const std::vector<M> two(n, M(2));
            expTerm.resize(n);
            sleefDone = sleef::pow(two.data(), negDiff.data(), expTerm.data(), int64_t(n));
        } else {
            sleefDone = sleefUnary(sleef::Function::Exp, negDiff, expTerm);
        }
        std::vector<M> onePlus(n);
        for (size_t i = 0; i < n; ++i)
            onePlus[i] = sleefDone ? M(1) + expTerm[i] : M(0);
        sleefDone = sleefDone && sleefUnary(Base2 ? sleef::Function::Log2 : sleef::Function::Log, onePlus, logTerm);
        for (size_t i = 0; i < n; ++i) {
            const M a = e.a[i], b = e.b[i];
            if (sleefDone && e.vector[i]) {
                const bool sameInfinity = a == b && std::abs(a) == std::numeric_limits<M>::infinity();
                out[i] = sameInfinity ? a : vectorMaximum(a, b) + logTerm[i];
            } else if (std::isinf(a) && a == b) {
                out[i] = a;
            } else {
                const M m = std::max(a, b);
                out[i] = Base2 ? m + std::log2(M(1) + std::pow(M(2), -std::abs(a - b)))
                               : m + std::log(M(1) + std::exp(-std::abs(a - b)));
            }
        }
    });
}

/// grad / (1 + exp(other - self)) and grad / (1 + pow(2, other - self)), as written (the
/// `1 +` is add.Scalar, AddBackward1 under create_graph).
Tensor logaddexpTerm(const Tensor& grad, const Tensor& from, const Tensor& to, bool base2)
{
    const Tensor difference = sub(to, from);
    const Tensor power = base2 ? pow(Scalar(int64_t(2)), difference) : exp(difference);
    return div(grad, internal::addScalar(power, Scalar(int64_t(1))));
}

template <bool Base2>
Tensor logaddexpOp(const Tensor& self, const Tensor& other)
{
    Tensor out = logaddexpKernel<Base2>(self, other);
    OpRecorder rec(Base2 ? "Logaddexp2Backward0" : "LogaddexpBackward0", {&self, &other},
                   [](BackwardNode& n, const variable_list& g) {
                       const Tensor other = n.saved(0), self = n.saved(1);
                       // Note [Backward formulas run in input-name order]: other's first.
                       Tensor gradOther = needs(n, 1) ? logaddexpTerm(g[0], other, self, Base2) : Tensor();
                       Tensor gradSelf = needs(n, 0) ? logaddexpTerm(g[0], self, other, Base2) : Tensor();
                       return variable_list{gradSelf, gradOther};
                   });
    rec.save("other", other);
    rec.save("self", self);
    rec.forward([](const InputTangents& t, const Tensor&) {
        const Tensor& self = t.primal(0);
        const Tensor& other = t.primal(1);
        return tangentSum(t, logaddexpTerm(t[0], self, other, Base2), logaddexpTerm(t[1], other, self, Base2));
    });
    return rec.finish(out);
}

}  // namespace

Tensor logaddexp(const Tensor& self, const Tensor& other) { return logaddexpOp<false>(self, other); }
Tensor logaddexp2(const Tensor& self, const Tensor& other) { return logaddexpOp<true>(self, other); }

// ---------------------------------------------------------------- deg2rad / rad2deg

namespace {

// UnaryOps.cpp's constants.
constexpr double kPiOver180 = 0.017453292519943295769236907684886127134428718885417;
constexpr double k180OverPi = 57.295779513082320876798154814105170332405472466564;

Tensor angleConversion(const Tensor& self, double factor, const char* nodeName)
{
    // deg2rad_out: at::mul_out(result, self, wrapped_scalar_tensor(factor)); an integral
    // self gets a result of the default dtype, which is mul's result type as well.
    Tensor out = quietly([&] { return mul(self, scalarTensor(Scalar(factor), self.device())); });
    OpRecorder rec(nodeName, {&self}, [factor](BackwardNode&, const variable_list& g) {
        return variable_list{mul(g[0], scalarTensor(Scalar(factor), g[0].device()))};
    });
    rec.forward([factor](const InputTangents& t, const Tensor&) {
        return mul(t[0], scalarTensor(Scalar(factor), t[0].device()));
    });
    return rec.finish(out);
}

}  // namespace

Tensor internal::deg2radBackward(const Tensor& grad) { return mul(grad, scalarTensor(Scalar(kPiOver180), grad.device())); }
Tensor internal::rad2degBackward(const Tensor& grad) { return mul(grad, scalarTensor(Scalar(k180OverPi), grad.device())); }

Tensor deg2rad(const Tensor& self) { return angleConversion(self, kPiOver180, "Deg2RadBackward0"); }
Tensor rad2deg(const Tensor& self) { return angleConversion(self, k180OverPi, "Rad2DegBackward0"); }

// ---------------------------------------------------------------- hypot

namespace {

/// hypot's formula for one input: grad * input / result.
Tensor hypotBackward(const Tensor& grad, const Tensor& input, const Tensor& result)
{
    return div(mul(grad, input), result);
}

}  // namespace

variable_list internal::hypotGradients(BackwardNode& n, const variable_list& g)
{
    // Unpacked in the generated apply()'s order: other, result, self (saved as other,
    // self, then the result).
    const Tensor other = n.saved(0);
    const Tensor result = n.saved(2);
    const Tensor self = n.saved(1);
    // Note [Backward formulas run in input-name order]: other's first.
    Tensor gradOther = n.needsInputGrad(1) ? hypotBackward(g[0], other, result) : Tensor();
    Tensor gradSelf = n.needsInputGrad(0) ? hypotBackward(g[0], self, result) : Tensor();
    return variable_list{gradSelf, gradOther};
}

Tensor hypot(const Tensor& self, const Tensor& other)
{
    const ScalarType type = resultType({&self, &other});
    Tensor out = floatBinaryKernel(self, other, type, "hypot_cpu", [](const auto& e, auto& out) {
        using M = std::decay_t<decltype(out[0])>;
        std::vector<M> vectorValues(e.a.size());
        const bool sleefDone = sleef::hypot(e.a.data(), e.b.data(), vectorValues.data(), int64_t(e.a.size()));
        for (size_t i = 0; i < e.a.size(); ++i)
            out[i] = sleefDone && e.vector[i] ? vectorValues[i] : std::hypot(e.a[i], e.b[i]);
    });
    OpRecorder rec("HypotBackward0", {&self, &other}, internal::hypotGradients);
    rec.save("other", other);
    rec.save("self", self);
    // self_t * self_p / result + other_t * other_p / result
    rec.forward([](const InputTangents& t, const Tensor& result) {
        return tangentSum(t, div(mul(t[0], t.primal(0)), result), div(mul(t[1], t.primal(1)), result));
    });
    return rec.finishSavingResult(out);
}

// ---------------------------------------------------------------- logit

namespace {

/// logit_kernel (no MKL in Debian's build): x clamped to [lo, hi] when eps >= 0 (the
/// Vectorized body's clamp is min(hi, max(lo, x)), which differs when lo > hi), then
/// log(x / (1 - x)), the scalar body giving inf for x == 1 itself.
template <typename T>
void logitValues(const T* in, const std::vector<bool>& vector, std::optional<double> epsIn, T* out, size_t n)
{
    using M = MathType<T>;
    const T eps = T(epsIn.value_or(-1.0));
    const bool clamped = !(eps < T(0));
    const T lo = eps, hi = T(1) - eps;
    std::vector<T> x(in, in + n);
    std::vector<M> ratio(n), logs;
    for (size_t i = 0; i < n; ++i) {
        if (clamped) {
            if (vector[i]) {
                const T raised = lo > x[i] ? lo : x[i];
                x[i] = hi < raised ? hi : raised;
            } else {
                x[i] = x[i] < lo ? lo : (x[i] > hi ? hi : x[i]);
            }
        }
        ratio[i] = M(x[i] / (T(1) - x[i]));
    }
    const bool sleefDone = sleefUnary(sleef::Function::Log, ratio, logs);
    for (size_t i = 0; i < n; ++i) {
        if (sleefDone && vector[i])
            out[i] = fromVectorBody<T>(logs[i]);
        else
            out[i] = x[i] == T(1) ? T(std::numeric_limits<M>::infinity()) : T(std::log(ratio[i]));
    }
}

Tensor logitKernel(const Tensor& self, std::optional<double> eps)
{
    const ScalarType type = floatResultType(self.dtype());
    if (type != ScalarType::Float32 && type != ScalarType::Float64 && type != ScalarType::BFloat16)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(type, "logit_cpu");
    const Tensor x = kernel::convert(self, type);
    return AGV_DISPATCH_FLOATING_AND_HALF(type, "logit_cpu", [&] {
        using T = scalar_t;
        const Tensor in = kernel::dense(x);
        const std::vector<bool> vector = kernel::vectorizedElements(x.sizes(), {IntList{}, x.strides()}, kLanes<T>);
        Tensor out = kernel::newTensor(x.sizes(), type, x.device());
        logitValues<T>(in.data<T>(), vector, eps, out.data<T>(), size_t(in.numel()));
        return kernel::asElementwiseOutput(out, {&self});
    });
}

/// logit_backward's kernel: dy / (x * (1 - x)) inside [0, 1] (NaN outside) or inside
/// [eps, 1 - eps] (0 outside); the scalar body gives dy * inf at 0 and 1 themselves.
Tensor logitBackwardKernel(const Tensor& grad, const Tensor& self, std::optional<double> epsIn)
{
    const ScalarType type = resultType({&grad, &self});
    if (type != ScalarType::Float32 && type != ScalarType::Float64 && type != ScalarType::BFloat16)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(type, "logit_backward_cpu");
    const Tensor dyIn = kernel::convert(grad, type), xIn = kernel::convert(self, type);
    return AGV_DISPATCH_FLOATING_AND_HALF(type, "logit_backward_cpu", [&] {
        using T = scalar_t;
        using M = MathType<T>;
        const IntList shape = broadcastShapes(dyIn.sizes(), xIn.sizes());
        const IntList sdy = kernel::broadcastStrides(dyIn, shape), sx = kernel::broadcastStrides(xIn, shape);
        const std::vector<int64_t> ody = kernel::elementOffsets(shape, sdy), ox = kernel::elementOffsets(shape, sx);
        const std::vector<bool> vector = kernel::vectorizedElements(shape, {IntList{}, sdy, sx}, kLanes<T>);
        const T eps = T(epsIn.value_or(-1.0));
        const bool bounded = !(eps < T(0));
        const T lo = bounded ? eps : T(0), hi = bounded ? T(1) - eps : T(1);
        const T outside = bounded ? T(0) : T(std::numeric_limits<M>::quiet_NaN());
        const T inf = T(std::numeric_limits<M>::infinity());
        Tensor out = kernel::newTensor(shape, type, grad.device());
        T* o = out.data<T>();
        for (size_t i = 0; i < ody.size(); ++i) {
            const T dy = dyIn.data<T>()[ody[i]], x = xIn.data<T>()[ox[i]];
            if (vector[i])
                o[i] = (x >= lo && x <= hi) ? fromVectorBody<T>(M(dy / (x * (T(1) - x)))) : outside;
            else if (x < lo || x > hi)
                o[i] = outside;
            else
                o[i] = (x == T(0) || x == T(1)) ? dy * inf : dy / (x * (T(1) - x));
        }
        return kernel::asElementwiseOutput(out, {&grad, &self});
    });
}

/// infinitely_differentiable_logit_backward: the same formula from differentiable ops.
Tensor logitBackwardComposite(const Tensor& grad, const Tensor& self, std::optional<double> eps)
{
    const double lo = eps ? *eps : 0.0;
    const double hi = eps ? 1.0 - lo : 1.0;
    // `1.0 - self` in ATen's C++ is empty_like(self).fill_(1.0).sub_(self).
    const Tensor oneMinus = sub(fullLike(self, Scalar(1.0)), self);
    const Tensor inside = logical(compare(self, Scalar(lo), CompareOp::Ge), compare(self, Scalar(hi), CompareOp::Le),
                                  LogicalOp::And);
    const Tensor outside = eps ? zeros({}, self.dtype(), self.device())
                               : full({}, Scalar(std::numeric_limits<double>::quiet_NaN()), self.dtype(), self.device());
    return where(inside, div(grad, mul(self, oneMinus)), outside);
}

}  // namespace

Tensor internal::logitBackward(const Tensor& grad, const Tensor& self, std::optional<double> eps)
{
    if (GradMode::isEnabled())
        return logitBackwardComposite(grad, self, eps);
    return logitBackwardKernel(grad, self, eps);
}

Tensor logit(const Tensor& self, std::optional<double> eps)
{
    Tensor out = logitKernel(self, eps);
    OpRecorder rec("LogitBackward0", {&self}, [eps](BackwardNode& n, const variable_list& g) {
        return variable_list{internal::logitBackward(g[0], n.saved(0), eps)};
    });
    rec.attr("eps", eps ? SavedAttr(*eps) : SavedAttr(NoneValue{}));
    rec.save("self", self);
    rec.forward([eps](const InputTangents& t, const Tensor&) { return internal::logitBackward(t[0], t.primal(0), eps); });
    return rec.finish(out);
}

// ---------------------------------------------------------------- heaviside

Tensor internal::heavisideValues(const Tensor& self, const Tensor& values)
{
    AGV_CHECK(self.dtype() == values.dtype(), RuntimeError,
              "heaviside is not yet implemented for tensors with different dtypes.");
    checkSameDevice(self, values);
    const IntList shape = broadcastShapes(self.sizes(), values.sizes());
    return AGV_DISPATCH_ALL_AND_HALF(self.dtype(), "heaviside_cpu", [&] {
        using T = scalar_t;
        return kernel::mapBinary<T, T>(self, values, shape, self.dtype(),
                                       [](T a, T b) { return a == T(0) ? b : T(a > T(0)); });
    });
}

Tensor heaviside(const Tensor& self, const Tensor& values)
{
    refuseTangents("aten::heaviside", {&self, &values});
    Tensor out = internal::heavisideValues(self, values);
    OpRecorder rec = notImplementedRecorder("heaviside", {&self, &values});
    return rec.finish(out);
}

}  // namespace agv::ops
