// linalg.cholesky(_ex) and the deprecated torch.cholesky (linalg_lapack.h): potrf on a
// column-major copy as 1.13's apply_cholesky calls it, and derivatives.yaml's
// cholesky_backward (Iain Murray's formula, two triangular solves); and the uses of a
// Cholesky factor, cholesky_solve (potrs) and cholesky_inverse (potri).

#include "core/autograd/forward_ad.h"
#include "core/autograd/forward_ad_decomposition.h"
#include "core/ops/einsum.h"
#include "core/ops/kernels.h"
#include "core/ops/lapack.h"
#include "core/ops/linalg_checks.h"
#include "core/ops/linalg_lapack.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/ops/shape_extra.h"
#include "core/warning.h"

namespace agv::ops {

namespace {

Tensor mH(const Tensor& t) { return transpose(t, -2, -1); }

/// cholesky_backward: gA = L^{-H} Phi(L^H gL) L^{-1}, symmetrised, where Phi takes the lower
/// triangle and halves the diagonal.
Tensor choleskyBackward(Tensor gL, bool upper, Tensor L)
{
    if (!gL.defined())
        return Tensor();
    if (upper) {
        L = mH(L);
        gL = mH(gL);
    }
    Tensor gA = tril(matmul(mH(L), gL));
    gA = mul(add(gA, mH(tril(gA, -1))), Scalar(0.5));
    gA = linalgSolveTriangular(mH(L), gA, /*upper=*/true, /*left=*/true);
    return linalgSolveTriangular(L, gA, /*upper=*/false, /*left=*/false);
}

/// cholesky_jvp: with A = L L^H, dL = L Phi(L^{-1} dA L^{-H}), Phi taking the lower triangle
/// and halving the diagonal (two triangular solves, then the product with L).
Tensor choleskyJvp(const Tensor& dA, const Tensor& factor, bool upper)
{
    const Tensor L = upper ? mH(factor) : factor;
    Tensor dL = linalgSolveTriangular(L, dA, /*upper=*/false, /*left=*/true);
    dL = linalgSolveTriangular(mH(L), dL, /*upper=*/true, /*left=*/false);
    dL = sub(tril(dL), diagEmbed(mul(diagonal(dL, 0, -2, -1), Scalar(0.5))));
    dL = matmul(L, dL);
    return upper ? mH(dL) : dL;
}

/// Zeroes the triangle a factor does not use (tril_ / triu_ on the column-major factor).
void keepTriangle(Tensor& factor, bool upper)
{
    const int64_t n = factor.size(-1);
    if (factor.numel() == 0)
        return;
    AGV_DISPATCH_FLOATING(factor.dtype(), "cholesky_cpu", [&] {
        using T = scalar_t;
        T* data = factor.data<T>();
        for (int64_t m = 0; m < factor.numel() / (n * n); ++m)
            for (int64_t col = 0; col < n; ++col)
                for (int64_t row = 0; row < n; ++row)
                    if (upper ? row > col : row < col)
                        data[(m * n + col) * n + row] = T(0);
    });
}

/// cholesky_solve_backward: gb = (L L^T)^{-1} gX and gL = -(gb X^T + X gb^T) L (L^T (...)
/// for an upper factor).
variable_list choleskySolveBackward(BackwardNode& n, const variable_list& g, bool upper)
{
    if (!g[0].defined())
        return variable_list{Tensor(), Tensor()};
    const Tensor factor = n.saved(0), X = n.saved(1);
    const Tensor gb = choleskySolve(g[0], factor, upper);
    Tensor gFactor;
    if (n.needsInputGrad(1)) {
        Tensor common = matmul(gb, mH(X));
        common = add(common, mH(common));
        gFactor = upper ? neg(matmul(factor, common)) : neg(matmul(common, factor));
    }
    return variable_list{gb, gFactor};
}

/// cholesky_inverse_backward: gL = -(A^{-1} (g + g^T) A^{-1}) L (L^T (...) for an upper factor).
Tensor choleskyInverseBackward(const Tensor& grad, const Tensor& factor, bool upper, const Tensor& inverse)
{
    if (!grad.defined())
        return Tensor();
    const Tensor common = matmul(inverse, matmul(add(grad, mH(grad)), inverse));
    return upper ? neg(matmul(factor, common)) : neg(matmul(common, factor));
}

const char* const kCholeskyDeprecated =
    "torch.cholesky is deprecated in favor of torch.linalg.cholesky and will be removed in a future PyTorch "
    "release.\nL = torch.cholesky(A)\nshould be replaced with\nL = torch.linalg.cholesky(A)\nand\nU = "
    "torch.cholesky(A, upper=True)\nshould be replaced with\nU = torch.linalg.cholesky(A).mH().\nThis transform "
    "will produce equivalent results for all valid (symmetric positive definite) inputs. (Triggered internally at  "
    "./aten/src/ATen/native/BatchLinearAlgebra.cpp:1615.)";

}  // namespace

std::pair<Tensor, Tensor> linalgCholeskyEx(const Tensor& A, bool upper, bool checkErrors)
{
    squareCheckInputs(A, "linalg.cholesky");
    checkFloatingOrComplex(A, "linalg.cholesky");
    Tensor factor;
    Tensor info;
    if (A.numel() == 0) {
        factor = lapack::columnMajorCopy(A);
        info = quietly([&] { return zeros(IntList(A.sizes().begin(), A.sizes().end() - 2), ScalarType::Int32); });
    } else {
        if (A.dtype() != ScalarType::Float32 && A.dtype() != ScalarType::Float64)
            throw AGV_DISPATCH_NOT_IMPLEMENTED(A.dtype(), "cholesky_cpu");
        // Only the triangle potrf reads is copied (1.13's triu_out / tril_out into L).
        factor = lapack::columnMajorCopy(quietly([&] { return upper ? triu(A) : tril(A); }));
        info = lapack::choleskyInPlace(factor, upper);
    }
    if (checkErrors)
        checkLinalgErrors(info, "linalg.cholesky_ex", A.dim() == 2);
    OpRecorder rec("LinalgCholeskyExBackward0", {&A}, [upper](BackwardNode& n, const variable_list& g) {
        return variable_list{choleskyBackward(g[0], upper, n.saved(0))};
    });
    if (rec.active())
        rec.attr("upper", upper);
    rec.forward([upper](const InputTangents& t, const Tensor& L) { return choleskyJvp(t[0], L, upper); });
    factor = rec.finishSavingResult(factor, "L");
    announceTensor(info);
    return {factor, info};
}

Tensor linalgCholesky(const Tensor& A, bool upper)
{
    auto [factor, info] = linalgCholeskyEx(A, upper);
    checkLinalgErrors(info, "linalg.cholesky", A.dim() == 2);
    return factor;
}

Tensor cholesky(const Tensor& A, bool upper)
{
    // 1.13 has no forward formula for cholesky; its autograd kernel refuses a dual input
    // before the kernel warns about the deprecation.
    if (forward_ad::hasTangent(&A))
        forward_ad::throwNoDecomposition("cholesky");
    static bool warned = false;  // TORCH_WARN_ONCE
    if (!warned) {
        warned = true;
        warn("UserWarning", kCholeskyDeprecated);
    }
    Tensor factor;
    if (A.numel() == 0) {
        factor = kernel::newTensor(A.sizes(), A.dtype(), A.device());
    } else {
        squareCheckInputs(A, "cholesky");
        factor = lapack::columnMajorCopy(A);
        const Tensor info = lapack::choleskyInPlace(factor, upper);
        checkLinalgErrors(info, "cholesky", A.dim() == 2);
        keepTriangle(factor, upper);
    }
    OpRecorder rec("CholeskyBackward0", {&A}, [upper](BackwardNode& n, const variable_list& g) {
        return variable_list{choleskyBackward(g[0], upper, n.saved(0))};
    });
    if (rec.active())
        rec.attr("upper", upper);
    return rec.finishSavingResult(factor, "result");
}

Tensor choleskySolve(const Tensor& b, const Tensor& factor, bool upper)
{
    AGV_CHECK(b.dim() >= 2, RuntimeError, "b should have at least 2 dimensions, but has ", b.dim(),
              " dimensions instead");
    AGV_CHECK(factor.dim() >= 2, RuntimeError, "u should have at least 2 dimensions, but has ", factor.dim(),
              " dimensions instead");
    linearSolveCheckInputs(b, factor, "cholesky_solve");
    const auto [b_, factor_] = lapack::broadcastBatchDims(b, factor);
    Tensor X = lapack::columnMajorCopy(b_);
    lapack::choleskySolveInPlace(lapack::columnMajorCopy(factor_), X, upper);
    OpRecorder rec("CholeskySolveBackward0", {&b, &factor}, [upper](BackwardNode& n, const variable_list& g) {
        return choleskySolveBackward(n, g, upper);
    });
    if (rec.active()) {
        rec.save("input2", factor);
        rec.attr("upper", upper);
    }
    return rec.finishSavingResult(X, "result");
}

Tensor choleskyInverse(const Tensor& factor, bool upper)
{
    squareCheckInputs(factor, "cholesky_inverse");
    Tensor result = lapack::columnMajorCopy(factor);
    const Tensor info = lapack::choleskyInverseInPlace(result, upper);
    checkLinalgErrors(info, "cholesky_inverse", result.dim() == 2);
    OpRecorder rec("CholeskyInverseBackward0", {&factor}, [upper](BackwardNode& n, const variable_list& g) {
        return variable_list{choleskyInverseBackward(g[0], n.saved(0), upper, n.saved(1))};
    });
    if (rec.active()) {
        rec.save("self", factor);
        rec.attr("upper", upper);
    }
    return rec.finishSavingResult(result, "result");
}

}  // namespace agv::ops
