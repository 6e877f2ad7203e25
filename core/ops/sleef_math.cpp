// Note [SLEEF unary loop]
// Debian's PyTorch 1.13 runs its AVX2 kernels here. sin, cos, tan, asin, acos, atan, exp,
// log and tanh are its "VML" kernels (IMPLEMENT_FLOAT_KERNEL / IMPLEMENT_COMPLEX_KERNEL):
// vec::map sends every element through SLEEF's 1.0-ulp vector function (Vectorized<float>::exp()
// is Sleef_expf8_u10, ...), the last partial vector loaded with zero padding, and
// strided inputs copied into a contiguous buffer first. SLEEF works lane by lane,
// so each element's result is SLEEF's value for it. We call the same SLEEF entry
// points of the same library (libsleef3, which Debian's PyTorch links). This file
// is built with -mavx2 -mfma (for the __m256 types only) and calls SLEEF only when
// the CPU has AVX2. sinh and cosh are cpu_kernel_vec kernels instead: SLEEF only in their
// Vectorized body, glibc in the scalar one (the caller picks per element); asinh, acosh
// and atanh have no Vectorized body at all (glibc throughout), measured against 1.13.

#include "core/ops/sleef_math.h"
#include "core/ops/vectorized_reduce.h"

#include <immintrin.h>
#include <sleef.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace agv::ops::sleef {

namespace {

bool hasAvx2()
{
    static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    return yes;
}

/// vec::map: whole vectors, then the rest as one zero-padded vector.
template <typename T, typename Vec, typename VecFn>
void vectorMap(const T* in, T* out, int64_t n, VecFn vec)
{
    constexpr int64_t lanes = int64_t(sizeof(Vec) / sizeof(T));
    int64_t i = 0;
    // Whole vectors: fixed-size copies the compiler turns into unaligned loads and stores.
    for (; i + lanes <= n; i += lanes) {
        Vec v;
        __builtin_memcpy(&v, in + i, sizeof(Vec));
        const Vec r = vec(v);
        __builtin_memcpy(out + i, &r, sizeof(Vec));
    }
    for (; i < n; i += lanes) {
        const int64_t count = std::min(lanes, n - i);
        T buffer[lanes] = {};
        __builtin_memcpy(buffer, in + i, size_t(count) * sizeof(T));
        Vec v;
        __builtin_memcpy(&v, buffer, sizeof(Vec));
        const Vec r = vec(v);
        __builtin_memcpy(buffer, &r, sizeof(Vec));
        __builtin_memcpy(out + i, buffer, size_t(count) * sizeof(T));
    }
}

}  // namespace

bool available() { return hasAvx2(); }

bool apply(Function f, const float* in, float* out, int64_t n)
{
    if (!hasAvx2())
        return false;
    switch (f) {
    case Function::Sin: vectorMap<float, __m256>(in, out, n, Sleef_sinf8_u10); break;
    case Function::Cos: vectorMap<float, __m256>(in, out, n, Sleef_cosf8_u10); break;
    case Function::Exp: vectorMap<float, __m256>(in, out, n, Sleef_expf8_u10); break;
    case Function::Log: vectorMap<float, __m256>(in, out, n, Sleef_logf8_u10); break;
    case Function::Tanh: vectorMap<float, __m256>(in, out, n, Sleef_tanhf8_u10); break;
    case Function::Erf: vectorMap<float, __m256>(in, out, n, Sleef_erff8_u10); break;
    case Function::Erfc: vectorMap<float, __m256>(in, out, n, Sleef_erfcf8_u15); break;
    case Function::Expm1: vectorMap<float, __m256>(in, out, n, Sleef_expm1f8_u10); break;
    case Function::Log1p: vectorMap<float, __m256>(in, out, n, Sleef_log1pf8_u10); break;
    case Function::Log2: vectorMap<float, __m256>(in, out, n, Sleef_log2f8_u10); break;
    case Function::Log10: vectorMap<float, __m256>(in, out, n, Sleef_log10f8_u10); break;
    case Function::Tan: vectorMap<float, __m256>(in, out, n, Sleef_tanf8_u10); break;
    case Function::Atan: vectorMap<float, __m256>(in, out, n, Sleef_atanf8_u10); break;
    case Function::Asin: vectorMap<float, __m256>(in, out, n, Sleef_asinf8_u10); break;
    case Function::Acos: vectorMap<float, __m256>(in, out, n, Sleef_acosf8_u10); break;
    case Function::Sinh: vectorMap<float, __m256>(in, out, n, Sleef_sinhf8_u10); break;
    case Function::Cosh: vectorMap<float, __m256>(in, out, n, Sleef_coshf8_u10); break;
    case Function::Lgamma: vectorMap<float, __m256>(in, out, n, Sleef_lgammaf8_u10); break;
    }
    return true;
}

