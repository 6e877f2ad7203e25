// Pointwise ops and their backward rules. Broadcast inputs receive gradients of
// the broadcast shape; the engine sums them back to the input's shape
// (validateOutputs), exactly as PyTorch's engine does.

#include <algorithm>
#include <cmath>

#include "core/autograd/forward_ad.h"
#include "core/autograd/grad_mode.h"
#include "core/ops/activations.h"
#include "core/ops/gpu_dispatch.h"
#include "core/ops/inplace_arith.h"
#include "core/ops/inplace_unary.h"
#include "core/ops/integer_arithmetic.h"
#include "core/ops/internal_ops.h"
#include "core/ops/kernels.h"
#include "core/ops/nodeless_intercept.h"
#include "core/ops/no_derivative.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/sleef_math.h"
#include "core/ops/transcendental_inplace.h"
#include "core/ops/type_promotion.h"
#include "core/ops/vectorized_loop.h"
#include "core/ops/view_inplace.h"
#include "core/ops/zero_tensor.h"

namespace agv::ops {

namespace {

using kernel::convert;

/// Whether an op takes float16 / bfloat16 operands: only where PyTorch 1.13's CPU kernel
/// does; the others refuse them with its "not implemented for 'Half'" error.
constexpr bool kTakesHalf = true;

template <bool TakesHalf = false, typename F>
Tensor binaryKernel(const Tensor& a, const Tensor& b, ScalarType computeType, ScalarType outType, const char* name,
                    F f)
{
    const Device device = checkSameDevice(a, b);
    const IntList shape = broadcastShapes(a.sizes(), b.sizes());
    // Laid out from the operands as given: a converted copy is contiguous, the iterator's
    // output is not (Note [Output layout of elementwise ops]).
    const IntList strides = elementwiseOutputStrides(shape, {&a, &b});
    if (b.dim() == 0 && a.sizes() == shape && a.device() == device) {
        // Tensor (op) Python number: the common case; no converted copy of the scalar.
        Tensor x = convert(a, computeType);
        return AGV_DISPATCH_ALL_MAYBE_HALF(TakesHalf, computeType, name, [&] {
            using T = scalar_t;
            const T yv = b.dtype() == ScalarType::Int64 ? T(b.intValueAt(0)) : T(b.valueAt(0));
            if (outType == computeType)
                return kernel::mapUnary<T, T>(x, outType, [&](T p) { return T(f(p, yv)); }, strides);
            return kernel::mapUnary<T, bool>(x, outType, [&](T p) { return bool(f(p, yv)); }, strides);
        });
    }
    Tensor x = convert(a, computeType);
    Tensor y = convert(b, computeType);
    return AGV_DISPATCH_ALL_MAYBE_HALF(TakesHalf, computeType, name, [&] {
        using T = scalar_t;
        if (outType == computeType)
            return kernel::mapBinary<T, T>(x, y, shape, outType, [&](T p, T q) { return T(f(p, q)); }, strides);
        return kernel::mapBinary<T, bool>(x, y, shape, outType, [&](T p, T q) { return bool(f(p, q)); }, strides);
    });
}

template <typename F>
Tensor floatUnaryKernel(const Tensor& t, const char* name, F f)
{
    const ScalarType outType = floatResultType(t.dtype());
    Tensor in = convert(t, outType);
    const IntList strides = elementwiseOutputStrides(t.sizes(), {&t});
    return AGV_DISPATCH_FLOATING(outType, name, [&] {
        using T = scalar_t;
        return kernel::mapUnary<T, T>(in, outType, [&](T x) { return T(f(x)); }, strides);
    });
}

// Note [bfloat16 unary math]
// PyTorch 1.13's CPU takes bfloat16 (float16 mostly not) for its unary math. The VML
// kernels (exp, log, sin, cos, sqrt, tanh, ...) map Vectorized<BFloat16> over every
// element, tails included: each lane widened to float, through the float function (SLEEF,
// or the AVX instruction) and rounded once, so a bfloat16 tensor runs the float kernel here
// and rounds its result. Selections (relu, clamp) stay in bfloat16, their bounds rounded to
// bfloat16 first (Scalar::to<BFloat16>). rsqrt and pow round differently in their scalar
// and vector bodies (see there).

/// `compute` of t, a bfloat16 t widened to float and the result rounded back.
template <typename Compute>
Tensor bfloat16ThroughFloat(const Tensor& t, Compute compute)
{
    if (t.dtype() != ScalarType::BFloat16)
        return compute(t);
    const Tensor result = convert(compute(convert(t, ScalarType::Float32)), ScalarType::BFloat16);
    return kernel::asElementwiseOutput(result, {&t});
}

/// sameTypeUnaryKernel for the kernels that take bfloat16 but not float16 (clamp_min, clamp).
template <typename F>
Tensor sameTypeUnaryKernelWithBFloat16(const Tensor& t, const char* name, F f)
{
    if (t.dtype() == ScalarType::Half)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(t.dtype(), name);
    return AGV_DISPATCH_ALL_AND_HALF(t.dtype(), name, [&] {
        using T = scalar_t;
        return kernel::mapUnary<T, T>(t, t.dtype(), [&](T x) { return T(f(x)); });
    });
}

/// Elements of one Vectorized<BFloat16> on AVX2.
constexpr int64_t kBFloat16Lanes = 16;

/// A bfloat16 cpu_kernel_vec whose bodies round differently: vectorBody(in, out, n) over
/// the widened values, then scalarBody(float) -> float for the elements TensorIterator's
/// loop leaves to the scalar body; the result rounded to bfloat16.
template <typename VectorBody, typename ScalarBody>
Tensor bfloat16TwoBodies(const Tensor& t, VectorBody vectorBody, ScalarBody scalarBody)
{
    const Tensor wide = convert(t, ScalarType::Float32);
    const int64_t n = wide.numel();
    Tensor out = kernel::newTensor(t.sizes(), ScalarType::Float32, t.device());
    const float* xs = wide.data<float>();
    float* ys = out.data<float>();
    const std::vector<bool> vector = kernel::vectorizedElements(t.sizes(), {IntList{}, t.strides()}, kBFloat16Lanes);
    const bool vectorDone = vectorBody(xs, ys, n);
    for (int64_t i = 0; i < n; ++i)
        if (!vectorDone || !vector[size_t(i)])
            ys[i] = scalarBody(xs[i]);
    return kernel::asElementwiseOutput(convert(out, ScalarType::BFloat16), {&t});
}

/// sin, cos, exp, log: every element through SLEEF as PyTorch's VML kernels (sleef_math.h),
/// in the order TensorIterator visits them; bfloat16 in float (Note [bfloat16 unary math]).
template <typename F>
Tensor transcendentalKernel(const Tensor& t, const char* name, sleef::Function fn, F f)
{
    if (t.dtype() == ScalarType::BFloat16)
        return bfloat16ThroughFloat(t, [&](const Tensor& wide) { return transcendentalKernel(wide, name, fn, f); });
    const ScalarType outType = floatResultType(t.dtype());
    if (outType != ScalarType::Float32 && outType != ScalarType::Float64)
        return floatUnaryKernel(t, name, f);  // refuses float16 / bfloat16 with PyTorch's error
    const Tensor in = kernel::withStrides(convert(t, outType), elementwiseOutputStrides(t.sizes(), {&t}));
    {
        Tensor out = kernel::newTensorLaidOutAs(in, outType);
        const bool done = outType == ScalarType::Float32
                              ? sleef::apply(fn, in.data<float>(), out.data<float>(), in.numel())
                              : sleef::apply(fn, in.data<double>(), out.data<double>(), in.numel());
        if (done)
            return out;
    }
    return floatUnaryKernel(t, name, f);
}

template <bool TakesHalf = false, typename F>
Tensor sameTypeUnaryKernel(const Tensor& t, const char* name, F f)
{
    return AGV_DISPATCH_ALL_MAYBE_HALF(TakesHalf, t.dtype(), name, [&] {
        using T = scalar_t;
        return kernel::mapUnary<T, T>(t, t.dtype(), [&](T x) { return T(f(x)); });
    });
}

bool needs(BackwardNode& n, size_t i) { return n.needsInputGrad(i); }

/// maybe_multiply(grad, alpha): the gradient itself, or grad * alpha through the Scalar
/// overload (MulBackward1 under create_graph).
Tensor alphaTimes(const Tensor& g, const Scalar& alpha)
{
    return alpha.toDouble() == 1.0 ? g : internal::mulScalar(g, alpha);
}

/// alpha_check: a bool alpha only for a bool result, no float alpha for an integral one.
void checkAlpha(const Tensor& a, const Tensor& b, const Scalar& alpha)
{
    const ScalarType t = resultType({&a, &b});
    AGV_CHECK(!alpha.isBool() || t == ScalarType::Bool, RuntimeError, "Boolean alpha only supported for Boolean results.");
    AGV_CHECK(isFloatingType(t) || !alpha.isFloating(), RuntimeError,
              "For integral input tensors, argument alpha must not be a floating point number.");
}

/// -alpha as c10::Scalar's unary minus gives it (sub is add with -alpha).
Scalar negated(const Scalar& alpha)
{
    return alpha.isFloating() ? Scalar(-alpha.toDouble()) : Scalar(int64_t(0) - alpha.toInt());
}

template <typename T>
T pythonLikeDiv(T a, T b)
{
    return a / b;
}

}  // namespace

Tensor scalarTensor(Scalar value, Device device)
{
    Tensor t = kernel::newTensor({}, value.type(), device);
    AGV_DISPATCH_ALL(value.type(), "scalar_tensor", [&] {
        *t.data<scalar_t>() = value.isFloating() ? scalar_t(value.toDouble()) : scalar_t(value.toInt());
    });
    t.impl()->setWrappedNumber(true);
    return t;
}

// ---------------------------------------------------------------- add / sub

Tensor add(const Tensor& a, const Tensor& b, Scalar alpha)
{
    OpRecorder rec("AddBackward0", {&a, &b}, [alpha](BackwardNode& n, const variable_list& g) {
        return variable_list{needs(n, 0) ? g[0] : Tensor(), needs(n, 1) ? alphaTimes(g[0], alpha) : Tensor()};
    });
    rec.attr("alpha", scalarAttr(alpha));
    rec.forward([alpha](const InputTangents& t, const Tensor&) {
        return addTangentTerms(t[0], t.isZero(0), alphaTimes(t[1], alpha), t.isZero(1));
    });
    checkAlpha(a, b, alpha);
    const ScalarType type = resultType({&a, &b});
    if (std::optional<Tensor> zero = zeroTensorAdd(a, b, alpha, type))  // See Note [ZeroTensor]
        return rec.finish(*zero);
    const double al = alpha.toDouble();
    if (std::optional<Tensor> gpuOut = gpu_dispatch::binary(gpu::BinaryOp::AddScaled, a, b, type, type, al))
        return rec.finish(*gpuOut);  // See Note [GPU kernels]
    Tensor out = type == ScalarType::Bool
                     ? binaryKernel<kTakesHalf>(a, b, type, type, "add", [](auto p, auto q) { return p || q; })
                 : al == 1.0 ? binaryKernel<kTakesHalf>(a, b, type, type, "add", [](auto p, auto q) { return wrappingAdd(p, q); })
                             : binaryKernel<kTakesHalf>(a, b, type, type, "add", [al](auto p, auto q) {
                                   return addScaled(p, convertValue<decltype(p)>(al), q);
                               });
    return rec.finish(out);
}

namespace {
/// tensor + alpha * number (sign -1 for sub) without a wrapped-number tensor: add and
/// sub never save the number, and this is the hottest path of every chain of small ops.
Tensor addScalar(const Tensor& a, const Scalar& b, const Scalar& alpha, double sign, const char* nodeName)
{
    const ScalarType type = resultType(a, b);
    AGV_CHECK(!alpha.isBool() || type == ScalarType::Bool, RuntimeError,
              "Boolean alpha only supported for Boolean results.");
    AGV_CHECK(isFloatingType(type) || !alpha.isFloating(), RuntimeError,
              "For integral input tensors, argument alpha must not be a floating point number.");
    if (isZeroTensor(a)) {
        // add_zerotensor / sub_zerotensor of the wrapped number (See Note [ZeroTensor]).
        const Tensor zero = *zeroTensorAdd(a, scalarTensor(b, a.device()), sign < 0 ? negated(alpha) : alpha, type);
        OpRecorder rec(nodeName, {&a, nullptr}, [](BackwardNode&, const variable_list& g) {
            return variable_list{g[0], Tensor()};
        });
        rec.attr("alpha", scalarAttr(alpha));
        rec.forward([](const InputTangents& t, const Tensor&) { return clone(t[0]); });
        return rec.finish(zero);
    }
    const double scaled = sign * alpha.toDouble();
    const double number = b.toDouble();
    const int64_t intNumber = b.toInt();
    std::optional<Tensor> gpuOut = gpu_dispatch::binaryWithNumber(gpu::BinaryOp::AddScaled, a, b, type, type, scaled);
    Tensor x = gpuOut ? Tensor() : convert(a, type);
    Tensor out = gpuOut ? *gpuOut : AGV_DISPATCH_ALL_AND_HALF(type, nodeName, [&] {
        using T = scalar_t;
        if constexpr (std::is_same_v<T, bool>) {
            const bool q = number != 0.0;
            return kernel::mapUnary<T, T>(x, type, [q](T p) { return T(p || q); });
        } else {
            const T q = std::is_integral_v<T> ? T(intNumber) : T(number);
            const T s = T(scaled);
            // Integers wrap on overflow as in PyTorch (no signed-overflow UB).
            return kernel::mapUnary<T, T>(x, type, [q, s](T p) { return wrappingAdd(p, wrappingMul(s, q)); });
        }
    });
    OpRecorder rec(nodeName, {&a, nullptr}, [](BackwardNode&, const variable_list& g) {
        return variable_list{g[0], Tensor()};
    });
    rec.attr("alpha", scalarAttr(alpha));
    rec.forward([](const InputTangents& t, const Tensor&) { return clone(t[0]); });
    return rec.finish(out);
}
}  // namespace

Tensor add(const Tensor& a, Scalar b, Scalar alpha) { return addScalar(a, b, alpha, 1.0, "AddBackward0"); }

namespace {
/// x - alpha * y in `type`: PyTorch subtracts by adding -alpha * y (one fused
/// multiply-add for floats); rsub is the same kernel with the operands swapped.
Tensor subtractScaled(const Tensor& x, const Tensor& y, ScalarType type, const Scalar& alpha, const char* name)
{
    const double al = alpha.toDouble();
    if (std::optional<Tensor> gpuOut = gpu_dispatch::binary(gpu::BinaryOp::AddScaled, x, y, type, type, -al))
        return *gpuOut;
    return binaryKernel<kTakesHalf>(x, y, type, type, name, [al](auto p, auto q) {
        using T = decltype(p);
        if constexpr (std::is_floating_point_v<T>)
            return addScaled(p, convertValue<T>(-al), q);
        else
            return wrappingSub(p, wrappingMul(convertValue<T>(al), q));
    });
}
}  // namespace

Tensor sub(const Tensor& a, const Tensor& b, Scalar alpha)
{
    OpRecorder rec("SubBackward0", {&a, &b}, [alpha](BackwardNode& n, const variable_list& g) {
        return variable_list{needs(n, 0) ? g[0] : Tensor(),
                             needs(n, 1) ? alphaTimes(neg(g[0]), alpha) : Tensor()};  // maybe_multiply(-grad, alpha)
    });
    rec.attr("alpha", scalarAttr(alpha));
    rec.forward([alpha](const InputTangents& t, const Tensor&) {
        return subTangentTerms(t[0], t.isZero(0), alphaTimes(t[1], alpha), t.isZero(1));
    });
    checkSubtraction(a.dtype(), b.dtype());
    checkAlpha(a, b, alpha);
    const ScalarType type = resultType({&a, &b});
    if (std::optional<Tensor> zero = zeroTensorAdd(a, b, negated(alpha), type))  // sub_zerotensor
        return rec.finish(*zero);
    Tensor out = subtractScaled(a, b, type, alpha, "sub");
    return rec.finish(out);
}

Tensor sub(const Tensor& a, Scalar b, Scalar alpha)
{
    checkSubtraction(a.dtype(), b.type());
    return addScalar(a, b, alpha, -1.0, "SubBackward0");
}

Tensor rsub(const Tensor& a, Scalar b, Scalar alpha)
{
    checkSubtraction(b.type(), a.dtype());
    Tensor other = scalarTensor(b, a.device());
    checkAlpha(other, a, alpha);
    const ScalarType type = resultType({&a, &other});
    Tensor out = subtractScaled(other, a, type, alpha, "rsub");
    OpRecorder rec("RsubBackward1", {&a}, [alpha](BackwardNode&, const variable_list& g) {
        return variable_list{alphaTimes(neg(g[0]), alpha)};  // maybe_multiply(-grad, alpha)
    });
    rec.attr("alpha", scalarAttr(alpha));
    rec.forward([alpha](const InputTangents& t, const Tensor&) { return neg(alphaTimes(t[0], alpha)); });
    return rec.finish(out);
}

Tensor rsub(const Tensor& a, const Tensor& b, Scalar alpha)
{
    OpRecorder rec("RsubBackward0", {&a, &b}, [alpha](BackwardNode& n, const variable_list& g) {
        return variable_list{needs(n, 0) ? alphaTimes(neg(g[0]), alpha) : Tensor(),  // maybe_multiply(-grad, alpha)
                             needs(n, 1) ? g[0] : Tensor()};
    });
    rec.attr("alpha", scalarAttr(alpha));
    rec.forward([alpha](const InputTangents& t, const Tensor&) {
        return subTangentTerms(t[1], t.isZero(1), alphaTimes(t[0], alpha), t.isZero(0));
    });
    checkSubtraction(b.dtype(), a.dtype());
    checkAlpha(b, a, alpha);
    const ScalarType type = resultType({&a, &b});
    if (std::optional<Tensor> zero = zeroTensorAdd(b, a, negated(alpha), type))  // rsub is sub(other, self)
        return rec.finish(*zero);
    Tensor out = subtractScaled(b, a, type, alpha, "rsub");
    return rec.finish(out);
}

// ---------------------------------------------------------------- mul / div

// Note [Backward formulas run in input-name order]
// PyTorch's generated backward nodes evaluate derivatives.yaml's formulas in the sorted
// order of the input names (load_derivatives sorts them): MulBackward0 computes other's
// gradient before self's, PowBackward1 exponent's before self's, MmBackward0 mat2's
// before self's. Under create_graph each formula records nodes, so that order decides
// their sequence numbers, hence the order the next backward runs them in, the order its
// gradients are summed (visible in the last bit) and the order saved-tensor hooks fire.

Tensor mul(const Tensor& a, const Tensor& b)
{
    OpRecorder rec("MulBackward0", {&a, &b}, [](BackwardNode& n, const variable_list& g) {
        // Unpacked in PyTorch's order (self, then other): saved-tensor hooks see it.
        const Tensor self = n.saved(0);
        const Tensor other = n.saved(1);
        // See Note [Backward formulas run in input-name order]: other's before self's.
        Tensor gradOther = needs(n, 1) ? mul(g[0], self) : Tensor();
        Tensor gradSelf = needs(n, 0) ? mul(g[0], other) : Tensor();
        return variable_list{gradSelf, gradOther};
    });
    if (rec.active()) {
        // Each slot exists either way (None when the other side needs no gradient), as
        // grad_fn._saved_self / _saved_other do in PyTorch; saved (and packed) self first.
        rec.save("self", rec.node()->needsInputGrad(1) ? a : Tensor());
        rec.save("other", rec.node()->needsInputGrad(0) ? b : Tensor());
    }
    rec.forward([&](const InputTangents& t, const Tensor&) {
        return addTangentTerms(mul(t[1], a), t.isZero(1), mul(t[0], b), t.isZero(0));
    });
    const ScalarType type = resultType({&a, &b});
    if (std::optional<Tensor> zero = zeroTensorMul(a, b, type))  // See Note [ZeroTensor]
        return rec.finish(*zero);
    if (std::optional<Tensor> gpuOut = gpu_dispatch::binary(gpu::BinaryOp::Mul, a, b, type, type))
        return rec.finish(*gpuOut);
    Tensor out = type == ScalarType::Bool
                     ? binaryKernel<kTakesHalf>(a, b, type, type, "mul", [](auto p, auto q) { return p && q; })
                     : binaryKernel<kTakesHalf>(a, b, type, type, "mul", [](auto p, auto q) { return wrappingMul(p, q); });
    return rec.finish(out);
}

Tensor mul(const Tensor& a, Scalar b) { return mul(a, scalarTensor(b, a.device())); }

Tensor div(const Tensor& a, const Tensor& b)
{
    OpRecorder rec("DivBackward0", {&a, &b}, [](BackwardNode& n, const variable_list& g) {
        // self was saved only if other needed a gradient when the op ran; this backward
        // may not ask for other's (Note [Gradients toward nodes the task does not run]).
        size_t slot = 0;
        Tensor self = n.savedVariables().size() == 2 ? n.saved(slot++) : Tensor();
        Tensor other = n.saved(slot++);
        // div_tensor_other_backward: -grad * ((self / other) / other), in that order: the
        // rounding (and the double-backward graph) is PyTorch's. Other's formula runs
        // first (Note [Backward formulas run in input-name order]).
        Tensor gradOther = needs(n, 1) ? mul(neg(g[0]), div(div(self, other), other)) : Tensor();
        Tensor gradSelf = needs(n, 0) ? div(g[0], other) : Tensor();
        return variable_list{gradSelf, gradOther};
    });
    if (rec.active()) {
        if (rec.node()->needsInputGrad(1))
            rec.save("self", a);
        rec.save("other", b);
    }
    // (self_t - other_t * result) / other_p
    rec.forward([&](const InputTangents& t, const Tensor& result) {
        return div(subTangentTerms(t[0], t.isZero(0), mul(t[1], result), t.isZero(1)), b);
    });
    const ScalarType type = floatResultType(resultType({&a, &b}));
    if (std::optional<Tensor> zero = zeroTensorDiv(a, b, type))  // See Note [ZeroTensor]
        return rec.finish(*zero);
    if (std::optional<Tensor> gpuOut = gpu_dispatch::binary(gpu::BinaryOp::Div, a, b, type, type))
        return rec.finish(*gpuOut);
    Tensor out = binaryKernel<kTakesHalf>(a, b, type, type, "div", [](auto p, auto q) { return pythonLikeDiv(p, q); });
    return rec.finish(out);
}

Tensor div(const Tensor& a, Scalar b) { return div(a, scalarTensor(b, a.device())); }

Tensor rdiv(const Tensor& a, Scalar b) { return mul(reciprocal(a), b); }

namespace {

/// PyTorch's remainder_kernel: fmod, then moved into the divisor's sign (exact).
template <typename T>
T pythonRemainder(T a, T b)
{
    if constexpr (std::is_floating_point_v<T>) {
        T mod = std::fmod(a, b);
        if (mod != 0 && ((b < 0) != (mod < 0)))
            mod += b;
        return mod;
    } else {
        AGV_CHECK(b != 0, RuntimeError, "ZeroDivisionError");
        T mod = a % b;
        if (mod != 0 && ((b < 0) != (mod < 0)))
            mod += b;
        return mod;
    }
}

/// c10::div_floor_floating / div_floor_integer.
template <typename T>
T pythonFloorDivide(T a, T b)
{
    if constexpr (std::is_floating_point_v<T>) {
        if (b == 0)
            return a / b;
        const T mod = std::fmod(a, b);
        T quotient = (a - mod) / b;
        if (mod != 0 && ((b < 0) != (mod < 0)))
            quotient -= T(1);
        if (quotient == 0)
            return std::copysign(T(0), a / b);
        T floored = std::floor(quotient);
        if (quotient - floored > T(0.5))
            floored += T(1);
        return floored;
    } else {
        AGV_CHECK(b != 0, RuntimeError, "ZeroDivisionError");
        T quotient = a / b;
        if ((a % b != 0) && ((a < 0) != (b < 0)))
            --quotient;
        return quotient;
    }
}

Tensor remainderKernel(const Tensor& a, const Tensor& b)
{
    const ScalarType type = resultType({&a, &b});
    AGV_CHECK(type != ScalarType::Bool, RuntimeError, "\"remainder_cpu\" not implemented for 'Bool'");
    return binaryKernel<kTakesHalf>(a, b, type, type, "remainder_cpu", [](auto p, auto q) {
        using T = decltype(p);
        if constexpr (std::is_same_v<T, bool>)
            return p;
        else if constexpr (std::is_integral_v<T> || std::is_floating_point_v<T>)
            return pythonRemainder<T>(p, q);
        else  // Half / BFloat16: computed in float, rounded once
            return T(pythonRemainder<float>(float(p), float(q)));
    });
}

}  // namespace

Tensor remainder(const Tensor& a, const Tensor& b)
{
    Tensor out = remainderKernel(a, b);
    OpRecorder rec("RemainderBackward1", {&a, &b}, [](BackwardNode& n, const variable_list& g) {
        Tensor other = n.saved(0), self = n.saved(1);  // saved in PyTorch's order: other, self
        // other: -grad * self.div(other, rounding_mode="floor")
        return variable_list{needs(n, 0) ? g[0] : Tensor(),
                             needs(n, 1) ? mul(neg(g[0]), div(self, other, "floor")) : Tensor()};
    });
    if (rec.active()) {
        // Only the gradient of `other` reads them, and 1.13 saves them only for it.
        const bool otherNeedsGrad = rec.node()->needsInputGrad(1);
        rec.save("other", otherNeedsGrad ? b : Tensor());
        rec.save("self", otherNeedsGrad ? a : Tensor());
    }
    return rec.finish(out);
}

Tensor remainder(const Tensor& a, Scalar b)
{
    Tensor out = remainderKernel(a, scalarTensor(b, a.device()));
    OpRecorder rec("RemainderBackward0", {&a}, [](BackwardNode&, const variable_list& g) { return variable_list{g[0]}; });
    rec.forward([](const InputTangents& t, const Tensor&) { return clone(t[0]); });
    return rec.finish(out);
}

Tensor remainder(Scalar a, const Tensor& b)
{
    Tensor out = remainderKernel(scalarTensor(a, b.device()), b);
    OpRecorder rec = notImplementedRecorder("remainder", {&b});
    return rec.finish(out);
}

void refuseTangents(const char* atenName, std::initializer_list<const Tensor*> inputs)
{
    if (!forward_ad::isActive())
        return;
    for (const Tensor* t : inputs)
        AGV_CHECK(!forward_ad::hasTangent(t), NotImplementedError, "Trying to use forward AD with ", atenName,
                  " that does not support it.");
}

namespace {

Tensor floorDivideKernel(const Tensor& a, const Tensor& b)
{
    const ScalarType type = resultType({&a, &b});
    AGV_CHECK(type != ScalarType::Bool, RuntimeError, "\"div_floor_cpu\" not implemented for 'Bool'");
    return binaryKernel<kTakesHalf>(a, b, type, type, "div_floor_cpu", [](auto p, auto q) {
        using T = decltype(p);
        if constexpr (std::is_same_v<T, bool>)
            return p;
        else if constexpr (std::is_integral_v<T> || std::is_floating_point_v<T>)
            return pythonFloorDivide<T>(p, q);
        else  // Half / BFloat16: computed in float, rounded once
            return T(pythonFloorDivide<float>(float(p), float(q)));
    });
}

/// floor_divide has no derivative in 1.13: see Note [NotImplemented nodes].
Tensor recordFloorDivide(std::initializer_list<const Tensor*> inputs, Tensor out)
{
    OpRecorder rec = notImplementedRecorder("floor_divide", inputs);
    return rec.finish(std::move(out));
}

}  // namespace

Tensor floorDivide(const Tensor& a, const Tensor& b)
{
    // See Note [NotImplemented nodes]
    refuseTangents("aten::floor_divide", {&a, &b});
    return recordFloorDivide({&a, &b}, floorDivideKernel(a, b));
}

Tensor floorDivide(const Tensor& a, Scalar b)
{
    refuseTangents("aten::floor_divide", {&a});
    return recordFloorDivide({&a}, floorDivideKernel(a, scalarTensor(b, a.device())));
}

Tensor div(const Tensor& a, const Tensor& b, const std::optional<std::string>& roundingMode)
{
    AGV_CHECK(!roundingMode || *roundingMode == "trunc" || *roundingMode == "floor", RuntimeError,
              "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '", *roundingMode, "'");
    Tensor out;
    if (!roundingMode) {
        // div(..., rounding_mode=None) is the div.Tensor_mode overload: true division
        // recorded as DivBackward2.
        const ScalarType type = floatResultType(resultType({&a, &b}));
        std::optional<Tensor> gpuOut = gpu_dispatch::binary(gpu::BinaryOp::Div, a, b, type, type);
        out = gpuOut ? *gpuOut
                     : binaryKernel<kTakesHalf>(a, b, type, type, "div", [](auto p, auto q) { return pythonLikeDiv(p, q); });
    } else {
        const bool truncate = *roundingMode == "trunc";
        const ScalarType type = resultType({&a, &b});
        const char* kernelName = truncate ? "div_trunc_cpu" : "div_floor_cpu";
        AGV_CHECK(type != ScalarType::Bool, RuntimeError, "\"", kernelName, "\" not implemented for 'Bool'");
        out = binaryKernel<kTakesHalf>(a, b, type, type, kernelName, [truncate](auto p, auto q) {
            using T = decltype(p);
            if constexpr (std::is_same_v<T, bool>) {
                return p;
            } else if constexpr (std::is_integral_v<T>) {
                if (!truncate)
                    return pythonFloorDivide<T>(p, q);
                AGV_CHECK(q != 0, RuntimeError, "ZeroDivisionError");
                return T(p / q);
            } else if constexpr (std::is_floating_point_v<T>) {
                return truncate ? T(std::trunc(p / q)) : pythonFloorDivide<T>(p, q);
            } else {
                // Half / BFloat16: the quotient rounded to the type, then truncated or floored.
                const float x = float(p), y = float(q);
                return truncate ? T(std::trunc(float(T(x / y)))) : T(pythonFloorDivide<float>(x, y));
            }
        });
    }
    // div_tensor_self_backward / div_tensor_other_backward: zeros with a rounding mode.
    const bool rounds = roundingMode.has_value();
    OpRecorder rec("DivBackward2", {&a, &b}, [rounds](BackwardNode& n, const variable_list& g) {
        Tensor self = n.saved(0), other = n.saved(1);
        if (rounds)
            return variable_list{needs(n, 0) ? zerosLike(g[0]) : Tensor(), needs(n, 1) ? zerosLike(g[0]) : Tensor()};
        return variable_list{needs(n, 0) ? div(g[0], other) : Tensor(),
                             needs(n, 1) ? mul(neg(g[0]), div(div(self, other), other)) : Tensor()};
    });
    if (rec.active()) {
        rec.save("self", rec.node()->needsInputGrad(1) ? a : Tensor());
        rec.save("other", b);
    }
    rec.attr("rounding_mode", roundingMode ? SavedAttr(*roundingMode) : SavedAttr(NoneValue{}));
    rec.forward([&, rounds](const InputTangents& t, const Tensor& result) {
        if (rounds)
            return zerosLike(result);
        return div(subTangentTerms(t[0], t.isZero(0), mul(t[1], result), t.isZero(1)), b);
    });
    return rec.finish(out);
}

namespace {
Tensor fmodKernel(const Tensor& a, const Tensor& b)
{
    const ScalarType type = resultType({&a, &b});
    AGV_CHECK(type != ScalarType::Bool, RuntimeError, "\"fmod_cpu\" not implemented for 'Bool'");
    return binaryKernel<kTakesHalf>(a, b, type, type, "fmod_cpu", [](auto p, auto q) {
        using T = decltype(p);
        if constexpr (std::is_same_v<T, bool>) {
            return p;
        } else if constexpr (std::is_integral_v<T>) {
            AGV_CHECK(q != 0, RuntimeError, "ZeroDivisionError");
            return T(p % q);
        } else if constexpr (std::is_floating_point_v<T>) {
            return T(std::fmod(p, q));
        } else {
            return T(std::fmod(float(p), float(q)));
        }
    });
}
}  // namespace

Tensor fmod(const Tensor& a, const Tensor& b)
{
    Tensor out = fmodKernel(a, b);
    OpRecorder rec("FmodBackward1", {&a, &b}, [](BackwardNode& n, const variable_list& g) {
        Tensor other = n.saved(0), self = n.saved(1);  // PyTorch's order: other, self
        // other: -grad * self.div(other, rounding_mode="trunc")
        return variable_list{needs(n, 0) ? g[0] : Tensor(),
                             needs(n, 1) ? mul(neg(g[0]), div(self, other, "trunc")) : Tensor()};
    });
    if (rec.active()) {
        // Only the gradient of `other` reads them, and 1.13 saves them only for it.
        const bool otherNeedsGrad = rec.node()->needsInputGrad(1);
        rec.save("other", otherNeedsGrad ? b : Tensor());
        rec.save("self", otherNeedsGrad ? a : Tensor());
    }
    rec.forward([&](const InputTangents& t, const Tensor&) {
        return subTangentTerms(t[0], t.isZero(0), mul(t[1], div(a, b, "trunc")), t.isZero(1));
    });
    return rec.finish(out);
}

Tensor fmod(const Tensor& a, Scalar b)
{
    Tensor out = fmodKernel(a, scalarTensor(b, a.device()));
    OpRecorder rec("FmodBackward0", {&a}, [](BackwardNode&, const variable_list& g) { return variable_list{g[0]}; });
    rec.forward([](const InputTangents& t, const Tensor&) { return clone(t[0]); });
    return rec.finish(out);
}

// ---------------------------------------------------------------- pow

namespace {

/// rsqrt's values (pow(x, -0.5) runs the same kernel).
Tensor rsqrtValues(const Tensor& t)
{
    if (t.dtype() != ScalarType::BFloat16)
        return floatUnaryKernel(t, "rsqrt_cpu", [](auto x) { return decltype(x)(1) / std::sqrt(x); });
    // bfloat16: the vector body divides in float and rounds once; the scalar one divides
    // by std::sqrt(BFloat16), itself rounded to bfloat16 (c10's BFloat16-math.h).
    return bfloat16TwoBodies(
        t,
        [](const float* in, float* out, int64_t n) {
            for (int64_t i = 0; i < n; ++i)
                out[i] = 1.0f / std::sqrt(in[i]);
            return true;
        },
        [](float x) { return 1.0f / float(BFloat16(std::sqrt(x))); });
}

/// 1.13's float16 body for pow and reciprocal: Vectorized<Half> has no arithmetic of its
/// own on AVX2 and maps the scalar body, which computes in float and rounds once.
template <typename F>
Tensor halfUnaryKernel(const Tensor& t, F f)
{
    const IntList strides = elementwiseOutputStrides(t.sizes(), {&t});
    return kernel::mapUnary<Half, Half>(t, ScalarType::Half, [&](Half x) { return Half(f(float(x))); }, strides);
}

/// reciprocal's values (pow(x, -1) runs the same kernel).
Tensor reciprocalValues(const Tensor& t)
{
    if (t.dtype() == ScalarType::Half)
        return halfUnaryKernel(t, [](float x) { return 1.0f / x; });
    // bfloat16: 1 / x in float, rounded once, in both bodies.
    return bfloat16ThroughFloat(
        t, [](const Tensor& x) { return floatUnaryKernel(x, "reciprocal", [](auto v) { return decltype(v)(1) / v; }); });
}

/// pow(bfloat16 tensor, number) as 1.13's pow_tensor_scalar_kernel: 0.5, -0.5 and -1 run
/// the sqrt, rsqrt and reciprocal kernels; 2, 3 and -2 multiply in bfloat16, rounding after
/// every step; any other exponent, rounded to bfloat16 first, meets SLEEF's powf in the
/// vector body and std::pow in the scalar one (Note [bfloat16 unary math]).
Tensor bfloat16PowValues(const Tensor& base, double e)
{
    if (e == 0.5)
        return sqrt(base);
    if (e == -0.5)
        return rsqrtValues(base);
    if (e == -1.0)
        return reciprocalValues(base);
    if (e == 0.0 || e == 1.0 || e == 2.0 || e == 3.0 || e == -2.0) {
        return sameTypeUnaryKernel<kTakesHalf>(base, "pow", [e](auto x) {
            using T = decltype(x);
            if (e == 0.0)
                return T(1.0f);
            if (e == 1.0)
                return x;
            if (e == 2.0)
                return T(x * x);
            if (e == 3.0)
                return T(x * x * x);
            return T(T(1.0f) / (x * x));
        });
    }
    const float exponent = BFloat16(float(e));
    return bfloat16TwoBodies(
        base,
        [exponent](const float* in, float* out, int64_t n) { return sleef::powScalar(in, out, n, exponent); },
        [exponent](float x) { return std::pow(x, exponent); });
}

}  // namespace

namespace {
/// 1.13's kernel writes exponents 0 and 1 with fill_(1) / copy_(self), which bump a result
/// computed from inference tensors (Note [Versions of results computed from inference
/// tensors]).
Tensor stampPowVersion(const Tensor& base, Scalar exponent, Tensor result)
{
    const double e = exponent.toDouble();
    if ((e == 0.0 || e == 1.0) && base.impl()->isInference() && !InferenceMode::isEnabled() &&
        !result.impl()->isInference())
        result.impl()->versionCounter()->version = 1;
    return result;
}
}  // namespace

Tensor pow(const Tensor& base, Scalar exponent)
{
    const ScalarType type = resultType(base, exponent);
    AGV_CHECK(type != ScalarType::Bool, RuntimeError, "\"pow\" not implemented for 'Bool'");
    // A bool base with an integer exponent computes in int64, as the promoted type.
    if (base.dtype() == ScalarType::Bool && !exponent.isFloating())
        return stampPowVersion(base, exponent, pow(toDtype(base, type), exponent));
    // An integer tensor to a float power: the base is cast to the default float type and
    // runs the float kernel, special exponents and SLEEF included (integers need no grad).
    if (!isFloatingType(base.dtype()) && exponent.isFloating())
        return stampPowVersion(base, exponent, pow(toDtype(base, defaultFloatType()), exponent));
    const double e = exponent.toDouble();
    Tensor out;
    if (base.dtype() == ScalarType::BFloat16) {
        out = bfloat16PowValues(base, e);
    } else if (base.dtype() == ScalarType::Half) {
        // float16 takes none of the special exponents (its sqrt and rsqrt refuse float16):
        // std::pow in float with the exponent rounded to float16.
        const float exponent = Half(float(e));
        out = halfUnaryKernel(base, [exponent](float x) { return std::pow(x, exponent); });
    } else if (isFloatingType(base.dtype()) || !exponent.isFloating()) {
        if (!isFloatingType(base.dtype()) && exponent.toInt() < 0)
            AGV_RAISE(RuntimeError, "Integers to negative integer powers are not allowed.");
        const uint64_t integerExponent = exponent.isFloating() ? 0 : static_cast<uint64_t>(exponent.toInt());
        // A general exponent on a contiguous floating tensor: PyTorch's vectorised loop (SLEEF pow).
        const bool special = e == 0.0 || e == 1.0 || e == 2.0 || e == 3.0 || e == -2.0 || e == 0.5 || e == -0.5 ||
                             e == -1.0;
        const bool sleefType = base.dtype() == ScalarType::Float32 || base.dtype() == ScalarType::Float64;
        if (sleefType && base.isContiguous() && !special) {
            Tensor result = kernel::newTensor(base.sizes(), base.dtype(), base.device());
            const bool done = base.dtype() == ScalarType::Float32
                                  ? sleef::powScalar(base.data<float>(), result.data<float>(), base.numel(), e)
                                  : sleef::powScalar(base.data<double>(), result.data<double>(), base.numel(), e);
            if (done)
                out = result;
        }
        if (!out.defined())
            out = sameTypeUnaryKernel(base, "pow", [e, integerExponent](auto x) {
                using T = decltype(x);
                if constexpr (kWrapsAround<T>) {
                    return wrappingPow(x, integerExponent);
                } else {
                    // PyTorch's pow_tensor_scalar kernels special-case these exponents.
                    if (e == 2.0)
                        return T(x * x);
                    if (e == 1.0)
                        return x;
                    if constexpr (std::is_floating_point_v<T>) {
                        if (e == 3.0)
                            return T(x * x * x);
                        if (e == -2.0)
                            return T(T(1) / (x * x));
                        if (e == 0.5)
                            return T(std::sqrt(x));
                        if (e == -0.5)
                            return T(T(1) / std::sqrt(x));
                        if (e == -1.0)
                            return T(T(1) / x);
                    }
                    return T(std::pow(double(x), e));
                }
            });
    } else {
        out = floatUnaryKernel(base, "pow", [e](auto x) { return std::pow(x, static_cast<decltype(x)>(e)); });
    }
    OpRecorder rec("PowBackward0", {&base}, [exponent](BackwardNode& n, const variable_list& g) {
        Tensor self = n.saved(0);  // unpacked first, as the generated code does (version check)
        const double ex = exponent.toDouble();
        if (ex == 0.0)
            return variable_list{zerosLike(g[0])};
        // pow_backward: grad * (exponent * self.pow(exponent - 1)), in that order
        return variable_list{mul(g[0], internal::mulScalar(pow(self, Scalar(ex - 1.0)), Scalar(ex)))};
    });
    rec.save("self", base);
    rec.attr("exponent", exponent.isFloating() ? SavedAttr(e) : SavedAttr(exponent.toInt()));
    rec.forward([&](const InputTangents& t, const Tensor&) {
        const double ex = exponent.toDouble();
        if (ex == 0.0)
            return zerosLike(base);
        // pow_backward(self_t, self_p, exponent): self_t * (exponent * self_p.pow(exponent - 1))
        return mul(t[0], internal::mulScalar(pow(base, Scalar(ex - 1.0)), Scalar(ex)));
    });
    return stampPowVersion(base, exponent, rec.finish(out));
}

Tensor powBackwardSelf(const Tensor& grad, const Tensor& self, const Tensor& exponent)
{
    Tensor gradient = mul(grad, mul(exponent, pow(self, internal::subScalar(exponent, Scalar(1)))));
    return where(compare(exponent, Scalar(0.0), CompareOp::Eq), zeros({}, gradient.dtype(), gradient.device()),
                 gradient);
}

Tensor powBackwardExponent(const Tensor& grad, const Tensor& self, const Tensor& exponent, const Tensor& result)
{
    // d/de b^e = b^e log b, defined as 0 where b == 0 and e >= 0 (PyTorch's convention).
    // The log is taken in the result's dtype: for `2 ** x` the base is a wrapped int,
    // whose own log would be computed in float32 and lose precision for float64 x.
    Tensor base = toDtype(self, result.dtype());
    Tensor zeroBase = mul(compare(self, Scalar(0.0), CompareOp::Eq), compare(exponent, Scalar(0.0), CompareOp::Ge));
    Tensor rate = mul(result, log(base));
    return mul(grad, where(zeroBase, zerosLike(rate), rate));
}

namespace {

/// pow_tensor_tensor_kernel for a float or double result: Sleef_pow in its Vectorized body,
/// std::pow in the result's type in its scalar body (Note [cpu_kernel_vec bodies]).
template <typename T>
Tensor powFloatValues(const Tensor& base, const Tensor& exponent, ScalarType type)
{
    const Tensor x = convert(base, type), y = convert(exponent, type);
    const IntList shape = broadcastShapes(x.sizes(), y.sizes());
    const IntList sx = kernel::broadcastStrides(x, shape), sy = kernel::broadcastStrides(y, shape);
    const std::vector<int64_t> ox = kernel::elementOffsets(shape, sx), oy = kernel::elementOffsets(shape, sy);
    std::vector<T> a(ox.size()), b(oy.size()), vectorValues(ox.size());
    for (size_t i = 0; i < ox.size(); ++i) {
        a[i] = x.data<T>()[ox[i]];
        b[i] = y.data<T>()[oy[i]];
    }
    const bool sleefDone = sleef::pow(a.data(), b.data(), vectorValues.data(), int64_t(a.size()));
    const std::vector<bool> vector = kernel::vectorizedElements(shape, {IntList{}, sx, sy}, int64_t(32 / sizeof(T)));
    Tensor out = kernel::newTensor(shape, type, kernel::resultDevice(base, exponent));
    T* o = out.data<T>();
    for (size_t i = 0; i < a.size(); ++i)
        o[i] = sleefDone && vector[i] ? vectorValues[i] : std::pow(a[i], b[i]);
    return kernel::asElementwiseOutput(out, {&base, &exponent});
}

}  // namespace

Tensor pow(const Tensor& base, const Tensor& exponent)
{
    OpRecorder rec("PowBackward1", {&base, &exponent}, [](BackwardNode& n, const variable_list& g) {
        Tensor self = n.saved(0), ex = n.saved(1), result = n.saved(2);
        // Note [Backward formulas run in input-name order]: exponent's before self's.
        Tensor gradSelf, gradExp;
        if (needs(n, 1))
            gradExp = powBackwardExponent(g[0], self, ex, result);
        if (needs(n, 0))
            gradSelf = powBackwardSelf(g[0], self, ex);
        return variable_list{gradSelf, gradExp};
    });
    if (rec.active()) {
        rec.save("self", base);
        rec.save("exponent", exponent);
    }
    rec.forward([&](const InputTangents& t, const Tensor& result) {
        // pow_backward_self(self_t, self_p, exponent_p) + pow_backward_exponent(exponent_t, self_p, exponent_p, result)
        Tensor exponentIsZero = compare(exponent, Scalar(0.0), CompareOp::Eq);
        Tensor selfPart = mul(t[0], mul(exponent, pow(base, sub(exponent, Scalar(1)))));
        selfPart = where(exponentIsZero, zerosLike(selfPart), selfPart);
        Tensor zeroBase =
            mul(compare(base, Scalar(0.0), CompareOp::Eq), compare(exponent, Scalar(0.0), CompareOp::Ge));
        Tensor rate = mul(result, log(toDtype(base, result.dtype())));
        Tensor exponentPart = mul(t[1], where(zeroBase, zeros({}, rate.dtype(), rate.device()), rate));
        return add(selfPart, exponentPart);
    });
    const ScalarType type = resultType({&base, &exponent});
    AGV_CHECK(type != ScalarType::Bool, RuntimeError, "\"pow\" not implemented for 'Bool'");
    checkSameDevice(base, exponent);
    Tensor out;
    if (type == ScalarType::Float32)
        out = powFloatValues<float>(base, exponent, type);
    else if (type == ScalarType::Float64)
        out = powFloatValues<double>(base, exponent, type);
    else
        out = binaryKernel<kTakesHalf>(base, exponent, type, type, "pow", [](auto p, auto q) {
            using T = decltype(p);
            if constexpr (kWrapsAround<T>) {
                // c10's powi: a negative exponent truncates towards zero.
                if (q < 0)
                    return p == 1 ? T(1) : p == -1 ? T((q & 1) ? -1 : 1) : T(0);
                return wrappingPow(p, static_cast<uint64_t>(q));
            } else {
                return T(std::pow(double(p), double(q)));
            }
        });
    return rec.finishSavingResult(out);
}

Tensor rpow(const Tensor& exponent, Scalar base) { return pow(scalarTensor(base, exponent.device()), exponent); }

Tensor pow(Scalar base, const Tensor& exponent)
{
    Tensor b = scalarTensor(base, exponent.device());
    const ScalarType type = resultType({&b, &exponent});
    const double bv = base.toDouble();
    Tensor ex = convert(exponent, type);
    Tensor out;
    if (bv == 1.0 && isFloatingType(type)) {
        // pow_Scalar_out fills ones for a base of 1.
        out = kernel::newTensor(exponent.sizes(), type, exponent.device());
        kernel::copyInto(out, scalarTensor(Scalar(1.0), exponent.device()));
        out = kernel::asElementwiseOutput(out, {&exponent});
    } else if (type == ScalarType::Float32) {
        out = powFloatValues<float>(b, exponent, type);
    } else if (type == ScalarType::Float64) {
        out = powFloatValues<double>(b, exponent, type);
    } else {
        out = AGV_DISPATCH_ALL(type, "pow", [&] {
            using T = scalar_t;
            return kernel::mapUnary<T, T>(ex, type, [bv](T x) { return T(std::pow(bv, double(x))); });
        });
    }
    OpRecorder rec("PowBackward2", {&exponent}, [base](BackwardNode& n, const variable_list& g) {
        // pow_backward_exponent: grad * (result * log(base)), zero where a base of 0 meets an
        // exponent >= 0. Unpacked in order: exponent, then result.
        const Tensor savedExponent = n.saved(0), result = n.saved(1);
        const Tensor rate = internal::mulScalar(result, Scalar(std::log(base.toDouble())));
        if (base.toDouble() == 0.0)
            return variable_list{mul(g[0], where(compare(savedExponent, Scalar(0.0), CompareOp::Ge),
                                                 zeros({}, g[0].dtype(), g[0].device()), rate))};
        return variable_list{mul(g[0], rate)};
    });
    rec.attr("self", base.isFloating() ? SavedAttr(bv) : SavedAttr(base.toInt()));
    rec.save("exponent", exponent);
    rec.forward([&](const InputTangents& t, const Tensor& result) {
        // pow_backward_exponent(exponent_t, self, exponent_p, result) for a number base
        Tensor rate = mul(result, std::log(bv));
        if (bv == 0.0)
            rate = where(compare(exponent, Scalar(0.0), CompareOp::Gt), zeros({}, rate.dtype(), rate.device()), rate);
        return mul(t[0], rate);
    });
    return rec.finishSavingResult(out);
}

// ---------------------------------------------------------------- unary math

Tensor neg(const Tensor& t)
{
    AGV_CHECK(t.dtype() != ScalarType::Bool, RuntimeError,
              "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, "
              "use the `~` or `logical_not()` operator instead.");
    std::optional<Tensor> gpuOut = gpu_dispatch::unary(gpu::UnaryOp::Neg, t);
    Tensor out = gpuOut ? *gpuOut : sameTypeUnaryKernel<kTakesHalf>(t, "neg", [](auto x) { return wrappingNeg(x); });
    OpRecorder rec("NegBackward0", {&t}, [](BackwardNode&, const variable_list& g) {
        return variable_list{neg(g[0])};
    });
    rec.forward([](const InputTangents& t, const Tensor&) { return neg(t[0]); });
    return rec.finish(out);
}

Tensor reciprocal(const Tensor& t)
{
    Tensor out = reciprocalValues(t);
    OpRecorder rec("ReciprocalBackward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        // -grad * (result * result), GCC evaluating the right operand first.
        Tensor r = n.saved(0);
        Tensor square = mul(r, r);
        return variable_list{mul(neg(g[0]), square)};
    });
    rec.forward([](const InputTangents& t, const Tensor& r) { return mul(neg(t[0]), mul(r, r)); });
    return rec.finishSavingResult(out);
}

