// linalg.det, linalg.slogdet and logdet (linalg_lapack.h): 1.13's _linalg_det and
// _linalg_slogdet kernels over one LU factorisation, and derivatives.yaml's
// linalg_det_backward / slogdet_backward.
//
// Note [Determinants from the factors of A^T]
// det(A^T) = det(A), and a contiguous A already lies in memory as the column-major A^T
// that getrf reads, so 1.13 factors A.mT() when A is contiguous (saving a copy) and A
// otherwise. The factors, hence the bits of det, differ between the two; so do the
// backward's lu_solve calls, which solve with A^T's factors transposed back (adjoint).

#include <cmath>
#include <limits>

#include "core/autograd/grad_mode.h"
#include "core/ops/einsum.h"
#include "core/ops/kernels.h"
#include "core/ops/lapack.h"
#include "core/ops/linalg_checks.h"
#include "core/ops/linalg_lapack.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/ops/shape_extra.h"

namespace agv::ops {

namespace {

/// See Note [Determinants from the factors of A^T]
bool factorsTranspose(const Tensor& A) { return A.isContiguous(); }

lapack::LuFactors determinantFactors(const Tensor& A)
{
    return lapack::luFactor(factorsTranspose(A) ? quietly([&] { return transpose(A, -2, -1); }) : A);
}

/// lu_det_P: the permutation's determinant, +1 or -1 per matrix, as int64 (1.13 builds it
/// from integer ops, so it enters the product as an int64 tensor).
Tensor permutationSign(const Tensor& pivots)
{
    const IntList batch(pivots.sizes().begin(), pivots.sizes().end() - 1);
    Tensor sign = kernel::newTensor(batch, ScalarType::Int64, pivots.device());
    const Tensor p = kernel::dense(pivots);
    const int64_t n = pivots.size(-1);
    const int* data = p.data<int>();
    int64_t* out = sign.data<int64_t>();
    for (int64_t i = 0; i < sign.numel(); ++i) {
        int64_t swaps = 0;
        for (int64_t j = 0; j < n; ++j)
            swaps += data[i * n + j] != j + 1;
        out[i] = 1 - 2 * (swaps % 2);
    }
    return sign;
}

Tensor diagonalOf(const Tensor& matrices) { return diagonal(matrices, 0, -2, -1); }

/// diag_embed(values.unsqueeze(-1).expand_as(pivots)): the right-hand side the backward
/// formulas solve against, values times the identity.
Tensor scaledIdentity(const Tensor& values, const Tensor& pivots)
{
    return transpose(diagEmbed(expand(unsqueeze(values, -1), pivots.sizes())), -2, -1);
}

/// LU + diag_embed(where(diag(LU) == 0, eps, 0)): a singular U nudged to an invertible one,
/// so the gradient of det at a singular matrix is the limit of its neighbours' (1.13 adds
/// the zeros too, turning every -0 of LU into +0).
Tensor perturbedFactors(const Tensor& LU)
{
    Tensor out = lapack::columnMajorCopy(LU);
    const int64_t n = LU.size(-1);
    AGV_DISPATCH_FLOATING(LU.dtype(), "linalg_det_backward", [&] {
        using T = scalar_t;
        const T eps = std::numeric_limits<T>::epsilon();
        T* data = out.data<T>();
        for (int64_t m = 0; m < out.numel() / (n * n); ++m)
            for (int64_t col = 0; col < n; ++col)
                for (int64_t row = 0; row < n; ++row) {
                    T& v = data[(m * n + col) * n + row];
                    v = v + (row == col && v == T(0) ? eps : T(0));
                }
    });
    return out;
}

/// The gradient solve both formulas end with, outside create_graph: lu_solve with the saved
/// factors (adjoint unless they are A^T's, see Note [Determinants from the factors of A^T]).
Tensor solveWithSavedFactors(const Tensor& A, const Tensor& LU, const Tensor& pivots, const Tensor& rhs)
{
    return lapack::luSolve(LU, pivots, rhs, /*left=*/true, /*adjoint=*/!factorsTranspose(A));
}

/// prod_safe_zeros_backward: grad times the product of the other entries along `dim`, from
/// exclusive cumulative products taken from both ends (exact where entries are zero).
Tensor prodSafeZerosBackward(const Tensor& grad, const Tensor& input, int64_t dim)
{
    if (input.numel() == 0)
        return expand(grad, input.sizes());
    const int64_t size = input.size(dim);
    if (size == 1)
        return grad;
    IntList onesShape = input.sizes();
    onesShape[dim] = 1;
    const Tensor ones_ = ones(onesShape, grad.dtype(), grad.device());
    const Tensor exclusiveNormal = cumprod(cat({ones_, narrow(input, dim, 0, size - 1)}, dim), dim);
    const Tensor exclusiveReverse =
        flip(cumprod(cat({ones_, flip(narrow(input, dim, 1, size - 1), {dim})}, dim), dim), {dim});
    return mul(grad, mul(exclusiveNormal, exclusiveReverse));
}

/// The gradient at a singular matrix, where det is not differentiable through A^{-1}: grad
/// times the adjugate's transpose, det(U) det(Vh) U diag(prod of the other singular values) Vh.
Tensor singularDetBackward(const Tensor& A, const Tensor& grad)
{
    const auto [U, S, Vh] = linalgSvd(A);
    const Tensor alpha = mul(mul(linalgDet(U), linalgDet(Vh)), grad);
    const Tensor D = prodSafeZerosBackward(unsqueeze(alpha, -1), S, S.dim() - 1);
    return matmul(mul(U, unsqueeze(D, -2)), Vh);
}

/// masked_fmap: `singular` on the matrices whose determinant is below 100 * eps in size,
/// the solve on the others, put back together in batch order.
Tensor splitBySingularity(const Tensor& det, const Tensor& A, const Tensor& rhs, const Tensor& grad)
{
    const double eps = det.dtype() == ScalarType::Float32 ? std::numeric_limits<float>::epsilon()
                                                          : std::numeric_limits<double>::epsilon();
    const Tensor mask = quietly([&] { return compare(abs(det), Scalar(100. * eps), CompareOp::Lt); });
    const auto nonSingular = [](const Tensor& a, const Tensor& d) { return linalgSolve(transpose(a, -2, -1), d); };
    const int64_t singularCount = quietly([&] { return indexWithTensor(A, mask).numel(); });
    if (singularCount == A.numel())
        return singularDetBackward(A, grad);
    if (singularCount == 0)
        return nonSingular(A, rhs);
    const Tensor others = logicalNot(mask);
    Tensor out = emptyLike(A);
    indexPutInplace(out, mask, singularDetBackward(indexWithTensor(A, mask), indexWithTensor(grad, mask)));
    indexPutInplace(out, others, nonSingular(indexWithTensor(A, others), indexWithTensor(rhs, others)));
    return out;
}

/// linalg_det_backward: solves A^H G = grad * det * I.
Tensor detBackward(const Tensor& grad, const Tensor& det, const Tensor& A, const Tensor& LU, const Tensor& pivots)
{
    if (!grad.defined() || A.numel() == 0)
        return Tensor();
    if (!GradMode::isEnabled()) {
        return quietly([&] {
            const Tensor rhs = scaledIdentity(mul(grad, det), pivots);
            return solveWithSavedFactors(A, perturbedFactors(LU), pivots, rhs);
        });
    }
    // create_graph: recorded ops (a solve, or the SVD at singular matrices), so the gradient
    // has a history in A.
    return splitBySingularity(det, A, scaledIdentity(mul(grad, det), pivots), grad);
}

/// slogdet_backward for real A: only logabsdet has a gradient, grad * A^{-T}.
Tensor slogdetBackward(const Tensor& gradLogabsdet, const Tensor& A, const Tensor& LU, const Tensor& pivots)
{
    if (!gradLogabsdet.defined())
        return Tensor();
    if (!GradMode::isEnabled())
        return quietly(
            [&] { return solveWithSavedFactors(A, LU, pivots, scaledIdentity(gradLogabsdet, pivots)); });
    return linalgSolve(transpose(A, -2, -1), scaledIdentity(gradLogabsdet, pivots));
}

}  // namespace

Tensor linalgDet(const Tensor& A)
{
    squareCheckInputs(A, "linalg.det");
    checkFloatingOrComplex(A, "linalg.det");
    const lapack::LuFactors f = determinantFactors(A);
    Tensor det = quietly([&] { return mul(permutationSign(f.pivots), prod(diagonalOf(f.LU), -1)); });
    OpRecorder rec("LinalgDetBackward0", {&A}, [](BackwardNode& n, const variable_list& g) {
        const Tensor A = n.saved(0), LU = n.saved(1), pivots = n.saved(2), det = n.saved(3);
        return variable_list{detBackward(g[0], det, A, LU, pivots)};
    });
    if (rec.active()) {
        rec.save("A", A);
        rec.save("LU", f.LU);
        rec.save("pivots", f.pivots);
    }
    return rec.finishSavingResult(det, "result");
}

std::pair<Tensor, Tensor> linalgSlogdet(const Tensor& A)
{
    squareCheckInputs(A, "linalg.slogdet");
    checkFloatingOrComplex(A, "linalg.slogdet", /*allowLowPrecision=*/false);
    const lapack::LuFactors f = determinantFactors(A);
    auto [sign, logabsdet] = quietly([&] {
        const Tensor diag = diagonalOf(f.LU);
        return std::pair{mul(prod(sgn(diag), -1), permutationSign(f.pivots)), sum(log(abs(diag)), {-1})};
    });
    OpRecorder rec("LinalgSlogdetBackward0", {&A}, [](BackwardNode& n, const variable_list& g) {
        const Tensor A = n.saved(0), LU = n.saved(1), pivots = n.saved(2);
        return variable_list{slogdetBackward(g[1], A, LU, pivots)};
    });
    if (rec.active()) {
        rec.save("A", A);
        rec.save("LU", f.LU);
        rec.save("pivots", f.pivots);
    }
    const TensorList outs = rec.finish(TensorList{sign, logabsdet});
    if (rec.active())
        rec.node()->save("sign", outs[0], /*isOutput=*/true);
    return {outs[0], outs[1]};
}

Tensor logdet(const Tensor& A)
{
    squareCheckInputs(A, "logdet");
    checkFloatingOrComplex(A, "logdet", /*allowLowPrecision=*/false);
    auto [sign, logabsdet] = linalgSlogdet(A);
    const Tensor nan = full({}, std::numeric_limits<double>::quiet_NaN(), logabsdet.dtype(), logabsdet.device());
    return where(compare(sign, Scalar(-1.0), CompareOp::Eq), nan, logabsdet);
}

}  // namespace agv::ops
