// linalg.matrix_exp, torch.matrix_exp and Tensor.matrix_exp (linalg_lapack.h): 1.13's mexp
// (LinearAlgebra.cpp), Bader, Blanes and Casas' optimised Taylor polynomials of degree 1,
// 2, 4, 8, 12 and 18, the last with scaling and squaring, picked per matrix by its 1-norm;
// derivatives.yaml's linalg_matrix_exp_differential for both modes of AD.
//
// Note [The products and sums of mexp]
// 1.13 keeps the powers I, A, A^2, A^3, A^6 of a batch in one (count, batch, n, n) buffer
// and forms every polynomial from it with two kinds of kernels, whose roundings we repeat:
//   * products of 3-d batches (_matmul_impl -> bmm: the naive loop below 400 multiply-adds,
//     a GEMM per matrix above; see Note [bmm and baddbmm kernels]), except the squarings of
//     degree 18, which multiply 2-d matrices (mm: always the GEMM);
//   * _compute_linear_combination: out = 0, then out += in_j * c_j for j in order, a loop in
//     native/cpu built with -mfma, where GCC contracts each step into fma(in_j, c_j, out).
// Every matrix of the batch is computed alone: neither kernel mixes matrices, so grouping
// them by degree as 1.13 does changes no bit. The coefficients are scalar_t constants
// (float ones rounded from their double expressions as C++ rounds them), so they are
// written here as templates over the element type, as in 1.13.

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/ops/kernels.h"
#include "core/ops/linalg_checks.h"
#include "core/ops/linalg_lapack.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/ops/shape_extra.h"