Tensor exp(const Tensor& t)
{
    Tensor out = transcendentalKernel(t, "exp_vml_cpu", sleef::Function::Exp, [](auto x) { return std::exp(x); });
    OpRecorder rec("ExpBackward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{mul(g[0], n.saved(0))};
    });
    rec.forward([](const InputTangents& t, const Tensor& result) { return mul(t[0], result); });
    return rec.finishSavingResult(out);
}

Tensor log(const Tensor& t)
{
    Tensor out = transcendentalKernel(t, "log_vml_cpu", sleef::Function::Log, [](auto x) { return std::log(x); });
    OpRecorder rec("LogBackward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{div(g[0], n.saved(0))};
    });
    rec.save("self", t);
    rec.forward([&](const InputTangents& tangents, const Tensor&) { return div(tangents[0], t); });
    return rec.finish(out);
}

// erf, erfc, expm1, log1p: PyTorch's VML kernels (SLEEF, and for float erf the
// approximation of Note [Vectorized float erf]); float16 refused as erf_vml_cpu, ...

namespace {
/// 2 / sqrt(pi) * exp(-(self.pow(2))): derivatives.yaml's erf / erfc factor, `sign` 1 or -1.
Tensor erfDerivative(const Tensor& self, double sign, const Tensor& g)
{
    return mul(mul(exp(neg(pow(self, Scalar(2)))), sign * 2.0 / std::sqrt(M_PI)), g);
}
}  // namespace

