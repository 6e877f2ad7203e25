#pragma once
// PyTorch 1.13's vectorised unary loop for the transcendental functions, so that
// sin, cos, exp and log round as PyTorch's do (Note [SLEEF unary loop]).

#include <cstdint>

namespace agv::ops::sleef {

enum class Function { Sin, Cos, Exp, Log };

/// out[i] = f(in[i]) over a contiguous run, as PyTorch's AVX2 kernel computes it.
/// Returns false (and writes nothing) when this CPU has no AVX2: the caller then
/// computes every element with the scalar std:: function.
bool apply(Function f, const float* in, float* out, int64_t n);
bool apply(Function f, const double* in, double* out, int64_t n);

}  // namespace agv::ops::sleef
