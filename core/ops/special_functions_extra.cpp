// torch.special's remaining functions as PyTorch 1.13's CPU kernels compute them
// (UnaryOpsKernel.cpp, BinaryOpsKernel.cpp: one element at a time through Math.h's
// series, see core/ops/special_series.h) and derivatives.yaml / FunctionsManual.cpp's
// formulas, written with the same ops so double backward records PyTorch's graph.
// Integer and bool inputs compute in the default float type; each kernel accepts the
// dtypes its AT_DISPATCH does and refuses the others with its name ("ndtri_cpu", ...).

#include "core/ops/special_functions_extra.h"

#include <cmath>
#include <limits>

#include "core/autograd/grad_mode.h"
#include "core/ops/inplace_unary.h"
#include "core/ops/internal_ops.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/special_functions.h"
#include "core/ops/special_series.h"
#include "core/ops/type_promotion.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

/// f over self in float and double; integer and bool inputs in the default float type.
/// `bfloat16` (when given) computes the BFloat16 elements; other dtypes are refused as
/// `kernelName`.
template <typename F, typename B = std::nullptr_t>
Tensor floatingKernel(const Tensor& self, const char* kernelName, F f, B bfloat16 = nullptr)
{
    const ScalarType outType = floatResultType(self.dtype());
    const Tensor in = kernel::convert(self, outType);
    switch (outType) {
    case ScalarType::Float32: return kernel::mapUnary<float, float>(in, outType, [&](float x) { return f(x); });
    case ScalarType::Float64: return kernel::mapUnary<double, double>(in, outType, [&](double x) { return f(x); });
    case ScalarType::BFloat16:
        if constexpr (!std::is_same_v<B, std::nullptr_t>)
            return bfloat16(in);
        break;
    default: break;
    }
    throw AGV_DISPATCH_NOT_IMPLEMENTED(outType, kernelName);
}

/// entr_kernel in bfloat16: log and the product each round to bfloat16.
Tensor entrBFloat16(const Tensor& in)
{
    return kernel::mapUnary<BFloat16, BFloat16>(in, ScalarType::BFloat16, [](BFloat16 x) {
        if (std::isnan(float(x)))
            return x;
        if (float(x) > 0.0f)
            return -x * BFloat16(std::log(float(x)));
        if (float(x) == 0.0f)
            return BFloat16(0.0f);
        return BFloat16(-std::numeric_limits<float>::infinity());
    });
}

/// calc_i0e instantiated for BFloat16: the Chebyshev sum in bfloat16 arithmetic (every
/// operation rounded), divided by the C library's double sqrt.
BFloat16 i0eInBFloat16(BFloat16 input)
{
    static const auto table = [](const auto& from) {
        std::vector<BFloat16> values;
        for (double c : from)
            values.push_back(BFloat16(float(c)));
        return values;
    };
    static const std::vector<BFloat16> small = table(cephes::kI0Small), large = table(cephes::kI0Large);
    const auto series = [](BFloat16 y, const std::vector<BFloat16>& c) {
        BFloat16 b0 = c[0], b1(0.0f), b2(0.0f);
        for (size_t i = 1; i < c.size(); ++i) {
            b2 = b1;
            b1 = b0;
            b0 = y * b1 - b2 + c[i];
        }
        return BFloat16(0.5f) * (b0 - b2);
    };
    const BFloat16 x(std::fabs(float(input)));
    if (float(x) <= 8.0f)
        return series(x / BFloat16(2.0f) - BFloat16(2.0f), small);
    return BFloat16(float(double(float(series(BFloat16(32.0f) / x - BFloat16(2.0f), large))) /
                          std::sqrt(double(float(x)))));
}