Tensor erf(const Tensor& t)
{
    Tensor out = transcendentalKernel(t, "erf_vml_cpu", sleef::Function::Erf, [](auto x) { return std::erf(x); });
    OpRecorder rec("ErfBackward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{erfDerivative(n.saved(0), 1.0, g[0])};
    });
    rec.save("self", t);
    rec.forward([&](const InputTangents& tangents, const Tensor&) { return erfDerivative(t, 1.0, tangents[0]); });
    return rec.finish(out);
}

Tensor erfc(const Tensor& t)
{
    Tensor out = transcendentalKernel(t, "erfc_vml_cpu", sleef::Function::Erfc, [](auto x) { return std::erfc(x); });
    OpRecorder rec("ErfcBackward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{erfDerivative(n.saved(0), -1.0, g[0])};
    });
    rec.save("self", t);
    rec.forward([&](const InputTangents& tangents, const Tensor&) { return erfDerivative(t, -1.0, tangents[0]); });
    return rec.finish(out);
}

Tensor expm1(const Tensor& t)
{
    Tensor out = transcendentalKernel(t, "expm1_vml_cpu", sleef::Function::Expm1, [](auto x) { return std::expm1(x); });
    // grad * (result + 1)
    OpRecorder rec("Expm1Backward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{mul(g[0], add(n.saved(0), Scalar(1)))};
    });
    rec.forward([](const InputTangents& t, const Tensor& result) { return mul(t[0], add(result, Scalar(1))); });
    return rec.finishSavingResult(out);
}

