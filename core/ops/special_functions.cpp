// Note [The special functions' series]
// PyTorch 1.13 computes these with Cephes' series (aten/src/ATen/native/Math.h), one
// element at a time, in the element's own type: float inputs run the float versions
// (float Chebyshev tables for i1, sinf in trigamma, ...), which is why float32 i0(0) is
// 0.99999994 and not 1. bfloat16 runs the float version and rounds once, except
// polygamma for n >= 2, whose bfloat16 arithmetic rounds n + 1 and the zeta sum's result
// on the way. Half is refused, with the kernel's name ("digamma", "erfinv_vml_cpu", ...).
// Integer inputs compute in the default float type. The Hurwitz zeta of polygamma sums in
// double for float inputs (acc_type<float> on the CPU). PyTorch's AVX2 kernels are built
// with FMA, and the compiler fuses a * b + c where the series write it: the std::fma calls
// below are those fusions, without which i0 and erfinv differ in the last bit. lgamma is
// SLEEF's (Vectorized<T>::lgamma), in the order TensorIterator visits the elements.

#include "core/ops/special_functions.h"
#include "core/ops/windows.h"

#include <cmath>
#include <limits>

#include "core/autograd/forward_ad.h"
#include "core/ops/inplace_unary.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/sleef_math.h"
#include "core/ops/special_functions_extra.h"
#include "core/ops/special_series.h"
#include "core/ops/ops.h"
#include "core/ops/type_promotion.h"