// Note [bfloat16 i0e depends on the element's position]
// i0e_kernel is a cpu_kernel_vec: in each contiguous run of TensorIterator's loop, blocks
// of 32 elements (two AVX2 vectors of bfloat16) go through Vectorized<BFloat16>::i0e,
// which computes calc_i0e in float and rounds once, while the run's last n % 32 elements
// take the scalar body, calc_i0e instantiated for BFloat16. A dense tensor is one run in
// memory order; a strided one runs along its last dimension, vectorized only where that
// dimension is contiguous.
Tensor i0eBFloat16(const Tensor& in)
{
    constexpr int64_t kVectorBlock = 32;
    Tensor out = kernel::newStridedTensor(in.sizes(), elementwiseOutputStrides(in.sizes(), {&in}),
                                          ScalarType::BFloat16, in.device());
    const auto run = [](int64_t n, const BFloat16* x, int64_t xStride, BFloat16* o, int64_t oStride) {
        const int64_t vectorized = (xStride == 1 && oStride == 1) ? n - n % kVectorBlock : 0;
        for (int64_t i = 0; i < n; ++i) {
            const BFloat16 v = x[i * xStride];
            o[i * oStride] = i < vectorized ? BFloat16(cephes::besselI0(float(v), true)) : i0eInBFloat16(v);
        }
    };
    if ((in.isContiguous() && out.isContiguous()) || in.strides() == out.strides()) {
        run(in.numel(), in.data<BFloat16>(), 1, out.data<BFloat16>(), 1);
        return out;
    }
    kernel::stridedLoop<2>(in.sizes(), {static_cast<char*>(out.rawData()), static_cast<char*>(in.rawData())},
                           {out.strides(), in.strides()}, {sizeof(BFloat16), sizeof(BFloat16)},
                           [&](int64_t n, std::array<char*, 2> p, std::array<int64_t, 2> s) {
                               run(n, reinterpret_cast<const BFloat16*>(p[1]), s[1],
                                   reinterpret_cast<BFloat16*>(p[0]), s[0]);
                           });
    return out;
}

Tensor entrValues(const Tensor& self)
{
    return floatingKernel(self, "entr_cpu", [](auto x) { return cephes::entropy(x); }, entrBFloat16);
}

Tensor ndtriValues(const Tensor& self)
{
    return floatingKernel(self, "ndtri_cpu", [](auto x) { return cephes::ndtri(x); });
}

Tensor logNdtrValues(const Tensor& self)
{
    return floatingKernel(self, "log_ndtr_cpu", [](auto x) { return cephes::logNdtr(x); });
}

Tensor i0eValues(const Tensor& self)
{
    return floatingKernel(self, "i0e_cpu", [](auto x) { return cephes::besselI0(x, true); }, i0eBFloat16);
}

Tensor i1Kernel(const Tensor& self)
{
    return floatingKernel(self, "i1_cpu", [](auto x) { return cephes::besselI1(x); });
}

Tensor i1eValues(const Tensor& self)
{
    return floatingKernel(self, "i1e_cpu", [](auto x) { return cephes::besselI1(x, true); });
}

Tensor erfcxValues(const Tensor& self)
{
    return floatingKernel(self, "erfcx_cpu", [](auto x) { return cephes::erfcx(x); });
}

// derivatives.yaml's formulas; `grad` is the tangent in the forward (auto_element_wise) form.
Tensor entrGrad(const Tensor& grad, const Tensor& self)
{
    return mul(grad, neg(internal::addScalar(log(self), Scalar(1))));
}

Tensor ndtriGrad(const Tensor& grad, const Tensor& result)
{
    // grad * std::sqrt(2 * M_PI) * (result.square() / 2).exp()
    const Tensor scaled = internal::mulScalar(grad, Scalar(std::sqrt(2 * M_PI)));
    return mul(scaled, exp(internal::divScalar(pow(result, Scalar(int64_t(2))), Scalar(int64_t(2)))));
}

Tensor logNdtrGrad(const Tensor& grad, const Tensor& self, const Tensor& result)
{
    // grad / std::sqrt(2 * M_PI) * (result + self.pow(2) / 2).neg().exp()
    const Tensor scaled = internal::divScalar(grad, Scalar(std::sqrt(2 * M_PI)));
    const Tensor halfSquare = internal::divScalar(pow(self, Scalar(int64_t(2))), Scalar(int64_t(2)));
    return mul(scaled, exp(neg(add(result, halfSquare))));
}

Tensor i0eGrad(const Tensor& grad, const Tensor& self, const Tensor& result)
{
    return mul(grad, sub(i1e(self), mul(sgn(self), result)));
}