Tensor log1p(const Tensor& t)
{
    Tensor out = transcendentalKernel(t, "log1p_vml_cpu", sleef::Function::Log1p, [](auto x) { return std::log1p(x); });
    // log1p_backward: grad / (self + 1)
    OpRecorder rec("Log1PBackward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{div(g[0], add(n.saved(0), Scalar(1)))};
    });
    rec.save("self", t);
    rec.forward([&](const InputTangents& tangents, const Tensor&) { return div(tangents[0], add(t, Scalar(1))); });
    return rec.finish(out);
}

// log2 and log10: PyTorch's VML kernels too (Sleef_log2f8_u10, ...), float16 refused.

Tensor log2(const Tensor& t)
{
    Tensor out = transcendentalKernel(t, "log2_vml_cpu", sleef::Function::Log2, [](auto x) { return std::log2(x); });
    // grad / (self * 0.6931471805599453)
    OpRecorder rec("Log2Backward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{div(g[0], mul(n.saved(0), 0.6931471805599453))};
    });
    rec.save("self", t);
    rec.forward([&](const InputTangents& tangents, const Tensor&) { return div(tangents[0], mul(t, 0.6931471805599453)); });
    return rec.finish(out);
}

Tensor log10(const Tensor& t)
{
    Tensor out = transcendentalKernel(t, "log10_vml_cpu", sleef::Function::Log10, [](auto x) { return std::log10(x); });
    // grad / (self * 2.3025850929940456)
    OpRecorder rec("Log10Backward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{div(g[0], mul(n.saved(0), 2.3025850929940456))};
    });
    rec.save("self", t);
    rec.forward([&](const InputTangents& tangents, const Tensor&) { return div(tangents[0], mul(t, 2.3025850929940456)); });
    return rec.finish(out);
}