namespace agv::ops {

namespace {

using cephes::besselI0;
using cephes::hurwitzZeta;
using cephes::polynomial;

/// Cephes' psi: the reflection for negative x (through the fractional part; the float
/// kernel takes pi / tan(pi r) in double and rounds it), the recurrence up to 10, then the
/// asymptotic series.
template <typename T>
T digammaOf(T x)
{
    if (x == 0)
        return std::copysign(T(INFINITY), -x);
    if (x < 0) {
        if (x == std::trunc(x))
            return std::numeric_limits<T>::quiet_NaN();
        double whole;
        const double fraction = std::modf(double(x), &whole);
        return digammaOf<T>(1 - x) - T(M_PI / std::tan(M_PI * fraction));
    }
    T result = 0;
    while (x < 10) {
        result -= 1 / x;
        x += 1;
    }
    if (x == 10)
        return result + T(2.25175258906672110764);
    static constexpr T A[] = {T(8.33333333333333333333E-2),  T(-2.10927960927960927961E-2),
                              T(7.57575757575757575758E-3),  T(-4.16666666666666666667E-3),
                              T(3.96825396825396825397E-3),  T(-8.33333333333333333333E-3),
                              T(8.33333333333333333333E-2)};
    T y = 0;
    if (x < T(1.0e17)) {
        const T z = 1 / (x * x);
        y = z * polynomial(z, A, 6);
    }
    return result + std::log(x) - (T(0.5) / x) - y;
}

template <typename T>
T trigammaOf(T x)
{
    T sign = 1, result = 0;
    if (x < T(0.5)) {
        sign = -1;
        const T sinPiX = std::sin(T(M_PI) * x);
        result -= (T(M_PI) * T(M_PI)) / (sinPiX * sinPiX);
        x = 1 - x;
    }
    for (int i = 0; i < 6; ++i) {
        result += 1 / (x * x);
        x += 1;
    }
    const T ixx = 1 / (x * x);
    const T inner = std::fma(-ixx, std::fma(-ixx, T(1) / 42, T(1) / 30), T(1) / 6);
    result += std::fma(ixx, inner, 1 + 1 / (2 * x)) / x;
    return sign * result;
}

/// (-1)^(n+1) n! zeta(n + 1, x), n >= 2.
template <typename T>
T polygammaOf(T x, int64_t n)
{
    const T sign = (n % 2) ? T(1) : T(-1);
    const double factorial = std::exp(std::lgamma(double(T(n)) + 1.0));
    return T(sign * factorial * double(T(hurwitzZeta<double>(double(T(n + 1)), double(x)))));
}

/// calc_erfinv: a rational first guess, then two Newton steps, in T.
template <typename T>
T erfinvOf(T y)
{
    const T a[4] = {T(0.886226899), T(-1.645349621), T(0.914624893), T(-0.140543331)};
    const T b[4] = {T(-2.118377725), T(1.442710462), T(-0.329097515), T(0.012229801)};
    const T c[4] = {T(-1.970840454), T(-1.624906493), T(3.429567803), T(1.641345311)};
    const T d[2] = {T(3.543889200), T(1.637067800)};
    const T magnitude = std::abs(y);
    if (magnitude > T(1))
        return std::numeric_limits<T>::quiet_NaN();
    if (magnitude == T(1))
        return std::copysign(std::numeric_limits<T>::infinity(), y);
    T x;
    if (magnitude <= T(0.7)) {
        const T z = y * y;
        const T num = std::fma(std::fma(std::fma(a[3], z, a[2]), z, a[1]), z, a[0]);
        const T dem = std::fma(std::fma(std::fma(std::fma(b[3], z, b[2]), z, b[1]), z, b[0]), z, T(1));
        x = y * num / dem;
    } else {
        const T z = std::sqrt(-std::log((T(1) - magnitude) / T(2)));
        const T num = std::fma(std::fma(std::fma(c[3], z, c[2]), z, c[1]), z, c[0]);
        const T dem = std::fma(std::fma(d[1], z, d[0]), z, T(1));
        x = std::copysign(num, y) / dem;
    }
    const T twoOverSqrtPi = T(2) * T(0.564189583547756286948);
    x = x - (std::erf(x) - y) / (twoOverSqrtPi * std::exp(-x * x));
    x = x - (std::erf(x) - y) / (twoOverSqrtPi * std::exp(-x * x));
    return x;
}

template <typename T>
T sincOf(T a)
{
    if (a == T(0))
        return T(1);
    const T product = T(M_PI) * a;
    return std::sin(product) / product;
}

/// f over self in float, double and (when takesBFloat16) bfloat16 through float; integer
/// inputs in the default float type; Half refused as `kernelName`.
template <typename F>
Tensor specialKernel(const Tensor& self, const char* kernelName, bool takesBFloat16, F f)
{
    const ScalarType outType = floatResultType(self.dtype());
    const Tensor in = kernel::convert(self, outType);
    switch (outType) {
    case ScalarType::Float32: return kernel::mapUnary<float, float>(in, outType, [&](float x) { return f(x); });
    case ScalarType::Float64: return kernel::mapUnary<double, double>(in, outType, [&](double x) { return f(x); });
    case ScalarType::BFloat16:
        if (takesBFloat16)
            return kernel::mapUnary<BFloat16, BFloat16>(in, outType,
                                                          [&](BFloat16 x) { return BFloat16(f(float(x))); });
        break;
    default: break;
    }
    throw AGV_DISPATCH_NOT_IMPLEMENTED(outType, kernelName);
}

Tensor digammaValues(const Tensor& self)
{
    return specialKernel(self, "digamma", true, [](auto x) { return digammaOf(x); });
}

Tensor polygammaValues(int64_t n, const Tensor& self)
{
    if (n == 0)
        return digammaValues(self);
    if (n == 1)
        return specialKernel(self, "trigamma", true, [](auto x) { return trigammaOf(x); });
    const ScalarType outType = floatResultType(self.dtype());
    if (outType == ScalarType::BFloat16) {
        // calc_polygamma<BFloat16>: n + 1 and the zeta sum rounded to bfloat16 on the way.
        const Tensor in = kernel::convert(self, outType);
        return kernel::mapUnary<BFloat16, BFloat16>(in, outType, [n](BFloat16 x) {
            const BFloat16 nPlusOne = BFloat16(float(n)) + BFloat16(1.0f);
            const float factorial = std::exp(std::lgamma(float(nPlusOne)));
            const BFloat16 zeta = BFloat16(hurwitzZeta<float>(float(BFloat16(float(n + 1))), float(x)));
            return BFloat16(((n % 2) ? 1.0f : -1.0f) * factorial * float(zeta));
        });
    }
    return specialKernel(self, "polygamma", false, [n](auto x) { return polygammaOf(x, n); });
}

Tensor lgammaValues(const Tensor& self)
{
    const ScalarType outType = floatResultType(self.dtype());
    if (outType == ScalarType::Float32 || outType == ScalarType::Float64) {
        const Tensor in =
            kernel::withStrides(kernel::convert(self, outType), elementwiseOutputStrides(self.sizes(), {&self}));
        Tensor out = kernel::newTensorLaidOutAs(in, outType);
        const bool done = outType == ScalarType::Float32
                              ? sleef::apply(sleef::Function::Lgamma, in.data<float>(), out.data<float>(), in.numel())
                              : sleef::apply(sleef::Function::Lgamma, in.data<double>(), out.data<double>(), in.numel());
        if (done)
            return out;
    }
    return specialKernel(self, "lgamma_vml_cpu", true, [](auto x) { return std::lgamma(x); });
}

Tensor erfinvValues(const Tensor& self)
{
    return specialKernel(self, "erfinv_vml_cpu", true, [](auto x) { return erfinvOf(x); });
}

Tensor i0Values(const Tensor& self)
{
    return specialKernel(self, "i0_vml_cpu", true, [](auto x) { return besselI0(x); });
}

Tensor sincValues(const Tensor& self)
{
    if (floatResultType(self.dtype()) == ScalarType::BFloat16) {
        // sinc_kernel computes in scalar_t: pi, pi * x and its sine are each rounded to bfloat16.
        const Tensor in = kernel::convert(self, ScalarType::BFloat16);
        return kernel::mapUnary<BFloat16, BFloat16>(in, ScalarType::BFloat16, [](BFloat16 a) {
            if (a == BFloat16(0.0f))
                return BFloat16(1.0f);
            const BFloat16 product = BFloat16(float(M_PI)) * a;
            return BFloat16(std::sin(float(product))) / product;
        });
    }
    return specialKernel(self, "sinc_cpu", false, [](auto x) { return sincOf(x); });
}

// derivatives.yaml's formulas, shared by the out-of-place and in-place forms.
Tensor lgammaGrad(const Tensor& g, const Tensor& self) { return mul(g, digamma(self)); }
Tensor digammaGrad(const Tensor& g, const Tensor& self) { return mul(g, polygamma(1, self)); }
Tensor erfinvGrad(const Tensor& g, const Tensor& self)
{
    // 0.5 * sqrt(M_PI) * exp(self.erfinv().pow(2)) * grad
    return mul(mul(exp(pow(erfinv(self), Scalar(2))), Scalar(0.5 * std::sqrt(M_PI))), g);
}
// grad * at::special_i1(self): a recorded op, so double backward sees SpecialI1Backward0
// and bfloat16 is refused as 1.13 refuses it ("i1_cpu").
Tensor i0Grad(const Tensor& g, const Tensor& self) { return mul(g, i1(self)); }
Tensor sincGrad(const Tensor& g, const Tensor& self)
{
    // sinc_backward: grad * ((pi x cos(pi x) - sin(pi x)) / (pi x^2)), 0 where pi x^2 is 0;
    // the quotient first, which 1.13's bits show (for float and bfloat16 alike).
    const Tensor selfPi = mul(self, Scalar(M_PI));
    const Tensor selfSquaredPi = mul(mul(self, self), Scalar(M_PI));
    const Tensor out = mul(g, div(sub(mul(selfPi, cos(selfPi)), sin(selfPi)), selfSquaredPi));
    return where(compare(selfSquaredPi, Scalar(0.0), CompareOp::Eq), zeros({}, g.dtype(), g.device()), out);
}

using Values = Tensor (*)(const Tensor&);
using Formula = Tensor (*)(const Tensor& grad, const Tensor& self);

Tensor recordSavingSelf(const Tensor& self, Tensor out, const char* nodeName, Formula formula)
{
    OpRecorder rec(nodeName, {&self}, [formula](BackwardNode& n, const variable_list& g) {
        return variable_list{formula(g[0], n.saved(0))};
    });
    rec.save("self", self);
    rec.forward([&self, formula](const InputTangents& t, const Tensor&) { return formula(t[0], self); });
    return rec.finish(std::move(out));
}

Tensor& inplaceSavingSelf(Tensor& self, const char* opName, const char* nodeName, Values values, Formula formula)
{
    return unaryInplace(
        self, opName, nodeName, InplaceSaves::OriginalSelf, values,
        [formula](BackwardNode& n, const variable_list& g) { return variable_list{formula(g[0], n.saved(0))}; },
        [formula](const InputTangents& t, const Tensor&) { return formula(t[0], t.primal(0)); }, true);
}

}  // namespace

Tensor lgamma(const Tensor& self) { return recordSavingSelf(self, lgammaValues(self), "LgammaBackward0", lgammaGrad); }

Tensor digamma(const Tensor& self)
{
    return recordSavingSelf(self, digammaValues(self), "DigammaBackward0", digammaGrad);
}

Tensor polygamma(int64_t n, const Tensor& self)
{
    AGV_CHECK(n >= 0, RuntimeError, "polygamma(n, x) does not support negative n.");
    Tensor out = polygammaValues(n, self);
    OpRecorder rec("PolygammaBackward0", {&self}, [n](BackwardNode& node, const variable_list& g) {
        return variable_list{mul(g[0], polygamma(n + 1, node.saved(0)))};
    });
    rec.attr("n", n);
    rec.save("self", self);
    rec.forward([&self, n](const InputTangents& t, const Tensor&) { return mul(t[0], polygamma(n + 1, self)); });
    return rec.finish(std::move(out));
}

Tensor erfinv(const Tensor& self)
{
    return recordSavingSelf(self, erfinvValues(self), "ErfinvBackward0", erfinvGrad);
}

Tensor i0(const Tensor& self) { return recordSavingSelf(self, i0Values(self), "I0Backward0", i0Grad); }

Tensor sinc(const Tensor& self) { return recordSavingSelf(self, sincValues(self), "SincBackward0", sincGrad); }

Tensor& lgammaInplace(Tensor& self) { return inplaceSavingSelf(self, "lgamma_", "LgammaBackward0", lgamma, lgammaGrad); }

Tensor& digammaInplace(Tensor& self)
{
    return inplaceSavingSelf(self, "digamma_", "DigammaBackward0", digamma, digammaGrad);
}

Tensor& polygammaInplace(Tensor& self, int64_t n)
{
    AGV_CHECK(n >= 0, RuntimeError, "polygamma(n, x) does not support negative n.");
    return unaryInplace(
        self, "polygamma_", "PolygammaBackward0", InplaceSaves::OriginalSelf,
        [n](const Tensor& t) { return polygamma(n, t); },
        [n](BackwardNode& node, const variable_list& g) {
            return variable_list{mul(g[0], polygamma(n + 1, node.saved(0)))};
        },
        [n](const InputTangents& t, const Tensor&) { return mul(t[0], polygamma(n + 1, t.primal(0))); }, true,
        {{"n", n}});
}

Tensor& erfinvInplace(Tensor& self)
{
    return inplaceSavingSelf(self, "erfinv_", "ErfinvBackward0", erfinv, erfinvGrad);
}

Tensor& i0Inplace(Tensor& self) { return inplaceSavingSelf(self, "i0_", "I0Backward0", i0, i0Grad); }

Tensor& sincInplace(Tensor& self) { return inplaceSavingSelf(self, "sinc_", "SincBackward0", sinc, sincGrad); }

namespace {

/// kaiser_window_kernel's value at arange element `a`: float and double in their own type
/// (pow(x, 2) becomes x * x, and the AVX2 build fuses 1 - x * x into one rounding).
template <typename T>
T kaiserValue(T a, T alpha, T beta)
{
    const T x = (a - alpha) / alpha;
    return besselI0(beta * std::sqrt(std::fma(-x, x, T(1)))) / besselI0(beta);
}

/// bfloat16 (and Half, refused before) computes in its own type too, rounding every step;
/// i0 runs in float and rounds once (See Note [The special functions' series]).
template <typename T>
    requires kIsReducedFloat<T>
T kaiserValue(T a, T alpha, T beta)
{
    const T x = (a - alpha) / alpha;
    const T inner = T(1) - T(std::pow(float(x), 2.0f));
    const T arg = beta * T(std::sqrt(float(inner)));
    return T(besselI0(float(arg))) / T(besselI0(float(beta)));
}

}  // namespace

Tensor kaiserWindow(int64_t length, bool periodic, double beta, ScalarType dtype, Device device)
{
    // window_function_checks
    AGV_CHECK(isFloatingType(dtype), RuntimeError, "kaiser_window expects floating point dtypes, got: TensorOptions(dtype=",
              typeMetaName(dtype), ", device=", device.str(), ", layout=Strided (default), requires_grad=false (default), "
              "pinned_memory=false, memory_format=(nullopt))");
    AGV_CHECK(length >= 0, RuntimeError, "kaiser_window requires non-negative window_length, got window_length=", length);
    if (length <= 1)
        return length == 0 ? kernel::newTensor({0}, dtype, device) : ones({1}, dtype, device);
    if (dtype == ScalarType::Half)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(dtype, "kaiser_window_cpu");
    const int64_t n = periodic ? length + 1 : length;
    Tensor out = kernel::newTensor({length}, dtype, device);
    AGV_DISPATCH_FLOATING_AND_HALF(dtype, "kaiser_window_cpu", [&] {
        using T = scalar_t;
        const T alpha = static_cast<T>((n - 1) / 2.0);
        const T b = static_cast<T>(beta);
        T* w = out.data<T>();
        for (int64_t k = 0; k < length; ++k)
            w[k] = kaiserValue(T(k), alpha, b);  // the arange element, in T
    });
    return out;
}

}  // namespace agv::ops