/// i1_backward / i1e_backward: derivative(x) at x = self, with 0.5 where |self| <= eps
/// (the formula's 0 / 0), where `derivative` reads self moved away from 0.
template <typename Derivative>
Tensor besselI1Grad(const Tensor& grad, const Tensor& self, Derivative derivative)
{
    const double eps = self.dtype() == ScalarType::Float64 ? std::numeric_limits<double>::epsilon()
                                                            : std::numeric_limits<float>::epsilon();
    const Tensor notTiny = compare(abs(self), Scalar(eps), CompareOp::Gt);
    const Tensor safeSelf = where(notTiny, self, full({}, Scalar(eps), self.dtype(), self.device()));
    const Tensor gradX = derivative(safeSelf);
    return mul(grad, where(notTiny, gradX, full({}, Scalar(0.5), self.dtype(), self.device())));
}

Tensor i1Grad(const Tensor& grad, const Tensor& self, const Tensor& result)
{
    return besselI1Grad(grad, self, [&](const Tensor& x) { return sub(i0(x), mul(result, reciprocal(x))); });
}

Tensor i1eGrad(const Tensor& grad, const Tensor& self, const Tensor& result)
{
    return besselI1Grad(grad, self,
                        [&](const Tensor& x) { return sub(i0e(x), mul(result, add(sgn(x), reciprocal(x)))); });
}

Tensor erfcxGrad(const Tensor& grad, const Tensor& self, const Tensor& result)
{
    // (2.0 * self * result - 2.0 / sqrt(M_PI)) * grad
    const Tensor twiceProduct = mul(internal::mulScalar(self, Scalar(2.0)), result);
    return mul(internal::subScalar(twiceProduct, Scalar(2.0 / std::sqrt(M_PI))), grad);
}

using SelfFormula = Tensor (*)(const Tensor& grad, const Tensor& self);
using ResultFormula = Tensor (*)(const Tensor& grad, const Tensor& self, const Tensor& result);

/// A unary node saving self and the result (saved(0), saved(1)).
Tensor recordSavingSelfAndResult(const Tensor& self, Tensor out, const char* nodeName, ResultFormula formula)
{
    OpRecorder rec(nodeName, {&self}, [formula](BackwardNode& n, const variable_list& g) {
        return variable_list{formula(g[0], n.saved(0), n.saved(1))};
    });
    rec.save("self", self);
    rec.forward([&self, formula](const InputTangents& t, const Tensor& result) { return formula(t[0], self, result); });
    return rec.finishSavingResult(std::move(out));
}

/// a & b for bool masks (broadcast), outside the graph.
Tensor bothTrue(const Tensor& a, const Tensor& b)
{
    return kernel::mapBinary<bool, bool>(a, b, broadcastShapes(a.sizes(), b.sizes()), ScalarType::Bool,
                                         [](bool p, bool q) { return p && q; });
}

// ---------------------------------------------------------------- xlog1py and zeta

template <typename T>
T xlog1pyOf(T x, T y)
{
    if (std::isnan(float(y)))
        return T(NAN);
    if (float(x) == 0.0f)
        return T(0.0f);
    if constexpr (std::is_same_v<T, BFloat16>)
        return x * BFloat16(std::log1p(float(y)));
    else if constexpr (std::is_same_v<T, Half>)
        return Half(float(x) * std::log1p(float(y)));
    else {
        // x * log1p(y) as the kernel's code multiplies: a NaN from log1p wins over a NaN x.
        const T logOnePlusY = std::log1p(y);
        return std::isnan(logOnePlusY) ? logOnePlusY : x * logOnePlusY;
    }
}

/// xlog1py_kernel: NaN for a NaN y, 0 for x == 0, else x * log1p(y); bfloat16 rounds
/// log1p before the product (c10's std::log1p(BFloat16)), Half only the product.
Tensor xlog1pyValues(const Tensor& a, const Tensor& b, ScalarType type)
{
    const Tensor x = kernel::convert(a, type), y = kernel::convert(b, type);
    const IntList shape = broadcastShapes(x.sizes(), y.sizes());
    return AGV_DISPATCH_FLOATING_AND_HALF(type, "xlog1py_cpu", [&] {
        using T = scalar_t;
        return kernel::mapBinary<T, T>(x, y, shape, type, [](T p, T q) { return xlog1pyOf(p, q); });
    });
}