Tensor exp2(const Tensor& t)
{
    // exp2_kernel is a plain cpu_kernel: std::exp2 for every element (no SLEEF), in float
    // for the 16-bit types.
    const ScalarType outType = floatResultType(t.dtype());
    Tensor in = convert(t, outType);
    Tensor out = AGV_DISPATCH_FLOATING_AND_HALF(outType, "exp2", [&] {
        using T = scalar_t;
        return kernel::mapUnary<T, T>(in, outType, [](T x) {
            if constexpr (std::is_floating_point_v<T>)
                return T(std::exp2(x));
            else
                return T(std::exp2(float(x)));
        });
    });
    // grad * result * M_LN2
    OpRecorder rec("Exp2Backward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{internal::mulScalar(mul(g[0], n.saved(0)), Scalar(M_LN2))};
    });
    rec.forward([](const InputTangents& t, const Tensor& result) { return mul(mul(t[0], result), M_LN2); });
    return rec.finishSavingResult(out);
}

namespace {
/// The in-place form of a unary op whose formula reads self (saved as a copy from before
/// the write).
Tensor& inplaceReadingSelf(Tensor& self, const char* opName, const char* nodeName, Tensor (*values)(const Tensor&),
                           Tensor (*formula)(const Tensor& grad, const Tensor& self))
{
    return unaryInplace(
        self, opName, nodeName, InplaceSaves::OriginalSelf, values,
        [formula](BackwardNode& n, const variable_list& g) { return variable_list{formula(g[0], n.saved(0))}; },
        [formula](const InputTangents& t, const Tensor&) { return formula(t[0], t.primal(0)); }, true);
}
}  // namespace