bool apply(Function f, const double* in, double* out, int64_t n)
{
    if (!hasAvx2())
        return false;
    switch (f) {
    case Function::Sin: vectorMap<double, __m256d>(in, out, n, Sleef_sind4_u10); break;
    case Function::Cos: vectorMap<double, __m256d>(in, out, n, Sleef_cosd4_u10); break;
    case Function::Exp: vectorMap<double, __m256d>(in, out, n, Sleef_expd4_u10); break;
    case Function::Log: vectorMap<double, __m256d>(in, out, n, Sleef_logd4_u10); break;
    case Function::Tanh: vectorMap<double, __m256d>(in, out, n, Sleef_tanhd4_u10); break;
    case Function::Erf: vectorMap<double, __m256d>(in, out, n, Sleef_erfd4_u10); break;
    case Function::Erfc: vectorMap<double, __m256d>(in, out, n, Sleef_erfcd4_u15); break;
    case Function::Expm1: vectorMap<double, __m256d>(in, out, n, Sleef_expm1d4_u10); break;
    case Function::Log1p: vectorMap<double, __m256d>(in, out, n, Sleef_log1pd4_u10); break;
    case Function::Log2: vectorMap<double, __m256d>(in, out, n, Sleef_log2d4_u10); break;
    case Function::Log10: vectorMap<double, __m256d>(in, out, n, Sleef_log10d4_u10); break;
    case Function::Tan: vectorMap<double, __m256d>(in, out, n, Sleef_tand4_u10); break;
    case Function::Atan: vectorMap<double, __m256d>(in, out, n, Sleef_atand4_u10); break;
    case Function::Asin: vectorMap<double, __m256d>(in, out, n, Sleef_asind4_u10); break;
    case Function::Acos: vectorMap<double, __m256d>(in, out, n, Sleef_acosd4_u10); break;
    case Function::Sinh: vectorMap<double, __m256d>(in, out, n, Sleef_sinhd4_u10); break;
    case Function::Cosh: vectorMap<double, __m256d>(in, out, n, Sleef_coshd4_u10); break;
    case Function::Lgamma: vectorMap<double, __m256d>(in, out, n, Sleef_lgammad4_u10); break;
    }
    return true;
}

bool sigmoidVectorBody(const float* in, float* out, int64_t n)
{
    if (!hasAvx2())
        return false;
    vectorMap<float, __m256>(in, out, n, [](__m256 x) {
        const __m256 one = _mm256_set1_ps(1.0f);
        const __m256 e = Sleef_expf8_u10(_mm256_sub_ps(_mm256_setzero_ps(), x));
        return _mm256_div_ps(one, _mm256_add_ps(e, one));
    });
    return true;
}

bool sigmoidVectorBody(const double* in, double* out, int64_t n)
{
    if (!hasAvx2())
        return false;
    vectorMap<double, __m256d>(in, out, n, [](__m256d x) {
        const __m256d one = _mm256_set1_pd(1.0);
        const __m256d e = Sleef_expd4_u10(_mm256_sub_pd(_mm256_setzero_pd(), x));
        return _mm256_div_pd(one, _mm256_add_pd(e, one));
    });
    return true;
}

namespace {

template <typename T, typename Vec, typename ExpFn, typename LogFn>
void logSoftmaxRowImpl(const T* in, T* out, int64_t n, ExpFn expFn, LogFn logFn)
{
    constexpr int L = int(sizeof(Vec) / sizeof(T));
    T maxValue = in[0];
    for (int64_t i = 1; i < n; ++i)
        maxValue = std::isnan(in[i]) || in[i] > maxValue ? in[i] : maxValue;
    const T total = vectorized::mapSum<T, L>(in, n, [&](std::array<T, L>& v) {
        for (auto& x : v)
            x = x - maxValue;
        Vec packed;
        __builtin_memcpy(&packed, v.data(), sizeof(Vec));
        packed = expFn(packed);
        __builtin_memcpy(v.data(), &packed, sizeof(Vec));
    });
    std::array<T, L> logArg{};
    logArg[0] = total;
    Vec packed;
    __builtin_memcpy(&packed, logArg.data(), sizeof(Vec));
    packed = logFn(packed);
    __builtin_memcpy(logArg.data(), &packed, sizeof(Vec));
    const T logTotal = logArg[0];
    for (int64_t i = 0; i < n; ++i)
        out[i] = (in[i] - maxValue) - logTotal;  // this order: see pytorch/pytorch#11752
}

}  // namespace