/// zeta_kernel: Cephes' Hurwitz zeta summed in double (acc_type) for float and double.
Tensor zetaValues(const Tensor& a, const Tensor& b, ScalarType type)
{
    const Tensor x = kernel::convert(a, type), q = kernel::convert(b, type);
    const IntList shape = broadcastShapes(x.sizes(), q.sizes());
    return AGV_DISPATCH_FLOATING(type, "zeta_cpu", [&] {
        using T = scalar_t;
        return kernel::mapBinary<T, T>(x, q, shape, type,
                                       [](T s, T r) { return T(cephes::hurwitzZeta<double>(s, r)); });
    });
}

/// derivatives.yaml's self formula of xlog1py: 0 where self is 0 and other <= -1.
Tensor xlog1pySelfGrad(const Tensor& grad, const Tensor& self, const Tensor& other)
{
    return maskedFill(xlog1py(grad, other),
                      bothTrue(compare(self, Scalar(0.0), CompareOp::Eq), compare(other, Scalar(-1.0), CompareOp::Le)),
                      Scalar(0.0));
}

/// grad * self / (other + 1)
Tensor xlog1pyOtherGrad(const Tensor& grad, const Tensor& self, const Tensor& other)
{
    return div(mul(grad, self), internal::addScalar(other, Scalar(int64_t(1))));
}

Tensor xlog1pyOtherGrad(const Tensor& grad, Scalar self, const Tensor& other)
{
    return div(internal::mulScalar(grad, self), internal::addScalar(other, Scalar(int64_t(1))));
}

/// SpecialXlog1PyBackward2's formula: masked only when other <= -1.
Tensor xlog1pyNumberGrad(const Tensor& grad, const Tensor& self, Scalar other)
{
    Tensor result = xlog1py(grad, other);
    if (!(other.toDouble() > -1.0))
        result = maskedFill(result, compare(self, Scalar(0.0), CompareOp::Eq), Scalar(0.0));
    return result;
}

/// A NotImplementedError from a node's backward (derivatives.yaml's not_implemented).
[[noreturn]] void zetaDerivativeNotImplemented()
{
    throw Error(PyExc::NotImplementedError, "the derivative for 'zeta' is not implemented.");
}

/// mvlgamma's kernel, composed as 1.13 composes it: lgamma of self + [-(p-1)/2, ..., 0]
/// summed over that last dimension, plus p (p - 1) log(pi) / 4. The arange is in `dtype`
/// (an integer dtype makes its 0.5 step 0: 1.13's "step must be nonzero").
Tensor mvlgammaValues(const Tensor& self, int64_t p, ScalarType dtype)
{
    // arange's step, 0.5, truncated to the integer dtype.
    AGV_CHECK(isFloatingType(dtype), RuntimeError, "step must be nonzero");
    trace::MuteGuard internal;
    GradModeGuard noGrad(false);
    const Tensor offsets = arange(Scalar(-double(p) * 0.5 + 0.5), Scalar(0.5), Scalar(0.5), dtype, self.device());
    const Tensor terms = lgamma(add(offsets, unsqueeze(self, -1)));
    const double constant = double(p * (p - 1)) * 1.14472988584940017414342735135305871164729481 * 0.25;
    return add(sum(terms, {-1}), Scalar(constant));
}

void checkMvlgamma(const Tensor& self, int64_t p)
{
    AGV_CHECK(self.dtype() != ScalarType::Bool, RuntimeError, "The input tensor may not be a boolean tensor.");
    AGV_CHECK(p >= 1, RuntimeError, "p has to be greater than or equal to 1");
}

/// mvlgamma_backward: grad * sum(digamma(self + [-(p-1)/2, ..., 0]), -1).
Tensor mvlgammaGrad(const Tensor& grad, const Tensor& self, int64_t p)
{
    Tensor args = arange(Scalar(-double(p) / 2.0 + 0.5), Scalar(0.5), Scalar(0.5), self.dtype(), self.device());
    args = add(args, unsqueeze(self, -1));
    return mul(grad, sum(digamma(args), {-1}));
}

}  // namespace