Tensor& erfInplace(Tensor& self)
{
    return inplaceReadingSelf(self, "erf_", "ErfBackward0", erf,
                              [](const Tensor& g, const Tensor& x) { return erfDerivative(x, 1.0, g); });
}

Tensor& erfcInplace(Tensor& self)
{
    return inplaceReadingSelf(self, "erfc_", "ErfcBackward0", erfc,
                              [](const Tensor& g, const Tensor& x) { return erfDerivative(x, -1.0, g); });
}

Tensor& log1pInplace(Tensor& self)
{
    return inplaceReadingSelf(self, "log1p_", "Log1PBackward0", log1p,
                              [](const Tensor& g, const Tensor& x) { return div(g, add(x, Scalar(1))); });
}

Tensor& log2Inplace(Tensor& self)
{
    return inplaceReadingSelf(self, "log2_", "Log2Backward0", log2,
                              [](const Tensor& g, const Tensor& x) { return div(g, mul(x, 0.6931471805599453)); });
}

Tensor& log10Inplace(Tensor& self)
{
    return inplaceReadingSelf(self, "log10_", "Log10Backward0", log10,
                              [](const Tensor& g, const Tensor& x) { return div(g, mul(x, 2.3025850929940456)); });
}

Tensor& expm1Inplace(Tensor& self)
{
    return unaryInplace(
        self, "expm1_", "Expm1Backward0", InplaceSaves::Result, [](const Tensor& t) { return expm1(t); },
        [](BackwardNode& n, const variable_list& g) { return variable_list{mul(g[0], add(n.saved(0), Scalar(1)))}; },
        [](const InputTangents& t, const Tensor& result) { return mul(t[0], add(result, Scalar(1))); }, true);
}

