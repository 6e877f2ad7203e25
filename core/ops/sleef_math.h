#pragma once
// PyTorch 1.13's vectorised unary loop for the transcendental functions, so that
// sin, cos, tan, asin, acos, atan, exp, log, erf, erfc, expm1, log1p and lgamma round as PyTorch's
// do; sinh and cosh are the Vectorized bodies of their cpu_kernel_vec
// (Note [SLEEF unary loop]).

#include <cstdint>

namespace agv::ops::sleef {

enum class Function { Sin, Cos, Exp, Log, Tanh, Erf, Erfc, Expm1, Log1p, Log2, Log10, Tan, Atan, Asin, Acos, Sinh, Cosh, Lgamma };

/// Whether this CPU runs PyTorch's AVX2 kernels (and so the functions below).
bool available();

/// out[i] = f(in[i]) over a contiguous run, as PyTorch's AVX2 kernel computes it.
/// Returns false (and writes nothing) when this CPU has no AVX2: the caller then
/// computes every element with the scalar std:: function.
bool apply(Function f, const float* in, float* out, int64_t n);
bool apply(Function f, const double* in, double* out, int64_t n);

/// sigmoid's Vectorized body, lane by lane: (1 + exp(0 - x)).reciprocal() with SLEEF's
/// exp (the scalar body, 1 / (1 + std::exp(-x)), is the caller's). False without AVX2.
bool sigmoidVectorBody(const float* in, float* out, int64_t n);
bool sigmoidVectorBody(const double* in, double* out, int64_t n);

}  // namespace agv::ops::sleef

namespace agv::ops::sleef {

/// pow(x, exponent) for a general scalar exponent, as pow_tensor_scalar's cpu_kernel_vec:
/// whole pairs of vectors through Sleef_pow*_u10, the rest through std::pow in double
/// (PyTorch keeps the exponent a double there).
bool powScalar(const float* in, float* out, int64_t n, double exponent);
bool powScalar(const double* in, double* out, int64_t n, double exponent);

/// PyTorch's _vec_log_softmax_lastdim for one contiguous row (AVX2): the row maximum,
/// sum(exp(x - max)) accumulated lane-wise and reduced by the AVX2 shuffles, log of
/// it through SLEEF, then out = (x - max) - log(sum). False without AVX2.
bool logSoftmaxRow(const float* in, float* out, int64_t n);
bool logSoftmaxRow(const double* in, double* out, int64_t n);

}  // namespace agv::ops::sleef

namespace agv::ops::sleef {

/// out[i] = atan2(y[i], x[i]) for every element through Sleef_atan2{f8,d4}_u10 (atan2's
/// Vectorized body; the caller gives the scalar-body elements std::atan2). False without AVX2.
bool atan2(const float* y, const float* x, float* out, int64_t n);
bool atan2(const double* y, const double* x, double* out, int64_t n);

}  // namespace agv::ops::sleef

namespace agv::ops::sleef {

/// out[i] = hypot(a[i], b[i]) through Sleef_hypot{f8,d4}_u05 (Vectorized::hypot); pow
/// likewise through Sleef_pow{f8,d4}_u10 (Vectorized::pow). Every element goes through
/// SLEEF, lane by lane; the caller gives the scalar-body elements their std:: value.
/// False without AVX2.
bool hypot(const float* a, const float* b, float* out, int64_t n);
bool hypot(const double* a, const double* b, double* out, int64_t n);
bool pow(const float* a, const float* b, float* out, int64_t n);
bool pow(const double* a, const double* b, double* out, int64_t n);

}  // namespace agv::ops::sleef