Tensor entr(const Tensor& self)
{
    Tensor out = entrValues(self);
    OpRecorder rec("SpecialEntrBackward0", {&self}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{entrGrad(g[0], n.saved(0))};
    });
    rec.save("self", self);
    rec.forward([&self](const InputTangents& t, const Tensor&) { return entrGrad(t[0], self); });
    return rec.finish(std::move(out));
}

Tensor ndtr(const Tensor& self)
{
    // special_ndtr: (1 + at::erf(self * M_SQRT1_2)) * 0.5
    const Tensor scaled = internal::mulScalar(self, Scalar(M_SQRT1_2));
    return internal::mulScalar(internal::addScalar(erf(scaled), Scalar(int64_t(1))), Scalar(0.5));
}

Tensor ndtri(const Tensor& self)
{
    Tensor out = ndtriValues(self);
    OpRecorder rec("SpecialNdtriBackward0", {&self}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{ndtriGrad(g[0], n.saved(0))};
    });
    rec.forward([](const InputTangents& t, const Tensor& result) { return ndtriGrad(t[0], result); });
    return rec.finishSavingResult(std::move(out));
}

Tensor logNdtr(const Tensor& self)
{
    return recordSavingSelfAndResult(self, logNdtrValues(self), "SpecialLogNdtrBackward0", logNdtrGrad);
}

Tensor i0e(const Tensor& self) { return recordSavingSelfAndResult(self, i0eValues(self), "SpecialI0EBackward0", i0eGrad); }

Tensor i1(const Tensor& self) { return recordSavingSelfAndResult(self, i1Kernel(self), "SpecialI1Backward0", i1Grad); }

Tensor i1e(const Tensor& self) { return recordSavingSelfAndResult(self, i1eValues(self), "SpecialI1EBackward0", i1eGrad); }

Tensor erfcx(const Tensor& self)
{
    return recordSavingSelfAndResult(self, erfcxValues(self), "SpecialErfcxBackward0", erfcxGrad);
}

Tensor besselJ0(const Tensor& self)
{
    return floatingKernel(self, "bessel_j0_cpu", [](auto x) { return cephes::besselJ0(x); });
}

Tensor besselJ1(const Tensor& self)
{
    return floatingKernel(self, "bessel_j1_cpu", [](auto x) { return cephes::besselJ1(x); });
}

Tensor xlog1py(const Tensor& self, const Tensor& other)
{
    checkSameDevice(self, other);
    Tensor out = xlog1pyValues(self, other, floatResultType(resultType({&self, &other})));
    OpRecorder rec("SpecialXlog1PyBackward0", {&self, &other}, [](BackwardNode& n, const variable_list& g) {
        const Tensor self = n.saved(0), other = n.saved(1);
        Tensor gradSelf, gradOther;
        // Note [Backward formulas run in input-name order]: other's first.
        if (n.needsInputGrad(1))
            gradOther = xlog1pyOtherGrad(g[0], self, other);
        if (n.needsInputGrad(0))
            gradSelf = xlog1pySelfGrad(g[0], self, other);
        return variable_list{gradSelf, gradOther};
    });
    rec.save("self", self);
    rec.save("other", other);
    rec.forward([](const InputTangents& t, const Tensor&) {
        const Tensor& self = t.primal(0);
        const Tensor& other = t.primal(1);
        return addTangentTerms(xlog1pySelfGrad(t[0], self, other), false, xlog1pyOtherGrad(t[1], self, other),
                               t.isZero(1));
    });
    return rec.finish(std::move(out));
}

Tensor xlog1py(Scalar self, const Tensor& other)
{
    Tensor out = xlog1pyValues(scalarTensor(self, other.device()), other, floatResultType(resultType(other, self)));
    OpRecorder rec("SpecialXlog1PyBackward1", {&other}, [self](BackwardNode& n, const variable_list& g) {
        return variable_list{xlog1pyOtherGrad(g[0], self, n.saved(0))};
    });
    rec.attr("self", scalarAttr(self));
    rec.save("other", other);
    rec.forward([self, &other](const InputTangents& t, const Tensor&) { return xlog1pyOtherGrad(t[0], self, other); });
    return rec.finish(std::move(out));
}