bool powScalar(const float* in, float* out, int64_t n, double exponent)
{
    if (!hasAvx2())
        return false;
    const int64_t vectorised = n - n % 16;
    const __m256 e = _mm256_set1_ps(float(exponent));
    vectorMap<float, __m256>(in, out, vectorised, [e](__m256 x) { return Sleef_powf8_u10(x, e); });
    for (int64_t i = vectorised; i < n; ++i)
        out[i] = float(std::pow(double(in[i]), exponent));
    return true;
}

bool powScalar(const double* in, double* out, int64_t n, double exponent)
{
    if (!hasAvx2())
        return false;
    const int64_t vectorised = n - n % 8;
    const __m256d e = _mm256_set1_pd(exponent);
    vectorMap<double, __m256d>(in, out, vectorised, [e](__m256d x) { return Sleef_powd4_u10(x, e); });
    for (int64_t i = vectorised; i < n; ++i)
        out[i] = std::pow(in[i], exponent);
    return true;
}

bool logSoftmaxRow(const float* in, float* out, int64_t n)
{
    if (!hasAvx2())
        return false;
    logSoftmaxRowImpl<float, __m256>(in, out, n, Sleef_expf8_u10, Sleef_logf8_u10);
    return true;
}

bool logSoftmaxRow(const double* in, double* out, int64_t n)
{
    if (!hasAvx2())
        return false;
    logSoftmaxRowImpl<double, __m256d>(in, out, n, Sleef_expd4_u10, Sleef_logd4_u10);
    return true;
}

namespace {

/// Two-operand vec::map: whole vectors, then the rest as zero-padded vectors.
template <typename T, typename Vec, typename VecFn>
void vectorMap2(const T* a, const T* b, T* out, int64_t n, VecFn vec)
{
    constexpr int64_t lanes = int64_t(sizeof(Vec) / sizeof(T));
    int64_t i = 0;
    for (; i + lanes <= n; i += lanes) {
        Vec va, vb;
        __builtin_memcpy(&va, a + i, sizeof(Vec));
        __builtin_memcpy(&vb, b + i, sizeof(Vec));
        const Vec r = vec(va, vb);
        __builtin_memcpy(out + i, &r, sizeof(Vec));
    }
    for (; i < n; i += lanes) {
        const int64_t count = std::min(lanes, n - i);
        T bufferA[lanes] = {}, bufferB[lanes] = {};
        __builtin_memcpy(bufferA, a + i, size_t(count) * sizeof(T));
        __builtin_memcpy(bufferB, b + i, size_t(count) * sizeof(T));
        Vec va, vb;
        __builtin_memcpy(&va, bufferA, sizeof(Vec));
        __builtin_memcpy(&vb, bufferB, sizeof(Vec));
        const Vec r = vec(va, vb);
        __builtin_memcpy(bufferA, &r, sizeof(Vec));
        __builtin_memcpy(out + i, bufferA, size_t(count) * sizeof(T));
    }
}

}  // namespace

bool atan2(const float* y, const float* x, float* out, int64_t n)
{
    if (!hasAvx2())
        return false;
    vectorMap2<float, __m256>(y, x, out, n, Sleef_atan2f8_u10);
    return true;
}

bool atan2(const double* y, const double* x, double* out, int64_t n)
{
    if (!hasAvx2())
        return false;
    vectorMap2<double, __m256d>(y, x, out, n, Sleef_atan2d4_u10);
    return true;
}

bool hypot(const float* a, const float* b, float* out, int64_t n)
{
    if (!hasAvx2())
        return false;
    vectorMap2<float, __m256>(a, b, out, n, Sleef_hypotf8_u05);
    return true;
}

bool hypot(const double* a, const double* b, double* out, int64_t n)
{
    if (!hasAvx2())
        return false;
    vectorMap2<double, __m256d>(a, b, out, n, Sleef_hypotd4_u05);
    return true;
}

bool pow(const float* a, const float* b, float* out, int64_t n)
{
    if (!hasAvx2())
        return false;
    vectorMap2<float, __m256>(a, b, out, n, Sleef_powf8_u10);
    return true;
}

bool pow(const double* a, const double* b, double* out, int64_t n)
{
    if (!hasAvx2())
        return false;
    vectorMap2<double, __m256d>(a, b, out, n, Sleef_powd4_u10);
    return true;
}

}  // namespace agv::ops::sleef
