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
#include "core/ops/ops.h"
#include "core/ops/type_promotion.h"

namespace agv::ops {

namespace {

template <typename T>
T chebyshevSeries(T x, const T* coefficients, int length)
{
    T b0 = coefficients[0], b1 = 0, b2 = 0;
    for (int i = 1; i < length; ++i) {
        b2 = b1;
        b1 = b0;
        b0 = std::fma(x, b1, -b2) + coefficients[i];
    }
    return T(0.5) * (b0 - b2);
}

template <typename T>
T polynomial(T x, const T* coefficients, int degree)
{
    T result = 0;
    for (int i = 0; i <= degree; ++i)
        result = std::fma(result, x, coefficients[i]);
    return result;
}

// exp(-x) I0(x) on [0, 8] and exp(-x) sqrt(x) I0(x) on (8, inf), Cephes' tables; the
// float kernel rounds the same tables to float.
constexpr double kI0Small[] = {
    -4.41534164647933937950E-18, 3.33079451882223809783E-17, -2.43127984654795469359E-16, 1.71539128555513303061E-15,
    -1.16853328779934516808E-14, 7.67618549860493561688E-14, -4.85644678311192946090E-13, 2.95505266312963983461E-12,
    -1.72682629144155570723E-11, 9.67580903537323691224E-11, -5.18979560163526290666E-10, 2.65982372468238665035E-9,
    -1.30002500998624804212E-8,  6.04699502254191894932E-8,  -2.67079385394061173391E-7, 1.11738753912010371815E-6,
    -4.41673835845875056359E-6,  1.64484480707288970893E-5,  -5.75419501008210370398E-5, 1.88502885095841655729E-4,
    -5.76375574538582365885E-4,  1.63947561694133579842E-3,  -4.32430999505057594430E-3, 1.05464603945949983183E-2,
    -2.37374148058994688156E-2,  4.93052842396707084878E-2,  -9.49010970480476444210E-2, 1.71620901522208775349E-1,
    -3.04682672343198398683E-1,  6.76795274409476084995E-1};
constexpr double kI0Large[] = {
    -7.23318048787475395456E-18, -4.83050448594418207126E-18, 4.46562142029675999901E-17, 3.46122286769746109310E-17,
    -2.82762398051658348494E-16, -3.42548561967721913462E-16, 1.77256013305652638360E-15, 3.81168066935262242075E-15,
    -9.55484669882830764870E-15, -4.15056934728722208663E-14, 1.54008621752140982691E-14, 3.85277838274214270114E-13,
    7.18012445138366623367E-13,  -1.79417853150680611778E-12, -1.32158118404477131188E-11, -3.14991652796324136454E-11,
    1.18891471078464383424E-11,  4.94060238822496958910E-10,  3.39623202570838634515E-9,  2.26666899049817806459E-8,
    2.04891858946906374183E-7,   2.89137052083475648297E-6,   6.88975834691682398426E-5,  3.36911647825569408990E-3,
    8.04490411014108831608E-1};
// exp(-x) I1(x) on [0, 8] and exp(-x) sqrt(x) I1(x) on (8, inf). The float kernel uses
// only the last 17 and 7 of them.
constexpr double kI1Small[] = {
    2.77791411276104639959E-18, -2.11142121435816608115E-17, 1.55363195773620046921E-16, -1.10559694773538630805E-15,
    7.60068429473540693410E-15, -5.04218550472791168711E-14, 3.22379336594557470981E-13, -1.98397439776494371520E-12,
    1.17361862988909016308E-11, -6.66348972350202774223E-11, 3.62559028155211703701E-10, -1.88724975172282928790E-9,
    9.38153738649577178388E-9,  -4.44505912879632808065E-8,  2.00329475355213526229E-7,  -8.56872026469545474066E-7,
    3.47025130813767847674E-6,  -1.32731636560394358279E-5,  4.78156510755005422638E-5,  -1.61760815825896745588E-4,
    5.12285956168575772895E-4,  -1.51357245063125314899E-3,  4.15642294431288815669E-3,  -1.05640848946261981558E-2,
    2.47264490306265168283E-2,  -5.29459812080949914269E-2,  1.02643658689847095384E-1,  -1.76416518357834055153E-1,
    2.52587186443633654823E-1};
constexpr double kI1Large[] = {
    7.51729631084210481353E-18,  4.41434832307170791151E-18,  -4.65030536848935832153E-17, -3.20952592199342395980E-17,
    2.96262899764595013876E-16,  3.30820231092092828324E-16,  -1.88035477551078244854E-15, -3.81440307243700780478E-15,
    1.04202769841288027642E-14,  4.27244001671195135429E-14,  -2.10154184277266431302E-14, -4.08355111109219731823E-13,
    -7.19855177624590851209E-13, 2.03562854414708950722E-12,  1.41258074366137813316E-11,  3.25260358301548823856E-11,
    -1.89749581235054123450E-11, -5.58974346219658380687E-10, -3.83538038596423702205E-9,  -2.63146884688951950684E-8,
    -2.51223623787020892529E-7,  -3.88256480887769039346E-6,  -1.10588938762623716291E-4,  -9.76109749136146840777E-3,
    7.78576235018280120474E-1};

template <typename T, size_t N>
struct Table {
    T values[N];
    constexpr explicit Table(const double (&from)[N]) : values{}
    {
        for (size_t i = 0; i < N; ++i)
            values[i] = T(from[i]);
    }
};

template <typename T>
T besselI0(T input)
{
    static constexpr Table<T, 30> small(kI0Small);
    static constexpr Table<T, 25> large(kI0Large);
    const T x = std::abs(input);
    if (x <= T(8))
        return std::exp(x) * chebyshevSeries(x / T(2) - T(2), small.values, 30);
    return std::exp(x) * chebyshevSeries(T(32) / x - T(2), large.values, 25) / std::sqrt(x);
}

template <typename T>
T besselI1(T input)
{
    static constexpr Table<T, 29> small(kI1Small);
    static constexpr Table<T, 25> large(kI1Large);
    constexpr bool single = std::is_same_v<T, float>;
    const T* smallTable = single ? small.values + 12 : small.values;
    const T* largeTable = single ? large.values + 18 : large.values;
    const int smallLength = single ? 17 : 29, largeLength = single ? 7 : 25;
    const T x = std::abs(input);
    T out;
    if (x <= T(8))
        out = std::exp(x) * x * chebyshevSeries(x / T(2) - T(2), smallTable, smallLength);
    else
        out = std::exp(x) * chebyshevSeries(T(32) / x - T(2), largeTable, largeLength) / std::sqrt(x);
    return input < T(0) ? -out : out;
}

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

/// The Hurwitz zeta function zeta(x, q), summed in Acc (double for float and double,
/// float for bfloat16): a direct sum until the terms vanish, then Euler-Maclaurin.
template <typename Acc>
Acc hurwitzZeta(Acc x, Acc q)
{
    constexpr Acc machineEpsilon = Acc(1.11022302462515654042E-16);
    static constexpr Acc A[] = {12.0,
                                -720.0,
                                30240.0,
                                -1209600.0,
                                47900160.0,
                                -1.8924375803183791606e9,
                                7.47242496e10,
                                -2.950130727918164224e12,
                                1.1646782814350067249e14,
                                -4.5979787224074726105e15,
                                1.8152105401943546773e17,
                                -7.1661652561756670113e18};
    if (x == 1)
        return std::numeric_limits<Acc>::infinity();
    if (x < 1)
        return std::numeric_limits<Acc>::quiet_NaN();
    if (q <= 0) {
        if (q == std::floor(q))
            return std::numeric_limits<Acc>::infinity();
        if (x != std::floor(x))
            return std::numeric_limits<Acc>::quiet_NaN();
    }
    Acc s = std::pow(q, -x), a = q, b = 0;
    int i = 0;
    while (i < 9 || a <= Acc(9)) {
        i += 1;
        a += 1;
        b = std::pow(a, -x);
        s += b;
        if (-machineEpsilon * s < b && b < machineEpsilon * s)
            return s;
    }
    const Acc w = a;
    s += b * w / (x - 1);
    s = std::fma(-Acc(0.5), b, s);
    a = 1;
    Acc k = 0;
    for (int j = 0; j < 12; ++j) {
        a *= x + k;
        b /= w;
        Acc t = a * b / A[j];
        s = s + t;
        t = std::fabs(t / s);
        if (t < machineEpsilon)
            return s;
        k += 1;
        a *= x + k;
        b /= w;
        k += 1;
    }
    return s;
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
Tensor i0Grad(const Tensor& g, const Tensor& self) { return mul(g, i1Values(self)); }
Tensor sincGrad(const Tensor& g, const Tensor& self)
{
    // sinc_backward: grad * (pi x cos(pi x) - sin(pi x)) / (pi x^2), 0 where pi x^2 is 0.
    const Tensor selfPi = mul(self, Scalar(M_PI));
    const Tensor selfSquaredPi = mul(mul(self, self), Scalar(M_PI));
    const Tensor out = div(mul(g, sub(mul(selfPi, cos(selfPi)), sin(selfPi))), selfSquaredPi);
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

Tensor i1Values(const Tensor& self)
{
    return specialKernel(self, "i1_cpu", true, [](auto x) { return besselI1(x); });
}

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