Tensor& exp2Inplace(Tensor& self)
{
    return unaryInplace(
        self, "exp2_", "Exp2Backward0", InplaceSaves::Result, [](const Tensor& t) { return exp2(t); },
        [](BackwardNode& n, const variable_list& g) {
            return variable_list{internal::mulScalar(mul(g[0], n.saved(0)), Scalar(M_LN2))};
        },
        [](const InputTangents& t, const Tensor& result) { return mul(mul(t[0], result), M_LN2); }, true);
}

Tensor sqrt(const Tensor& t)
{
    Tensor out = bfloat16ThroughFloat(
        t, [](const Tensor& x) { return floatUnaryKernel(x, "sqrt_vml_cpu", [](auto v) { return std::sqrt(v); }); });
    OpRecorder rec("SqrtBackward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{div(g[0], mul(n.saved(0), 2))};
    });
    rec.forward([](const InputTangents& t, const Tensor& result) { return div(t[0], mul(result, 2)); });
    return rec.finishSavingResult(out);
}

Tensor rsqrt(const Tensor& t)
{
    Tensor out = rsqrtValues(t);
    OpRecorder rec("RsqrtBackward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        Tensor r = n.saved(0);
        return variable_list{mul(mul(g[0], pow(r, Scalar(3))), -0.5)};
    });
    rec.forward([](const InputTangents& t, const Tensor& r) { return mul(mul(t[0], pow(r, Scalar(3))), -0.5); });
    return rec.finishSavingResult(out);
}


Tensor abs(const Tensor& t)
{
    Tensor out = sameTypeUnaryKernel<kTakesHalf>(t, "abs", [](auto x) {
        using T = decltype(x);
        if constexpr (std::is_floating_point_v<T>)
            return std::abs(x);  // clears the sign bit: abs(-0.0) is +0.0
        else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
            return T::fromBits(uint16_t(x.bits & 0x7FFFu));  // the same for -0 and -nan
        else
            return x < T(0) ? wrappingNeg(x) : x;
    });
    // grad * self.sgn(): under create_graph the factor is SgnBackward0's, as in 1.13.
    OpRecorder rec("AbsBackward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{mul(g[0], sgn(n.saved(0)))};
    });
    rec.save("self", t);
    rec.forward([&](const InputTangents& tangents, const Tensor&) { return mul(tangents[0], sgn(t)); });
    return rec.finish(out);
}

Tensor sin(const Tensor& t)
{
    Tensor out = transcendentalKernel(t, "sin_vml_cpu", sleef::Function::Sin, [](auto x) { return std::sin(x); });
    OpRecorder rec("SinBackward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{mul(g[0], cos(n.saved(0)))};
    });
    rec.save("self", t);
    rec.forward([&](const InputTangents& tangents, const Tensor&) { return mul(tangents[0], cos(t)); });
    return rec.finish(out);
}

Tensor cos(const Tensor& t)
{
    Tensor out = transcendentalKernel(t, "cos_vml_cpu", sleef::Function::Cos, [](auto x) { return std::cos(x); });
    OpRecorder rec("CosBackward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{mul(g[0], neg(sin(n.saved(0))))};
    });
    rec.save("self", t);
    rec.forward([&](const InputTangents& tangents, const Tensor&) { return mul(tangents[0], neg(sin(t))); });
    return rec.finish(out);
}

Tensor relu(const Tensor& t)
{
    AGV_CHECK(t.dtype() != ScalarType::Bool, RuntimeError, "Boolean inputs not supported for relu");
    // clamp_min(x, 0) as std::max(x, 0): NaN and -0.0 come through as they are.
    std::optional<Tensor> gpuOut = gpu_dispatch::unary(gpu::UnaryOp::Relu, t);
    Tensor out = gpuOut ? *gpuOut
                        : sameTypeUnaryKernelWithBFloat16(t, "clamp_min_cpu",
                                                          [](auto x) { return x < decltype(x)(0) ? decltype(x)(0) : x; });
    OpRecorder rec("ReluBackward0", {&t}, [](BackwardNode& n, const variable_list& g) {
        // threshold_backward(grad, result, 0): a masked gradient is +0, never -0.
        return variable_list{internal::thresholdBackward(g[0], n.saved(0), Scalar(0))};
    });
    // threshold_backward(self_t, result, 0)
    rec.forward([](const InputTangents& t, const Tensor& r) {
        return maskedFill(t[0], compare(r, Scalar(0), CompareOp::Le), Scalar(0));
    });
    return rec.finishSavingResult(out);
}

Tensor leakyRelu(const Tensor& t, double slope)
{
    // A structured kernel on self's own dtype: integers are refused, not promoted.
    AGV_CHECK(isFloatingType(t.dtype()), RuntimeError, "\"leaky_relu_cpu\" not implemented for '",
              legacyDtypeShortName(t.dtype()), "'");
    const auto values = [slope](auto x) {
        using T = decltype(x);
        return x > T(0) ? x : T(x * T(slope));
    };
    // bfloat16 computes in float and rounds once (Note [bfloat16 activations compute in float]).
    Tensor out = t.dtype() == ScalarType::BFloat16
                     ? convert(floatUnaryKernel(convert(t, ScalarType::Float32), "leaky_relu_cpu", values), ScalarType::BFloat16)
                     : floatUnaryKernel(t, "leaky_relu_cpu", values);
    OpRecorder rec("LeakyReluBackward0", {&t}, [slope](BackwardNode& n, const variable_list& g) {
        return variable_list{internal::leakyReluBackward(g[0], n.saved(0), Scalar(slope))};
    });
    rec.save("self", t);
    rec.attr("negative_slope", slope);
    // leaky_relu_backward(self_t, self_p, negative_slope)
    rec.forward([&](const InputTangents& tangents, const Tensor&) {
        return where(compare(t, Scalar(0), CompareOp::Gt), tangents[0], mul(tangents[0], slope));
    });
    return rec.finish(out);
}

namespace internal {

Tensor clampBackward(const Tensor& grad, const Tensor& self, double lo, double hi)
{
    const Tensor inside = mul(compare(self, Scalar(lo), CompareOp::Ge), compare(self, Scalar(hi), CompareOp::Le));
    return where(inside, grad, zeros({}, grad.dtype(), grad.device()));
}

}  // namespace internal

