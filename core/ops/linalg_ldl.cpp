// torch.linalg.ldl_factor(_ex) and ldl_solve (linalg_lapack.h) as PyTorch 1.13 computes
// them: the lower triangle of A factored in place by LAPACK's sytrf into a column-major LD,
// solved with sytrs; neither has a derivative in 1.13 (Note [NotImplemented nodes]).

#include <string>

#include "core/ops/kernels.h"
#include "core/ops/lapack.h"
#include "core/ops/linalg_checks.h"
#include "core/ops/linalg_lapack.h"
#include "core/ops/no_derivative.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"

namespace agv::ops {

namespace {

/// The column-major strides of batched_matrix_contiguous_strides(sizes, /*f_contig=*/true).
Tensor newColumnMajor(const IntList& sizes, ScalarType dtype, Device device)
{
    IntList transposed = sizes;
    std::swap(transposed[transposed.size() - 1], transposed[transposed.size() - 2]);
    return transpose(kernel::newTensor(transposed, dtype, device), -2, -1);
}

/// The first nonzero info of sytrf has no message in 1.13's _linalg_check_errors: it ends in
/// its internal assert.
void checkLdlErrors(const Tensor& info, const std::string& apiName)
{
    const Tensor codes = kernel::dense(info);
    const int* data = codes.data<int>();
    for (int64_t i = 0; i < codes.numel(); ++i)
        if (data[i] != 0)
            throw Error(PyExc::RuntimeError,
                        "false INTERNAL ASSERT FAILED at \"./aten/src/ATen/native/BatchLinearAlgebra.cpp\":1491, please "
                        "report a bug to PyTorch. " +
                            apiName + ": Unknown error code: " + std::to_string(data[i]) + ".");
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor> linalgLdlFactorEx(const Tensor& A, bool hermitian, bool checkErrors)
{
    squareCheckInputs(A, "torch.linalg.ldl_factor_ex");
    checkFloatingOrComplex(A, "torch.linalg.ldl_factor_ex");
    const IntList batch(A.sizes().begin(), A.sizes().end() - 2);
    IntList pivotShape = batch;
    pivotShape.push_back(A.size(-1));
    Tensor LD = newColumnMajor(A.sizes(), A.dtype(), A.device());
    Tensor pivots = kernel::newTensor(pivotShape, ScalarType::Int32, A.device());
    Tensor info = zeros(batch, ScalarType::Int32, A.device());
    if (A.numel() != 0) {
        // Only the lower triangle is factored (1.13 has no upper= in its API); hermitian
        // changes nothing for real matrices (sytrf either way).
        quietly([&] { kernel::copyInto(LD, tril(A)); });
        lapack::ldlFactorInPlace(LD, pivots, info);
        if (checkErrors)
            checkLdlErrors(info, "torch.linalg.ldl_factor_ex");
    }
    LD = notImplementedRecorder("linalg_ldl_factor_ex", {&A}).finish(std::move(LD));
    return {LD, pivots, info};
}

std::pair<Tensor, Tensor> linalgLdlFactor(const Tensor& A, bool hermitian)
{
    auto [LD, pivots, info] = linalgLdlFactorEx(A, hermitian, false);
    checkLdlErrors(info, "torch.linalg.ldl_factor");
    return {LD, pivots};
}

Tensor linalgLdlSolve(const Tensor& LD, const Tensor& pivots, const Tensor& B, bool hermitian)
{
    squareCheckInputs(LD, "torch.linalg.ldl_solve");
    checkFloatingOrComplex(LD, "torch.linalg.ldl_solve");
    linearSolveCheckInputs(B, LD, "torch.linalg.ldl_solve");
    AGV_CHECK(B.dim() >= 2, RuntimeError, "torch.linalg.ldl_solve: Expected B to have at least 2 dimensions, but it has ",
              B.dim(), " dimensions instead");
    const IntList expectedPivots(LD.sizes().begin(), LD.sizes().end() - 1);
    AGV_CHECK(pivots.sizes() == expectedPivots, RuntimeError,
              "torch.linalg.ldl_solve: Expected LD.shape[:-1] and pivots.shape to be the same, but got pivots with "
              "shape ",
              sizesToString(pivots.sizes()), " instead");
    AGV_CHECK(isIntegralType(pivots.dtype(), false), RuntimeError,
              "torch.linalg.ldl_solve: Expected pivots to be integers. Got ", legacyDtypeShortName(pivots.dtype()));

    const auto [Bb, LDb] = lapack::broadcastBatchDims(B, LD);
    Tensor X = newColumnMajor(Bb.sizes(), B.dtype(), B.device());
    if (LD.numel() != 0 && pivots.numel() != 0) {
        quietly([&] {
            kernel::copyInto(X, Bb);
            const Tensor factors = lapack::columnMajorCopy(LD);
            const Tensor pivots32 = kernel::dense(kernel::convert(pivots, ScalarType::Int32));
            lapack::ldlSolveInPlace(factors, pivots32, X);
        });
    }
    return notImplementedRecorder("linalg_ldl_solve", {&LD, &B}).finish(std::move(X));
}

}  // namespace agv::ops
