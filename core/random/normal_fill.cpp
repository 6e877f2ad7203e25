// normal_ over a contiguous tensor of 16 or more elements, as PyTorch 1.13's CPU kernel
// fills it (DistributionKernels.cpp normal_fill / normal_fill_AVX2): every element first
// gets a uniform draw in order, then each block of 16 becomes 8 Box-Muller pairs (u1 from
// element j, u2 from element j + 8), and a size that is not a multiple of 16 redraws and
// transforms its last 16 elements. float on an AVX2 CPU goes through Julien Pommier's
// cephes-style log and sincos for 8 lanes (avx_mathfun.h), which this file computes the
// same way; its AVX2 functions are built with -ffp-contract=fast like PyTorch's GNU-mode
// build, so GCC fuses the same multiply-adds. Other types, and CPUs without AVX2, use the scalar
// normal_fill_16 (std::log, std::cos, std::sin).

#include "core/random/normal_fill.h"

#include <immintrin.h>

#include <cmath>

#include "core/ops/sleef_math.h"
#include "core/random/generator.h"

namespace agv::random {

namespace {

#define AGV_AVX2 __attribute__((target("avx2,fma")))

AGV_AVX2 __m256 broadcast(float v) { return _mm256_set1_ps(v); }
AGV_AVX2 __m256i broadcastInt(int v) { return _mm256_set1_epi32(v); }

/// Natural log of 8 floats: frexp-style split into mantissa in [sqrt(1/2), sqrt(2)) and
/// exponent, then cephes' degree-8 polynomial; NaN for x <= 0.
AGV_AVX2 __m256 log8(__m256 x)
{
    const __m256 one = broadcast(1.0f);
    const __m256 invalid = _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_LE_OS);
    x = _mm256_max_ps(x, _mm256_castsi256_ps(broadcastInt(0x00800000)));  // no denormals
    __m256i exponent = _mm256_srli_epi32(_mm256_castps_si256(x), 23);
    x = _mm256_and_ps(x, _mm256_castsi256_ps(broadcastInt(~0x7f800000)));
    x = _mm256_or_ps(x, broadcast(0.5f));
    exponent = _mm256_sub_epi32(exponent, broadcastInt(0x7f));
    __m256 e = _mm256_add_ps(_mm256_cvtepi32_ps(exponent), one);

    const __m256 below = _mm256_cmp_ps(x, broadcast(0.707106781186547524f), _CMP_LT_OS);
    const __m256 doubled = _mm256_and_ps(x, below);
    x = _mm256_sub_ps(x, one);
    e = _mm256_sub_ps(e, _mm256_and_ps(one, below));
    x = _mm256_add_ps(x, doubled);

    const __m256 z = _mm256_mul_ps(x, x);
    static const float coefficients[] = {7.0376836292E-2f,  -1.1514610310E-1f, 1.1676998740E-1f,
                                         -1.2420140846E-1f, +1.4249322787E-1f, -1.6668057665E-1f,
                                         +2.0000714765E-1f, -2.4999993993E-1f, +3.3333331174E-1f};
    __m256 y = broadcast(coefficients[0]);
    for (int i = 1; i < 9; ++i)
        y = _mm256_add_ps(_mm256_mul_ps(y, x), broadcast(coefficients[i]));
    y = _mm256_mul_ps(y, x);
    y = _mm256_mul_ps(y, z);
    y = _mm256_add_ps(y, _mm256_mul_ps(e, broadcast(-2.12194440e-4f)));
    y = _mm256_sub_ps(y, _mm256_mul_ps(z, broadcast(0.5f)));
    const __m256 high = _mm256_mul_ps(e, broadcast(0.693359375f));
    x = _mm256_add_ps(x, y);
    x = _mm256_add_ps(x, high);
    return _mm256_or_ps(x, invalid);
}

/// sin and cos of 8 floats: reduce by multiples of pi/4 in three parts (cephes' DP1-3),
/// evaluate both cephes polynomials, pick per octant and fix the signs.
AGV_AVX2 void sincos8(__m256 x, __m256* sine, __m256* cosine)
{
    const __m256 signMask = _mm256_castsi256_ps(broadcastInt(int(0x80000000)));
    __m256 signSin = _mm256_and_ps(x, signMask);
    x = _mm256_andnot_ps(signMask, x);

    __m256i octant = _mm256_cvttps_epi32(_mm256_mul_ps(x, broadcast(1.27323954473516f)));
    octant = _mm256_and_si256(_mm256_add_epi32(octant, broadcastInt(1)), broadcastInt(~1));
    const __m256 y0 = _mm256_cvtepi32_ps(octant);

    const __m256 swapSin = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_and_si256(octant, broadcastInt(4)), 29));
    const __m256 polyMask =
        _mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_and_si256(octant, broadcastInt(2)), _mm256_setzero_si256()));

    x = _mm256_add_ps(x, _mm256_mul_ps(y0, broadcast(-0.78515625f)));
    x = _mm256_add_ps(x, _mm256_mul_ps(y0, broadcast(-2.4187564849853515625e-4f)));
    x = _mm256_add_ps(x, _mm256_mul_ps(y0, broadcast(-3.77489497744594108e-8f)));

    const __m256i cosOctant = _mm256_sub_epi32(octant, broadcastInt(2));
    const __m256 signCos = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_andnot_si256(cosOctant, broadcastInt(4)), 29));
    signSin = _mm256_xor_ps(signSin, swapSin);

    const __m256 z = _mm256_mul_ps(x, x);
    __m256 cosPoly = broadcast(2.443315711809948E-005f);
    cosPoly = _mm256_add_ps(_mm256_mul_ps(cosPoly, z), broadcast(-1.388731625493765E-003f));
    cosPoly = _mm256_add_ps(_mm256_mul_ps(cosPoly, z), broadcast(4.166664568298827E-002f));
    cosPoly = _mm256_mul_ps(cosPoly, z);
    cosPoly = _mm256_mul_ps(cosPoly, z);
    cosPoly = _mm256_sub_ps(cosPoly, _mm256_mul_ps(z, broadcast(0.5f)));
    cosPoly = _mm256_add_ps(cosPoly, broadcast(1.0f));

    __m256 sinPoly = broadcast(-1.9515295891E-4f);
    sinPoly = _mm256_add_ps(_mm256_mul_ps(sinPoly, z), broadcast(8.3321608736E-3f));
    sinPoly = _mm256_add_ps(_mm256_mul_ps(sinPoly, z), broadcast(-1.6666654611E-1f));
    sinPoly = _mm256_mul_ps(sinPoly, z);
    sinPoly = _mm256_add_ps(_mm256_mul_ps(sinPoly, x), x);

    const __m256 sinFromSin = _mm256_and_ps(polyMask, sinPoly);
    const __m256 sinFromCos = _mm256_andnot_ps(polyMask, cosPoly);
    const __m256 cosFromSin = _mm256_sub_ps(sinPoly, sinFromSin);
    const __m256 cosFromCos = _mm256_sub_ps(cosPoly, sinFromCos);
    *sine = _mm256_xor_ps(_mm256_add_ps(sinFromCos, sinFromSin), signSin);
    *cosine = _mm256_xor_ps(_mm256_add_ps(cosFromCos, cosFromSin), signCos);
}