namespace agv::ops {

namespace {

/// The 1-norms below which each degree (1, 2, 4, 8, 12, 18) is accurate to the dtype's
/// precision; beyond the last, degree 18 is applied to A / 2^s.
template <typename T>
constexpr std::array<T, 6> kDegreeThetas = {};
template <>
constexpr std::array<float, 6> kDegreeThetas<float> = {1.192092800768788e-07, 5.978858893805233e-04,
                                                       5.116619363445086e-02, 5.800524627688768e-01,
                                                       1.461661507209034e+00, 3.010066362817634e+00};
template <>
constexpr std::array<double, 6> kDegreeThetas<double> = {2.220446049250313e-16, 2.580956802971767e-08,
                                                         3.397168839976962e-04, 4.991228871115323e-02,
                                                         2.996158913811580e-01, 1.090863719290036e+00};

/// One matrix of a batch, as a (1, n, n) batch: the shape 1.13's bmm calls see.
Tensor batchOfOne(const Tensor& a, int64_t i) { return contiguous(narrow(a, 0, i, 1)); }

/// _fill_matrix_powers: a (count, 1, n, n) buffer whose first `filled` slots hold I, A, A^2,
/// A^3, A^6 (count may exceed filled: later slots are scratch).
Tensor matrixPowers(const Tensor& A, int64_t count, int64_t filled)
{
    const int64_t n = A.size(-1);
    Tensor powers = kernel::newTensor({count, A.size(0), n, n}, A.dtype(), A.device());
    Tensor identity = select(powers, 0, 0);
    copyInplace(identity, diagEmbed(ones({A.size(0), n}, A.dtype(), A.device())));
    Tensor first = select(powers, 0, 1);
    copyInplace(first, A);
    // A^2 = A A, A^3 = A A^2, A^6 = A^3 A^3
    constexpr std::array<std::array<int64_t, 2>, 3> factors = {{{1, 1}, {1, 2}, {3, 3}}};
    for (int64_t slot = 2; slot < filled; ++slot) {
        Tensor power = select(powers, 0, slot);
        const auto [x, y] = factors[size_t(slot - 2)];
        copyInplace(power, bmm(select(powers, 0, x), select(powers, 0, y)));
    }
    return powers;
}

/// _compute_linear_combination: row r of the result is sum_j coefficients[r][j] * in[j]
/// over the leading dim of `in` (contiguous), accumulated as Note [The products and sums of
/// mexp] says.
template <typename T, size_t Rows, size_t Cols>
Tensor linearCombination(const Tensor& in, const std::array<std::array<T, Cols>, Rows>& coefficients)
{
    const Tensor source = contiguous(in);
    const int64_t stride = source.numel() / source.size(0);
    IntList sizes = source.sizes();
    sizes[0] = int64_t(Rows);
    Tensor out = kernel::newTensor(sizes, source.dtype(), source.device());
    const T* x = source.data<T>();
    T* y = out.data<T>();
    for (size_t r = 0; r < Rows; ++r)
        for (int64_t e = 0; e < stride; ++e) {
            T acc = T(0);
            for (size_t j = 0; j < Cols; ++j)
                acc = std::fma(x[int64_t(j) * stride + e], coefficients[r][j], acc);
            y[int64_t(r) * stride + e] = acc;
        }
    return out;
}

/// _linear_combination: one row, its leading dim dropped.
template <typename T, size_t Cols>
Tensor linearCombination(const Tensor& in, const std::array<T, Cols>& coefficients)
{
    return select(linearCombination<T, 1, Cols>(in, {coefficients}), 0, 0);
}

/// I + A
Tensor taylorDegree1(const Tensor& A) { return sum(matrixPowers(A, 2, 2), {0}); }

/// I + A + A^2 / 2
Tensor taylorDegree2(const Tensor& A)
{
    Tensor powers = matrixPowers(A, 3, 3);
    Tensor square = select(powers, 0, 2);
    divInplace(square, Scalar(2.0));
    return sum(powers, {0});
}

/// I + A + A^2 (I / 2 + A / 6 + A^2 / 24)
template <typename T>
Tensor taylorDegree4(const Tensor& A)
{
    Tensor powers = matrixPowers(A, 4, 3);
    Tensor product = select(powers, 0, 3);
    copyInplace(product, bmm(select(powers, 0, 2),
                             linearCombination<T, 3>(narrow(powers, 0, 0, 3), {T(1 / 2.0), T(1 / 6.0), T(1 / 24.0)})));
    return linearCombination<T, 4>(powers, {T(1.0), T(1.0), T(0.0), T(1.0)});
}

/// I + A + y2 A^2 + A8, A8 = (x3 A^2 + A4)(x4 I + x5 A + x6 A^2 + x7 A4), A4 = A^2 (x1 A + x2 A^2)
template <typename T>
Tensor taylorDegree8(const Tensor& A)
{
    constexpr T sqrt177 = 0.1330413469565007072504e+2;
    constexpr T x3 = 2. / 3.;
    constexpr T x1 = x3 * ((1. + sqrt177) / 88.);
    constexpr T x2 = x3 * ((1. + sqrt177) / 352.);
    constexpr T x4 = (-271. + 29. * sqrt177) / (315. * x3);
    constexpr T x5 = (-11. + 11. * sqrt177) / (1260. * x3);
    constexpr T x6 = (-99. + 11. * sqrt177) / (5040. * x3);
    constexpr T x7 = (89. - sqrt177) / (5040. * x3);
    constexpr T y2 = (857. - 58. * sqrt177) / 630.;

    Tensor powers = matrixPowers(A, 5, 3);
    Tensor a4 = select(powers, 0, 3);
    copyInplace(a4, bmm(select(powers, 0, 2), linearCombination<T, 2>(narrow(powers, 0, 1, 2), {x1, x2})));
    Tensor a8 = select(powers, 0, 4);
    copyInplace(a8, bmm(linearCombination<T, 2>(narrow(powers, 0, 2, 2), {x3, T(1.0)}),
                        linearCombination<T, 4>(narrow(powers, 0, 0, 4), {x4, x5, x6, x7})));
    return linearCombination<T, 5>(powers, {T(1.0), T(1.0), y2, T(0.0), T(1.0)});
}

template <typename T>
Tensor taylorDegree12(const Tensor& A)
{
    constexpr std::array<std::array<T, 4>, 4> b = {{
        {T(9.0198e-16), T(0.46932117595418237389), T(-0.20099424927047284052), T(-0.04623946134063071740)},
        {T(5.31597895759871264183), T(1.19926790417132231573), T(0.01179296240992997031), T(0.01108844528519167989)},
        {T(0.18188869982170434744), T(0.05502798439925399070), T(0.09351590770535414968), T(0.00610700528898058230)},
        {T(-2.0861320e-13), T(-0.13181061013830184015), T(-0.02027855540589259079), T(-0.00675951846863086359)},
    }};
    const Tensor Bs = linearCombination<T, 4, 4>(matrixPowers(A, 4, 4), b);
    Tensor b0 = select(Bs, 0, 0), b1 = select(Bs, 0, 1), b2 = select(Bs, 0, 2);
    const Tensor b3 = select(Bs, 0, 3);
    // B2 += B3 B3 (the A^6 terms), then B0 + (B1 + B2) B2
    addInplace(b2, bmm(b3, b3));
    return addInplace(b0, bmm(addInplace(b1, b2), b2));
}

template <typename T>
Tensor taylorDegree18(const Tensor& A)
{
    constexpr std::array<std::array<T, 5>, 5> b = {{
        {T(0.), T(-1.00365581030144618291e-01), T(-8.02924648241156932449e-03), T(-8.92138498045729985177e-04),
         T(0.)},
        {T(0.), T(3.97849749499645077844e-01), T(1.36783778460411720168e+00), T(4.98289622525382669416e-01),
         T(-6.37898194594723280150e-04)},
        {T(-1.09676396052962061844e+01), T(1.68015813878906206114e+00), T(5.71779846478865511061e-02),
         T(-6.98210122488052056106e-03), T(3.34975017086070470649e-05)},
        {T(-9.04316832390810593223e-02), T(-6.76404519071381882256e-02), T(6.75961301770459654925e-02),
         T(2.95552570429315521194e-02), T(-1.39180257516060693404e-05)},
        {T(0.), T(0.), T(-9.23364619367118555360e-02), T(-1.69364939002081722752e-02),
         T(-1.40086798182036094347e-05)},
    }};
    const Tensor Bs = linearCombination<T, 5, 5>(matrixPowers(A, 5, 5), b);
    Tensor b1 = select(Bs, 0, 1), b2 = select(Bs, 0, 2), b3 = select(Bs, 0, 3);
    const Tensor b0 = select(Bs, 0, 0), b4 = select(Bs, 0, 4);
    // A9 = B0 B4 + B3, then B1 + (B2 + A9) A9
    addInplace(b3, bmm(b0, b4));
    return addInplace(b1, bmm(addInplace(b2, b3), b3));
}

/// compute_T18_scale_square for one matrix of 1-norm `norm`: degree 18 on A / 2^s with
/// s = max(0, ceil(log2(norm / theta))), then s squarings.
template <typename T>
Tensor scaledAndSquared(const Tensor& A, const Tensor& norm)
{
    const Tensor exponent = ceil(log2(div(norm, Scalar(double(kDegreeThetas<T>[5])))));
    const T ceiling = kernel::dense(exponent).template data<T>()[0];
    const int64_t s = ceiling > T(0) ? int64_t(ceiling) : 0;
    // pow(2, s) is an int64 tensor in 1.13: it wraps to 0 from s = 64 on.
    uint64_t power = 1;
    for (int64_t i = 0; i < s; ++i)
        power *= 2;
    const Tensor scaled = div(A, full({1, 1, 1}, Scalar(int64_t(power)), ScalarType::Int64));
    Tensor result = select(taylorDegree18<T>(scaled), 0, 0);
    for (int64_t i = 0; i < s; ++i)
        result = mm(result, result);
    return result;
}

/// mexp_impl on a contiguous (batch, n, n) tensor, n >= 2.
template <typename T>
Tensor matrixExponential(const Tensor& a)
{
    const std::array<T, 6>& thetas = kDegreeThetas<T>;
    Tensor result = kernel::newTensor(a.sizes(), a.dtype(), a.device());
    const Tensor norms = kernel::dense(max(sum(abs(a), {-2}), -1).first);
    const T* norm = norms.data<T>();
    for (int64_t i = 0; i < a.size(0); ++i) {
        const Tensor A = batchOfOne(a, i);
        Tensor exponential;
        if (norm[i] >= thetas[4]) {
            exponential = scaledAndSquared<T>(A, narrow(norms, 0, i, 1));
        } else if (norm[i] <= thetas[0]) {
            exponential = taylorDegree1(A);
        } else if (norm[i] <= thetas[1]) {
            exponential = taylorDegree2(A);
        } else if (norm[i] <= thetas[2]) {
            exponential = taylorDegree4<T>(A);
        } else if (norm[i] <= thetas[3]) {
            exponential = taylorDegree8<T>(A);
        } else if (norm[i] <= thetas[4]) {
            exponential = taylorDegree12<T>(A);
        } else {
            // A NaN norm falls in no interval: 1.13 leaves that matrix's memory unwritten.
            exponential = full({a.size(-2), a.size(-1)}, Scalar(NAN), a.dtype(), a.device());
        }
        Tensor slot = narrow(result, 0, i, 1);
        copyInplace(slot, exponential);
    }
    return result;
}

/// linalg_matrix_exp_differential: the upper right block of exp([[B, E], [0, B]]) with B = A
/// (forward mode) or A^H (`adjoint`, the backward), the Frechet derivative of exp at B in E.
Tensor matrixExpDifferential(const Tensor& A, const Tensor& E, bool adjoint)
{
    const Tensor B = adjoint ? transpose(A, -2, -1) : A;
    const int64_t n = A.size(-1);
    IntList sizes = B.sizes();
    sizes[sizes.size() - 2] *= 2;
    sizes.back() *= 2;
    Tensor block = zeros(sizes, E.dtype(), E.device());
    Tensor topLeft = narrow(narrow(block, -2, 0, n), -1, 0, n);
    copyInplace(topLeft, B);
    Tensor bottomRight = narrow(narrow(block, -2, n, n), -1, n, n);
    copyInplace(bottomRight, B);
    Tensor topRight = narrow(narrow(block, -2, 0, n), -1, n, n);
    copyInplace(topRight, E);
    return narrow(narrow(linalgMatrixExp(block), -2, 0, n), -1, n, n);
}

}  // namespace

Tensor linalgMatrixExp(const Tensor& A)
{
    squareCheckInputs(A, "linalg.matrix_exp");
    checkFloatingOrComplex(A, "matrix_exp");
    const int64_t n = A.size(-1);
    Tensor result = quietly([&] {
        if (n == 0)
            return clone(A);
        if (n == 1)
            return exp(A);
        AGV_CHECK(A.dtype() == ScalarType::Float32 || A.dtype() == ScalarType::Float64, NotImplementedError,
                  "autogradviz: torch.linalg.matrix_exp supports float32 and float64 matrices only");
        const Tensor batch = contiguous(reshape(A, {-1, n, n}));
        return view(AGV_DISPATCH_FLOATING(A.dtype(), "linalg_matrix_exp",
                                          [&] { return matrixExponential<scalar_t>(batch); }),
                    A.sizes());
    });
    OpRecorder rec("LinalgMatrixExpBackward0", {&A}, [](BackwardNode& node, const variable_list& g) {
        return variable_list{matrixExpDifferential(node.saved(0), g[0], /*adjoint=*/true)};
    });
    rec.forward([&](const InputTangents& t, const Tensor&) {
        return matrixExpDifferential(t.primal(0), t[0], /*adjoint=*/false);
    });
    if (rec.active())
        rec.save("self", A);
    return rec.finish(result);
}

}  // namespace agv::ops
