// Note [SLEEF unary loop]
// Debian's PyTorch 1.13 runs its AVX2 kernels here. sin, cos, exp and log are its
// "VML" kernels (IMPLEMENT_FLOAT_KERNEL / IMPLEMENT_COMPLEX_KERNEL): vec::map sends
// every element through SLEEF's 1.0-ulp vector function (Vectorized<float>::exp()
// is Sleef_expf8_u10, ...), the last partial vector loaded with zero padding, and
// strided inputs copied into a contiguous buffer first. SLEEF works lane by lane,
// so each element's result is SLEEF's value for it. We call the same SLEEF entry
// points of the same library (libsleef3, which Debian's PyTorch links). This file
// is built with -mavx2 -mfma (for the __m256 types only) and calls SLEEF only when
// the CPU has AVX2.

#include "core/ops/sleef_math.h"

#include <immintrin.h>
#include <sleef.h>

#include <algorithm>

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
    for (int64_t i = 0; i < n; i += lanes) {
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

bool apply(Function f, const float* in, float* out, int64_t n)
{
    if (!hasAvx2())
        return false;
    switch (f) {
    case Function::Sin: vectorMap<float, __m256>(in, out, n, Sleef_sinf8_u10); break;
    case Function::Cos: vectorMap<float, __m256>(in, out, n, Sleef_cosf8_u10); break;
    case Function::Exp: vectorMap<float, __m256>(in, out, n, Sleef_expf8_u10); break;
    case Function::Log: vectorMap<float, __m256>(in, out, n, Sleef_logf8_u10); break;
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
    }
    return true;
}

}  // namespace agv::ops::sleef
