#pragma once
// The scalar series behind torch.special's Bessel and zeta functions, written as
// PyTorch 1.13's CPU kernels evaluate them (aten/src/ATen/native/Math.h): Cephes'
// Chebyshev series and Hurwitz zeta (3-clause BSD, Steven Moshier). See Note [The
// special functions' series] for the rules these follow: the element's own type, float
// tables for float, and std::fma wherever GCC fuses a * b + c in PyTorch's AVX2 build.
// Pure arithmetic on float and double, so every kernel that needs a table shares one copy.

#include <cmath>
#include <cstddef>
#include <limits>
#include <type_traits>

namespace agv::ops::cephes {

/// Cephes' chbevl: the Chebyshev series sum' coefficients[i] T_i(x / 2).
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

/// Cephes' polevl: coefficients[0] x^degree + ... + coefficients[degree], by Horner.
template <typename T>
T polynomial(T x, const T* coefficients, int degree)
{
    T result = 0;
    for (int i = 0; i <= degree; ++i)
        result = std::fma(result, x, coefficients[i]);
    return result;
}

/// A table of double coefficients rounded to T, as `static const T[]` rounds them.
template <typename T, size_t N>
struct Table {
    T values[N];
    constexpr explicit Table(const double (&from)[N]) : values{}
    {
        for (size_t i = 0; i < N; ++i)
            values[i] = T(from[i]);
    }
};

// exp(-x) I0(x) on [0, 8] and exp(-x) sqrt(x) I0(x) on (8, inf).
inline constexpr double kI0Small[] = {
    -4.41534164647933937950E-18, 3.33079451882223809783E-17, -2.43127984654795469359E-16, 1.71539128555513303061E-15,
    -1.16853328779934516808E-14, 7.67618549860493561688E-14, -4.85644678311192946090E-13, 2.95505266312963983461E-12,
    -1.72682629144155570723E-11, 9.67580903537323691224E-11, -5.18979560163526290666E-10, 2.65982372468238665035E-9,
    -1.30002500998624804212E-8,  6.04699502254191894932E-8,  -2.67079385394061173391E-7, 1.11738753912010371815E-6,
    -4.41673835845875056359E-6,  1.64484480707288970893E-5,  -5.75419501008210370398E-5, 1.88502885095841655729E-4,
    -5.76375574538582365885E-4,  1.63947561694133579842E-3,  -4.32430999505057594430E-3, 1.05464603945949983183E-2,
    -2.37374148058994688156E-2,  4.93052842396707084878E-2,  -9.49010970480476444210E-2, 1.71620901522208775349E-1,
    -3.04682672343198398683E-1,  6.76795274409476084995E-1};
inline constexpr double kI0Large[] = {
    -7.23318048787475395456E-18, -4.83050448594418207126E-18, 4.46562142029675999901E-17, 3.46122286769746109310E-17,
    -2.82762398051658348494E-16, -3.42548561967721913462E-16, 1.77256013305652638360E-15, 3.81168066935262242075E-15,
    -9.55484669882830764870E-15, -4.15056934728722208663E-14, 1.54008621752140982691E-14, 3.85277838274214270114E-13,
    7.18012445138366623367E-13,  -1.79417853150680611778E-12, -1.32158118404477131188E-11, -3.14991652796324136454E-11,
    1.18891471078464383424E-11,  4.94060238822496958910E-10,  3.39623202570838634515E-9,  2.26666899049817806459E-8,
    2.04891858946906374183E-7,   2.89137052083475648297E-6,   6.88975834691682398426E-5,  3.36911647825569408990E-3,
    8.04490411014108831608E-1};
// exp(-x) I1(x) on [0, 8] and exp(-x) sqrt(x) I1(x) on (8, inf). The float kernels use
// only the last 17 and 7 of them.
inline constexpr double kI1Small[] = {
    2.77791411276104639959E-18, -2.11142121435816608115E-17, 1.55363195773620046921E-16, -1.10559694773538630805E-15,
    7.60068429473540693410E-15, -5.04218550472791168711E-14, 3.22379336594557470981E-13, -1.98397439776494371520E-12,
    1.17361862988909016308E-11, -6.66348972350202774223E-11, 3.62559028155211703701E-10, -1.88724975172282928790E-9,
    9.38153738649577178388E-9,  -4.44505912879632808065E-8,  2.00329475355213526229E-7,  -8.56872026469545474066E-7,
    3.47025130813767847674E-6,  -1.32731636560394358279E-5,  4.78156510755005422638E-5,  -1.61760815825896745588E-4,
    5.12285956168575772895E-4,  -1.51357245063125314899E-3,  4.15642294431288815669E-3,  -1.05640848946261981558E-2,
    2.47264490306265168283E-2,  -5.29459812080949914269E-2,  1.02643658689847095384E-1,  -1.76416518357834055153E-1,
    2.52587186443633654823E-1};
inline constexpr double kI1Large[] = {
    7.51729631084210481353E-18,  4.41434832307170791151E-18,  -4.65030536848935832153E-17, -3.20952592199342395980E-17,
    2.96262899764595013876E-16,  3.30820231092092828324E-16,  -1.88035477551078244854E-15, -3.81440307243700780478E-15,
    1.04202769841288027642E-14,  4.27244001671195135429E-14,  -2.10154184277266431302E-14, -4.08355111109219731823E-13,
    -7.19855177624590851209E-13, 2.03562854414708950722E-12,  1.41258074366137813316E-11,  3.25260358301548823856E-11,
    -1.89749581235054123450E-11, -5.58974346219658380687E-10, -3.83538038596423702205E-9,  -2.63146884688951950684E-8,
    -2.51223623787020892529E-7,  -3.88256480887769039346E-6,  -1.10588938762623716291E-4,  -9.76109749136146840777E-3,
    7.78576235018280120474E-1};

/// exp(-|x|) I0(x): the Chebyshev sum alone (scaled), or times exp(|x|) (unscaled).
template <typename T>
T besselI0(T input, bool scaled = false)
{
    static constexpr Table<T, 30> small(kI0Small);
    static constexpr Table<T, 25> large(kI0Large);
    const T x = std::abs(input);
    if (x <= T(8)) {
        const T series = chebyshevSeries(x / T(2) - T(2), small.values, 30);
        return scaled ? series : std::exp(x) * series;
    }
    const T series = chebyshevSeries(T(32) / x - T(2), large.values, 25);
    // i0e's kernel divides by the C library's double sqrt, rounding once at the end.
    if (scaled)
        return T(double(series) / std::sqrt(double(x)));
    return std::exp(x) * series / std::sqrt(x);
}

/// I1(x), or exp(-|x|) I1(x) when scaled; odd in x.
template <typename T>
T besselI1(T input, bool scaled = false)
{
    static constexpr Table<T, 29> small(kI1Small);
    static constexpr Table<T, 25> large(kI1Large);
    constexpr bool single = std::is_same_v<T, float>;
    const T* smallTable = single ? small.values + 12 : small.values;
    const T* largeTable = single ? large.values + 18 : large.values;
    const int smallLength = single ? 17 : 29, largeLength = single ? 7 : 25;
    const T x = std::abs(input);
    T out;
    if (x <= T(8)) {
        const T series = chebyshevSeries(x / T(2) - T(2), smallTable, smallLength);
        out = scaled ? series * x : std::exp(x) * x * series;
    } else {
        const T series = chebyshevSeries(T(32) / x - T(2), largeTable, largeLength);
        out = (scaled ? series : std::exp(x) * series) / std::sqrt(x);
    }
    return input < T(0) ? -out : out;
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

}  // namespace agv::ops::cephes