AGV_AVX2 void boxMuller16Avx2(float* data, float mean, float stddev)
{
    const __m256 u1 = _mm256_sub_ps(broadcast(1.0f), _mm256_loadu_ps(data));  // [0, 1) -> (0, 1]
    const __m256 u2 = _mm256_loadu_ps(data + 8);
    const __m256 radius = _mm256_sqrt_ps(_mm256_mul_ps(broadcast(-2.0f), log8(u1)));
    const __m256 theta = _mm256_mul_ps(broadcast(2.0f * float(M_PI)), u2);
    __m256 sine, cosine;
    sincos8(theta, &sine, &cosine);
    const __m256 mean8 = broadcast(mean), std8 = broadcast(stddev);
    _mm256_storeu_ps(data, _mm256_fmadd_ps(_mm256_mul_ps(radius, cosine), std8, mean8));
    _mm256_storeu_ps(data + 8, _mm256_fmadd_ps(_mm256_mul_ps(radius, sine), std8, mean8));
}

template <typename T>
void boxMuller16Scalar(T* data, T mean, T stddev)
{
    for (int j = 0; j < 8; ++j) {
        const T u1 = 1 - data[j];
        const T u2 = data[j + 8];
        const T radius = std::sqrt(-2 * std::log(u1));
        const T theta = T(2.0f * M_PI * double(u2));
        // GCC fuses the final multiply-add in PyTorch's AVX2 build
        data[j] = std::fma(radius * std::cos(theta), stddev, mean);
        data[j + 8] = std::fma(radius * std::sin(theta), stddev, mean);
    }
}

template <typename T, typename Draw, typename Block>
void fill(T* data, int64_t size, Draw draw, Block block)
{
    for (int64_t i = 0; i < size; ++i)
        data[i] = draw();
    for (int64_t i = 0; i + 16 <= size; i += 16)
        block(data + i);
    if (size % 16 != 0) {
        T* last = data + size - 16;
        for (int i = 0; i < 16; ++i)
            last[i] = draw();
        block(last);
    }
}

}  // namespace

void normalFill(float* data, int64_t size, float mean, float stddev, Generator& generator)
{
    auto draw = [&generator] { return generator.uniformFloat(); };
    if (ops::sleef::available())
        fill(data, size, draw, [=](float* block) { boxMuller16Avx2(block, mean, stddev); });
    else
        fill(data, size, draw, [=](float* block) { boxMuller16Scalar(block, mean, stddev); });
}

void normalFill(double* data, int64_t size, double mean, double stddev, Generator& generator)
{
    fill(data, size, [&generator] { return generator.uniformDouble(); },
         [=](double* block) { boxMuller16Scalar(block, mean, stddev); });
}

}  // namespace agv::random
