// linalg.solve(_ex) and linalg.inv(_ex) (linalg_lapack.h): 1.13's _linalg_solve_ex, one
// LU factorisation and one getrs call per right-hand-side matrix, and inv_ex as the solve
// against the identity; derivatives.yaml's linalg_solve_backward and inv_ex formula.
//
// Note [Solving with the factors of A^T]
// As for det (see Note [Determinants from the factors of A^T] in linalg_det.cpp), a
// contiguous A is factored as A^T, whose column-major copy is A's own memory, and the
// system is then solved with those factors transposed (getrs trans = 'T').

#include "core/autograd/grad_mode.h"
#include "core/ops/kernels.h"
#include "core/ops/lapack.h"
#include "core/ops/linalg_checks.h"
#include "core/ops/linalg_lapack.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"

namespace agv::ops {

namespace {

Tensor mH(const Tensor& t) { return transpose(t, -2, -1); }

IntList batchShape(const Tensor& t) { return IntList(t.sizes().begin(), t.sizes().end() - 2); }

/// linalg_solve_is_vector_rhs: B is a vector, or a batch of vectors with A's batch shape.
bool isVectorRhs(const Tensor& A, const Tensor& B)
{
    if (B.dim() == 1)
        return true;
    if (A.dim() == 0 || A.dim() - 1 != B.dim())
        return false;
    return IntList(A.sizes().begin(), A.sizes().end() - 1) == B.sizes();
}

/// batched_matrix_contiguous_strides: contiguous, with each matrix column-major when asked.
IntList batchedMatrixStrides(const IntList& sizes, bool columnMajor)
{
    IntList strides(sizes.size());
    int64_t stride = 1;
    for (size_t d = sizes.size(); d-- > 0;) {
        strides[d] = stride;
        stride *= std::max<int64_t>(sizes[d], 1);
    }
    if (columnMajor && sizes.size() >= 2) {
        strides[sizes.size() - 2] = 1;
        strides[sizes.size() - 1] = std::max<int64_t>(sizes[sizes.size() - 2], 1);
    }
    return strides;
}

/// See Note [Solving with the factors of A^T]
bool factorsTranspose(const Tensor& A) { return A.isContiguous(); }

lapack::LuFactors solverFactors(const Tensor& A)
{
    return lapack::luFactor(factorsTranspose(A) ? quietly([&] { return mH(A); }) : A);
}

/// linalg_solve_backward: gB = A^{-H} gX, gA = -gB X^H (X^H gB for XA = B).
variable_list solveBackward(BackwardNode& n, const variable_list& g, bool left)
{
    const Tensor A = n.saved(0), LU = n.saved(1), pivots = n.saved(2), X = n.saved(3);
    const bool gradA = A.requiresGrad(), gradB = n.needsInputGrad(1);
    if (!g[0].defined() || (!gradA && !gradB))
        return variable_list{Tensor(), Tensor()};
    const bool vectorCase = isVectorRhs(LU, X);
    const auto toMatrix = [vectorCase](const Tensor& t) { return vectorCase ? unsqueeze(t, -1) : t; };
    const Tensor gB = GradMode::isEnabled()
                          ? linalgSolve(mH(A), toMatrix(g[0]), left)
                          : quietly([&] {
                                return lapack::luSolve(LU, pivots, toMatrix(g[0]), left, !factorsTranspose(A));
                            });
    Tensor gA;
    if (gradA)
        gA = left ? neg(matmul(gB, mH(toMatrix(X)))) : neg(matmul(mH(toMatrix(X)), gB));
    return variable_list{gA, gradB ? (vectorCase ? squeeze(gB, -1) : gB) : Tensor()};
}

}  // namespace

std::pair<Tensor, Tensor> linalgSolveEx(const Tensor& A, const Tensor& B, bool left, bool checkErrors)
{
    checkFloatingOrComplex(A, "linalg.solve");
    AGV_CHECK(A.dtype() == B.dtype(), RuntimeError,
              "linalg.solve: Expected A and B to have the same dtype, but found A of type ",
              legacyDtypeShortName(A.dtype()), " and B of type ", legacyDtypeShortName(B.dtype()), " instead");
    const bool vectorCase = isVectorRhs(A, B);
    const Tensor matrixB = vectorCase ? quietly([&] { return unsqueeze(B, -1); }) : B;
    checkInputsSolver(A, matrixB, left, "linalg.solve");
    IntList shape = broadcastShapes(batchShape(matrixB), batchShape(A));
    AGV_CHECK(left || !vectorCase, RuntimeError,
              "linalg.solve: Vector broadcasting of the left hand side is not supported for left=False. In this case "
              "linalg.solve is equivalent to B / A.squeeze(-1)");
    const lapack::LuFactors f = solverFactors(A);
    if (checkErrors)
        checkLinalgErrors(f.info, "torch.linalg.solve_ex", A.dim() == 2);
    Tensor X = lapack::luSolve(f.LU, f.pivots, matrixB, left, /*adjoint=*/factorsTranspose(A));
    if (vectorCase) {
        // 1.13 lays a vector result out as if it were a matrix of its shape (a (b, n)
        // result gets strides (1, b)), with column-major strides.
        shape.push_back(A.size(-1));
        Tensor out = kernel::newStridedTensor(shape, batchedMatrixStrides(shape, true), X.dtype(), X.device());
        kernel::copyInto(out, quietly([&] { return squeeze(X, -1); }));
        X = out;
    }
    OpRecorder rec("LinalgSolveExBackward0", {&A, &B},
                   [left](BackwardNode& n, const variable_list& g) { return solveBackward(n, g, left); });
    if (rec.active()) {
        rec.save("A", A);
        rec.attr("left", left);
        rec.save("LU", f.LU);
        rec.save("pivots", f.pivots);
    }
    X = rec.finish(X);
    if (rec.active())
        rec.node()->save("result", X, /*isOutput=*/true);
    announceTensor(f.info);
    return {X, f.info};
}

Tensor linalgSolve(const Tensor& A, const Tensor& B, bool left)
{
    auto [X, info] = linalgSolveEx(A, B, left);
    checkLinalgErrors(info, "torch.linalg.solve", A.dim() == 2);
    return X;
}

std::pair<Tensor, Tensor> linalgInvEx(const Tensor& A, bool checkErrors)
{
    squareCheckInputs(A, "linalg.inv");
    checkFloatingOrComplex(A, "linalg.inv", /*allowLowPrecision=*/false);
    const lapack::LuFactors f = solverFactors(A);
    if (checkErrors)
        checkLinalgErrors(f.info, "linalg.inv_ex", A.dim() == 2);
    const Tensor identity = quietly([&] {
        const int64_t n = A.size(-1);
        return expand(eye(n, n, A.dtype(), A.device()), A.sizes());
    });
    Tensor inverse = lapack::luSolve(f.LU, f.pivots, identity, /*left=*/true, /*adjoint=*/factorsTranspose(A));
    OpRecorder rec("LinalgInvExBackward0", {&A}, [](BackwardNode& n, const variable_list& g) {
        // -inverse^H @ (grad @ inverse^H)
        const Tensor inverseSaved = n.saved(0);
        return variable_list{neg(matmul(mH(inverseSaved), matmul(g[0], mH(inverseSaved))))};
    });
    // derivatives.yaml: inverse: -at::matmul(at::matmul(inverse, A_t), inverse)
    rec.forward([](const InputTangents& t, const Tensor& result) { return neg(matmul(matmul(result, t[0]), result)); });
    inverse = rec.finishSavingResult(inverse, "inverse");
    announceTensor(f.info);
    return {inverse, f.info};
}

Tensor linalgInv(const Tensor& A)
{
    auto [inverse, info] = linalgInvEx(A);
    checkLinalgErrors(info, "linalg.inv", A.dim() == 2);
    return inverse;
}

}  // namespace agv::ops
