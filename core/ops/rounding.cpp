// floor, ceil, round, trunc, frac, sign and sgn: the piecewise-constant (and
// piecewise-linear) pointwise ops. Their gradients are zero almost everywhere, but
// PyTorch still records a node for each (FloorBackward0, ...), so a learner sees the
// graph continue through them.

#include <cmath>

#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/zero_tensor.h"

namespace agv::ops {

namespace {

/// floor, ceil, round, trunc: floats rounded in their own type (bfloat16 in float, Half
/// refused, as the *_vml_cpu kernels do), integers come back as a copy (PyTorch 1.13
/// skips the kernel for them), bool refused.
template <typename F>
Tensor roundingKernel(const Tensor& t, const char* kernelName, F f)
{
    AGV_CHECK(t.dtype() != ScalarType::Bool && t.dtype() != ScalarType::Half, RuntimeError, "\"", kernelName,
              "\" not implemented for '", legacyDtypeShortName(t.dtype()), "'");
    if (isIntegralType(t.dtype(), false))
        return kernel::freshCopy(t, t.sizes());
    // bfloat16: a VML kernel in float, rounded back (exactly: an integer or the value itself).
    if (t.dtype() == ScalarType::BFloat16) {
        const Tensor wide = roundingKernel(kernel::convert(t, ScalarType::Float32), kernelName, f);
        return kernel::asElementwiseOutput(kernel::convert(wide, ScalarType::BFloat16), {&t});
    }
    return AGV_DISPATCH_FLOATING(t.dtype(), kernelName, [&] {
        using T = scalar_t;
        return kernel::mapUnary<T, T>(t, t.dtype(), [&](T x) { return T(f(x)); });
    });
}

/// A node whose gradient is zero everywhere (derivatives.yaml's `zeros_like(grad)`).
Tensor recordZeroGradient(const char* nodeName, const Tensor& t, Tensor out)
{
    OpRecorder rec(nodeName, {&t}, [](BackwardNode&, const variable_list& g) { return variable_list{zerosLike(g[0])}; });
    rec.forward([](const InputTangents& tangents, const Tensor&) { return zerosLike(tangents[0]); });
    return rec.finish(out);
}

}  // namespace

Tensor floor(const Tensor& t)
{
    return recordZeroGradient("FloorBackward0", t, roundingKernel(t, "floor_vml_cpu", [](auto x) { return std::floor(x); }));
}

Tensor ceil(const Tensor& t)
{
    return recordZeroGradient("CeilBackward0", t, roundingKernel(t, "ceil_vml_cpu", [](auto x) { return std::ceil(x); }));
}

Tensor trunc(const Tensor& t)
{
    return recordZeroGradient("TruncBackward0", t, roundingKernel(t, "trunc_vml_cpu", [](auto x) { return std::trunc(x); }));
}

Tensor round(const Tensor& t)
{
    // Half to even, as std::nearbyint in the default rounding mode.
    return recordZeroGradient("RoundBackward0", t,
                              roundingKernel(t, "round_vml_cpu", [](auto x) { return std::nearbyint(x); }));
}

Tensor round(const Tensor& t, int64_t decimals)
{
    // round_decimals_kernel: 10^|decimals| in the tensor's type, then x * p rounded and
    // divided back (x / p rounded and multiplied back for negative decimals).
    // bfloat16 too (float16 refused above): x * p rounds to bfloat16, the rest is float,
    // rounded once.
    AGV_CHECK(isFloatingType(t.dtype()) && t.dtype() != ScalarType::Half, RuntimeError,
              "\"round_cpu\" not implemented for '", legacyDtypeShortName(t.dtype()), "'");
    const bool negative = decimals < 0;
    const double power = std::pow(10.0, double(negative ? -decimals : decimals));
    Tensor out = AGV_DISPATCH_FLOATING_AND_HALF(t.dtype(), "round_cpu", [&] {
        using T = scalar_t;
        const T p = T(power);
        return kernel::mapUnary<T, T>(t, t.dtype(), [p, negative](auto x) {
            if constexpr (std::is_same_v<T, BFloat16> || std::is_same_v<T, Half>) {
                return negative ? T(std::nearbyint(float(x / p)) * float(p))
                                : T(std::nearbyint(float(x * p)) / float(p));
            } else {
                return negative ? T(std::nearbyint(x / p) * p) : T(std::nearbyint(x * p) / p);
            }
        });
    });
    OpRecorder rec("RoundBackward1", {&t}, [](BackwardNode&, const variable_list& g) { return variable_list{zerosLike(g[0])}; });
    rec.forward([](const InputTangents& tangents, const Tensor&) { return zerosLike(tangents[0]); });
    return rec.finish(out);
}

Tensor frac(const Tensor& t)
{
    AGV_CHECK(isFloatingType(t.dtype()), RuntimeError, "\"frac_cpu\" not implemented for '",
              legacyDtypeShortName(t.dtype()), "'");
    Tensor out = AGV_DISPATCH_FLOATING_AND_HALF(t.dtype(), "frac_cpu", [&] {
        using T = scalar_t;
        return kernel::mapUnary<T, T>(t, t.dtype(), [](auto x) {
            using V = decltype(x);
            if constexpr (std::is_floating_point_v<V>)
                return V(x - std::trunc(x));
            else
                return V(float(x) - std::trunc(float(x)));
        });
    });
    OpRecorder rec("FracBackward0", {&t}, [](BackwardNode&, const variable_list& g) { return variable_list{g[0]}; });
    rec.forward([](const InputTangents& tangents, const Tensor&) { return clone(tangents[0]); });
    return rec.finish(out);
}

namespace {
/// sign_kernel: (0 < x) - (x < 0); NaN and both zeros give +0, bool is itself.
Tensor signKernel(const Tensor& t)
{
    return AGV_DISPATCH_ALL_AND_HALF(t.dtype(), "sign_cpu", [&] {
        using T = scalar_t;
        return kernel::mapUnary<T, T>(t, t.dtype(), [](auto x) {
            using V = decltype(x);
            if constexpr (std::is_same_v<V, bool>)
                return x;
            else if constexpr (std::is_arithmetic_v<V>)
                return V(int((V(0) < x)) - int((x < V(0))));
            else
                return V(float(int(0.0f < float(x)) - int(float(x) < 0.0f)));
        });
    });
}
}  // namespace

Tensor sign(const Tensor& t)
{
    return recordZeroGradient("SignBackward0", t, signKernel(t));
}

Tensor sgn(const Tensor& t)
{
    Tensor out = signKernel(t);
    // sgn_backward(self, grad, result) of a real tensor is at::_efficientzerotensor, which
    // records nothing, even under create_graph (See Note [ZeroTensor]).
    OpRecorder rec("SgnBackward0", {&t}, [](BackwardNode& n, const variable_list&) {
        const Tensor result = n.saved(1);
        return variable_list{efficientZeroTensor(result.sizes(), result.dtype(), result.device())};
    });
    rec.save("self", t);
    rec.forward([&](const InputTangents& tangents, const Tensor& result) {
        Tensor magnitude = abs(t);
        Tensor tangent = div(sub(tangents[0], mul(mul(result, result), tangents[0])), magnitude);
        return maskedFill(tangent, compare(magnitude, Scalar(0.0), CompareOp::Eq), Scalar(0.0));
    });
    return rec.finishSavingResult(out);
}

}  // namespace agv::ops