Tensor xlog1py(const Tensor& self, Scalar other)
{
    Tensor out = xlog1pyValues(self, scalarTensor(other, self.device()), floatResultType(resultType(self, other)));
    OpRecorder rec("SpecialXlog1PyBackward2", {&self}, [other](BackwardNode& n, const variable_list& g) {
        return variable_list{xlog1pyNumberGrad(g[0], n.saved(0), other)};
    });
    rec.save("self", self);
    rec.attr("other", scalarAttr(other));
    rec.forward([&self, other](const InputTangents& t, const Tensor&) { return xlog1pyNumberGrad(t[0], self, other); });
    return rec.finish(std::move(out));
}

Tensor zeta(const Tensor& x, const Tensor& q)
{
    checkSameDevice(x, q);
    Tensor out = zetaValues(x, q, floatResultType(resultType({&x, &q})));
    OpRecorder rec("SpecialZetaBackward0", {&x, &q}, [](BackwardNode& n, const variable_list& g) {
        if (n.needsInputGrad(0))
            zetaDerivativeNotImplemented();
        // grad * -self * special_zeta(self + 1., other)
        const Tensor self = n.saved(0), other = n.saved(1);
        const Tensor gradOther = mul(mul(g[0], neg(self)), zeta(internal::addScalar(self, Scalar(1.0)), other));
        return variable_list{Tensor(), gradOther};
    });
    rec.save("self", x);
    rec.save("other", q);
    return rec.finish(std::move(out));
}

Tensor zeta(Scalar x, const Tensor& q)
{
    Tensor out = zetaValues(scalarTensor(x, q.device()), q, floatResultType(resultType(q, x)));
    OpRecorder rec("SpecialZetaBackward1", {&q}, [x](BackwardNode& n, const variable_list& g) {
        // grad * -self * special_zeta(self.toDouble() + 1., other)
        const Tensor scaled = internal::mulScalar(g[0], x.isFloating() ? Scalar(-x.toDouble()) : Scalar(-x.toInt()));
        return variable_list{mul(scaled, zeta(Scalar(x.toDouble() + 1.0), n.saved(0)))};
    });
    rec.attr("self", scalarAttr(x));
    rec.save("other", q);
    return rec.finish(std::move(out));
}

Tensor zeta(const Tensor& x, Scalar q)
{
    Tensor out = zetaValues(x, scalarTensor(q, x.device()), floatResultType(resultType(x, q)));
    OpRecorder rec("SpecialZetaBackward2", {&x},
                   [](BackwardNode&, const variable_list&) -> variable_list { zetaDerivativeNotImplemented(); });
    rec.save("self", x);
    rec.attr("other", scalarAttr(q));
    return rec.finish(std::move(out));
}

Tensor mvlgamma(const Tensor& self, int64_t p)
{
    checkMvlgamma(self, p);
    Tensor out = mvlgammaValues(self, p, floatResultType(self.dtype()));
    OpRecorder rec("MvlgammaBackward0", {&self}, [p](BackwardNode& n, const variable_list& g) {
        return variable_list{mvlgammaGrad(g[0], n.saved(0), p)};
    });
    rec.attr("p", p);
    rec.save("self", self);
    rec.forward([&self, p](const InputTangents& t, const Tensor&) { return mvlgammaGrad(t[0], self, p); });
    return rec.finish(std::move(out));
}

Tensor& mvlgammaInplace(Tensor& self, int64_t p)
{
    checkMvlgamma(self, p);
    return unaryInplace(
        self, "mvlgamma_", "MvlgammaBackward0", InplaceSaves::OriginalSelf,
        [p](const Tensor& t) { return mvlgammaValues(t, p, t.dtype()); },
        [p](BackwardNode& n, const variable_list& g) { return variable_list{mvlgammaGrad(g[0], n.saved(0), p)}; },
        [p](const InputTangents& t, const Tensor&) { return mvlgammaGrad(t[0], t.primal(0), p); }, false,
        {{"p", p}});
}

}  // namespace agv::ops
