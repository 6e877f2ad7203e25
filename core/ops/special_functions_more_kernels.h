#pragma once
// The element functions behind torch.special's Airy, Bessel (Y0, Y1, spherical J0, the
// modified I0 I1 K0 K1 and scaled K0 K1), orthogonal-polynomial and incomplete-gamma
// functions, computed as PyTorch 1.13's CPU kernels compute them: see
// special_series_more.inc and Note [Special kernels built like PyTorch's AVX2 kernels].
// Plain arithmetic on float and double; the tensor ops are special_functions_more.cpp's.

#include <cstdint>

namespace agv::ops::special_kernels {

enum class Unary {
    AiryAi,
    BesselY0,
    BesselY1,
    ModifiedBesselI0,
    ModifiedBesselI1,
    ModifiedBesselK0,
    ModifiedBesselK1,
    ScaledModifiedBesselK0,
    ScaledModifiedBesselK1,
    SphericalBesselJ0,
};

/// The polynomial families, each evaluated at (x, n) with n truncated to an integer.
enum class Polynomial {
    ChebyshevT,
    ChebyshevU,
    ChebyshevV,
    ChebyshevW,
    ShiftedChebyshevT,
    ShiftedChebyshevU,
    ShiftedChebyshevV,
    ShiftedChebyshevW,
    HermiteH,
    HermiteHe,
    LaguerreL,
    LegendreP,
};

/// The regularized incomplete gamma functions P(a, x) (Lower) and Q(a, x) (Upper).
enum class IncompleteGamma { Lower, Upper };

/// One element of f; the tensor loops call these per element.
float evaluate(Unary f, float x);
double evaluate(Unary f, double x);
float evaluate(Polynomial f, float x, float n);
double evaluate(Polynomial f, double x, double n);
float evaluate(IncompleteGamma f, float a, float x);
double evaluate(IncompleteGamma f, double a, double x);

}  // namespace agv::ops::special_kernels