Tensor clamp(const Tensor& t, std::optional<Scalar> min, std::optional<Scalar> max)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(t);
    AGV_CHECK(min || max, RuntimeError, "torch.clamp: At least one of 'min' or 'max' must not be None");
    // The bounds take part in type promotion: an integer tensor clamped by a float is a
    // float tensor (of the default dtype). Integer tensors never require grad.
    if (!isFloatingType(t.dtype()) && ((min && min->isFloating()) || (max && max->isFloating())))
        return clamp(toDtype(t, ScalarType::Float32), min, max);
    const double lo = min ? min->toDouble() : -INFINITY;
    const double hi = max ? max->toDouble() : INFINITY;
    Tensor out = sameTypeUnaryKernelWithBFloat16(t, "clamp_scalar_cpu", [lo, hi](auto x) {
        using T = decltype(x);
        if (std::isnan(double(x)))
            return x;
        if constexpr (std::is_same_v<T, BFloat16>) {
            // 1.13 converts the bounds to bfloat16 first (Note [bfloat16 unary math]).
            return T(std::min(std::max(double(x), double(T(float(lo)))), double(T(float(hi)))));
        }
        return T(std::min(std::max(double(x), lo), hi));
    });
    OpRecorder rec("ClampBackward1", {&t}, [lo, hi](BackwardNode& n, const variable_list& g) {
        return variable_list{internal::clampBackward(g[0], n.saved(0), lo, hi)};
    });
    rec.save("self", t);
    rec.attr("min", min ? (min->isFloating() ? SavedAttr(lo) : SavedAttr(min->toInt())) : SavedAttr(NoneValue{}));
    rec.attr("max", max ? (max->isFloating() ? SavedAttr(hi) : SavedAttr(max->toInt())) : SavedAttr(NoneValue{}));
    // clamp_backward(self_t, self_p, min, max): the tangent where min <= self <= max, else 0
    rec.forward([&](const InputTangents& tangents, const Tensor&) {
        Tensor inside = mul(compare(t, Scalar(lo), CompareOp::Ge), compare(t, Scalar(hi), CompareOp::Le));
        return where(inside, tangents[0], zeros({}, tangents[0].dtype(), tangents[0].device()));
    });
    return rec.finish(out);
}

// ---------------------------------------------------------------- selection

Tensor where(const Tensor& condition, const Tensor& a, const Tensor& b)
{
    OpRecorder rec("WhereBackward0", {&a, &b}, [](BackwardNode& n, const variable_list& g) {
        Tensor cond = n.saved(0);
        // Note [Backward formulas run in input-name order]: other's before self's.
        Tensor gradOther = needs(n, 1) ? where(cond, zerosLike(g[0]), g[0]) : Tensor();
        Tensor gradSelf = needs(n, 0) ? where(cond, g[0], zerosLike(g[0])) : Tensor();
        return variable_list{gradSelf, gradOther};
    });
    rec.save("condition", condition);
    rec.forward([&](const InputTangents& t, const Tensor&) { return where(condition, t[0], t[1]); });
    AGV_CHECK(condition.device() == a.device() && a.device() == b.device(), RuntimeError,
              "Expected condition, x and y to be on the same device, but condition is on ", condition.device().str(),
              " and x and y are on ", a.device().str(), " and ", b.device().str(), " respectively");
    AGV_CHECK(condition.dtype() == ScalarType::Bool, RuntimeError,
              "where expected condition to be a boolean tensor, but got a tensor with dtype ",
              legacyDtypeShortName(condition.dtype()));
    const ScalarType type = resultType({&a, &b});
    const IntList shape = broadcastShapes(condition.sizes(), broadcastShapes(a.sizes(), b.sizes()));
    Tensor x = convert(a, type), y = convert(b, type);
    Tensor out = kernel::newStridedTensor(shape, elementwiseOutputStrides(shape, {&condition, &a, &b}), type, a.device());
    AGV_DISPATCH_ALL_AND_HALF(type, "where", [&] {
        using T = scalar_t;
        kernel::stridedLoop<4>(shape,
                               {static_cast<char*>(out.rawData()), static_cast<char*>(condition.rawData()),
                                static_cast<char*>(x.rawData()), static_cast<char*>(y.rawData())},
                               {out.strides(), kernel::broadcastStrides(condition, shape),
                                kernel::broadcastStrides(x, shape), kernel::broadcastStrides(y, shape)},
                               {sizeof(T), sizeof(bool), sizeof(T), sizeof(T)},
                               [&](int64_t n, std::array<char*, 4> p, std::array<int64_t, 4> s) {
                                   T* o = reinterpret_cast<T*>(p[0]);
                                   const bool* c = reinterpret_cast<const bool*>(p[1]);
                                   const T* xp = reinterpret_cast<const T*>(p[2]);
                                   const T* yp = reinterpret_cast<const T*>(p[3]);
                                   for (int64_t i = 0; i < n; ++i)
                                       o[i * s[0]] = c[i * s[1]] ? xp[i * s[2]] : yp[i * s[3]];
                               });
    });
    return rec.finish(out);
}

// ---------------------------------------------------------------- comparisons (no grad)

namespace {

const char* compareName(CompareOp op)
{
    switch (op) {
    case CompareOp::Eq: return "eq";
    case CompareOp::Ne: return "ne";
    case CompareOp::Lt: return "lt";
    case CompareOp::Le: return "le";
    case CompareOp::Gt: return "gt";
    case CompareOp::Ge: return "ge";
    }
    return "eq";
}

gpu::BinaryOp gpuCompareOp(CompareOp op)
{
    switch (op) {
    case CompareOp::Eq: return gpu::BinaryOp::Eq;
    case CompareOp::Ne: return gpu::BinaryOp::Ne;
    case CompareOp::Lt: return gpu::BinaryOp::Lt;
    case CompareOp::Le: return gpu::BinaryOp::Le;
    case CompareOp::Gt: return gpu::BinaryOp::Gt;
    case CompareOp::Ge: return gpu::BinaryOp::Ge;
    }
    return gpu::BinaryOp::Eq;
}

Tensor compareValues(const Tensor& a, const Tensor& b, CompareOp op)
{
    const ScalarType type = resultType({&a, &b});
    if (std::optional<Tensor> gpuOut = gpu_dispatch::binary(gpuCompareOp(op), a, b, type, ScalarType::Bool))
        return *gpuOut;
    Tensor out;
    switch (op) {
    case CompareOp::Eq: out = binaryKernel<kTakesHalf>(a, b, type, ScalarType::Bool, "eq", [](auto p, auto q) { return p == q; }); break;
    case CompareOp::Ne: out = binaryKernel<kTakesHalf>(a, b, type, ScalarType::Bool, "ne", [](auto p, auto q) { return p != q; }); break;
    case CompareOp::Lt: out = binaryKernel<kTakesHalf>(a, b, type, ScalarType::Bool, "lt", [](auto p, auto q) { return p < q; }); break;
    case CompareOp::Le: out = binaryKernel<kTakesHalf>(a, b, type, ScalarType::Bool, "le", [](auto p, auto q) { return p <= q; }); break;
    case CompareOp::Gt: out = binaryKernel<kTakesHalf>(a, b, type, ScalarType::Bool, "gt", [](auto p, auto q) { return p > q; }); break;
    case CompareOp::Ge: out = binaryKernel<kTakesHalf>(a, b, type, ScalarType::Bool, "ge", [](auto p, auto q) { return p >= q; }); break;
    }
    return out;
}

}  // namespace

Tensor compare(const Tensor& a, const Tensor& b, CompareOp op)
{
    Tensor out = compareValues(a, b, op);
    offerNodelessOp(compareName(op), "Tensor", {&a, &b}, out);
    announceTensor(out);
    return out;
}

Tensor compare(const Tensor& a, Scalar b, CompareOp op)
{
    const Tensor number = scalarTensor(b, a.device());
    Tensor out = compareValues(a, number, op);
    offerNodelessOp(compareName(op), "Scalar", {&a, &number}, out);
    announceTensor(out);
    return out;
}

Tensor logicalNot(const Tensor& t)
{
    Tensor out = AGV_DISPATCH_ALL(t.dtype(), "logical_not", [&] {
        using T = scalar_t;
        return kernel::mapUnary<T, bool>(t, ScalarType::Bool, [](T x) { return !bool(x); });
    });
    offerNodelessOp("logical_not", "default", {&t}, out);
    announceTensor(out);
    return out;
}

Tensor logical(const Tensor& a, const Tensor& b, LogicalOp op)
{
    const ScalarType type = resultType({&a, &b});
    const char* name = op == LogicalOp::And ? "logical_and_cpu" : op == LogicalOp::Or ? "logical_or_cpu" : "logical_xor_cpu";
    Tensor out = binaryKernel<kTakesHalf>(a, b, type, ScalarType::Bool, name, [op](auto p, auto q) {
        const bool x = bool(p), y = bool(q);
        return op == LogicalOp::And ? (x && y) : op == LogicalOp::Or ? (x || y) : (x != y);
    });
    offerNodelessOp(op == LogicalOp::And ? "logical_and" : op == LogicalOp::Or ? "logical_or" : "logical_xor", "default",
                    {&a, &b}, out);
    announceTensor(out);
    return out;
}

}  // namespace agv::ops
