// linalg.solve_triangular and the deprecated torch.triangular_solve (linalg_lapack.h): one
// trsm call per matrix as 1.13's linalg_solve_triangular_out and triangular_solve_out make
// it (lapack::solveTriangular, lapack::solveTriangularInPlace), batch dims broadcast, and
// derivatives.yaml's linalg_solve_triangular_backward and triangular_solve_backward.

#include "core/ops/kernels.h"
#include "core/ops/lapack.h"
#include "core/ops/linalg_checks.h"
#include "core/ops/linalg_lapack.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/warning.h"

namespace agv::ops {

namespace {

Tensor mH(const Tensor& t) { return transpose(t, -2, -1); }

/// The triangle of a gradient that A's triangular structure lets through.
Tensor keepTriangle(const Tensor& t, bool upper, bool unitriangular)
{
    return upper ? triu(t, unitriangular ? 1 : 0) : tril(t, unitriangular ? -1 : 0);
}

/// linalg_solve_triangular_backward: gB = A^{-T} gX, gA = -gB X^T (-X^T gB for XA = B),
/// projected onto A's triangle.
variable_list solveTriangularBackward(BackwardNode& n, const variable_list& g, bool upper, bool left,
                                      bool unitriangular)
{
    const bool gradA = n.needsInputGrad(0), gradB = n.needsInputGrad(1);
    if (!g[0].defined() || (!gradA && !gradB))
        return variable_list{Tensor(), Tensor()};
    const Tensor A = n.saved(0), X = n.saved(1);
    const Tensor gB = linalgSolveTriangular(mH(A), g[0], !upper, left, unitriangular);
    if (!gradA)
        return variable_list{Tensor(), gB};
    const Tensor gA = left ? neg(matmul(gB, mH(X))) : neg(matmul(mH(X), gB));
    return variable_list{keepTriangle(gA, upper, unitriangular), gradB ? gB : Tensor()};
}

/// triangular_solve_backward: gb = op(A)^{-T} gX, gA = -gb X^T (-X gb^T when transposed),
/// projected onto A's triangle, plus the gradient of the returned copy of A.
variable_list triangularSolveBackward(BackwardNode& n, const variable_list& g, bool upper, bool transposeA,
                                      bool unitriangular)
{
    const Tensor& gX = g[0];
    const Tensor& gM = g[1];
    if (!gX.defined() && !gM.defined())
        return variable_list{Tensor(), Tensor()};
    const Tensor b = n.saved(0), A = n.saved(1), X = n.saved(2);
    Tensor gb, gA;
    if (gX.defined()) {
        gb = triangularSolve(gX, A, upper, !transposeA, unitriangular).first;
        if (n.needsInputGrad(1))
            gA = keepTriangle(transposeA ? neg(matmul(X, mH(gb))) : neg(matmul(gb, mH(X))), upper, unitriangular);
    }
    if (!gA.defined())
        gA = expand(zeros({1}, A.dtype(), A.device()), A.sizes());
    if (!gb.defined())
        gb = expand(zeros({1}, b.dtype(), b.device()), b.sizes());
    if (n.needsInputGrad(1) && gM.defined())
        gA = add(gA, gM);
    return variable_list{gb, gA};
}

const char* const kTriangularSolveDeprecated =
    "torch.triangular_solve is deprecated in favor of torch.linalg.solve_triangularand will be removed in a future "
    "PyTorch release.\ntorch.linalg.solve_triangular has its arguments reversed and does not return a copy of one "
    "of the inputs.\nX = torch.triangular_solve(B, A).solution\nshould be replaced with\nX = "
    "torch.linalg.solve_triangular(A, B). (Triggered internally at  "
    "./aten/src/ATen/native/BatchLinearAlgebra.cpp:2115.)";

}  // namespace

Tensor linalgSolveTriangular(const Tensor& A, const Tensor& B, bool upper, bool left, bool unitriangular)
{
    checkInputsSolver(A, B, left, "linalg.solve_triangular");
    const std::pair<Tensor, Tensor> broadcast = lapack::broadcastBatchDims(B, A);
    const Tensor& factor = broadcast.second;
    // The result has A's dtype: 1.13 copies B into an output made with A's options.
    const Tensor rhs = broadcast.first.dtype() == factor.dtype()
                           ? broadcast.first
                           : quietly([&] { return toDtype(broadcast.first, factor.dtype()); });
    Tensor X = lapack::solveTriangular(factor, rhs, upper, left, unitriangular);
    OpRecorder rec("LinalgSolveTriangularBackward0", {&A, &B},
                   [upper, left, unitriangular](BackwardNode& n, const variable_list& g) {
                       return solveTriangularBackward(n, g, upper, left, unitriangular);
                   });
    if (rec.active()) {
        rec.save("self", A);
        rec.attr("upper", upper);
        rec.attr("left", left);
        rec.attr("unitriangular", unitriangular);
    }
    // linalg_solve_triangular_forward_AD: X_t = A^{-1} (B_t - tri(A_t) X) (X (...) A^{-1} on the right)
    rec.forward([upper, left, unitriangular](const InputTangents& t, const Tensor& result) {
        const Tensor projected = keepTriangle(t[0], upper, unitriangular);
        const Tensor correction = left ? matmul(projected, result) : matmul(result, projected);
        const Tensor rhs = subTangentTerms(t[1], t.isZero(1), correction, t.isZero(0));
        return linalgSolveTriangular(t.primal(0), rhs, upper, left, unitriangular);
    });
    return rec.finishSavingResult(X, "result");
}

std::pair<Tensor, Tensor> triangularSolve(const Tensor& b, const Tensor& A, bool upper, bool transposeA,
                                          bool unitriangular)
{
    static bool warned = false;  // TORCH_WARN_ONCE
    if (!warned) {
        warned = true;
        warn("UserWarning", kTriangularSolveDeprecated);
    }
    AGV_CHECK(b.dim() >= 2, RuntimeError, "torch.triangular_solve: Expected b to have at least 2 dimensions, but it has ",
              b.dim(), " dimensions instead");
    AGV_CHECK(A.dim() >= 2, RuntimeError, "torch.triangular_solve: Expected A to have at least 2 dimensions, but it has ",
              A.dim(), " dimensions instead");
    linearSolveCheckInputs(b, A, "triangular_solve");
    auto [b_, A_] = lapack::broadcastBatchDims(b, A);
    Tensor solution = lapack::columnMajorCopy(b_);
    Tensor clonedA = lapack::columnMajorCopy(A_);
    lapack::solveTriangularInPlace(clonedA, solution, upper, transposeA, unitriangular);
    OpRecorder rec("TriangularSolveBackward0", {&b, &A},
                   [upper, transposeA, unitriangular](BackwardNode& n, const variable_list& g) {
                       return triangularSolveBackward(n, g, upper, transposeA, unitriangular);
                   });
    if (rec.active()) {
        rec.save("self", b);
        rec.save("A", A);
        rec.attr("upper", upper);
        rec.attr("transpose", transposeA);
        rec.attr("unitriangular", unitriangular);
    }
    // derivatives.yaml: solution: triangular_solve_jvp (generic_solve_jvp: the system solved
    // again for dB - dA X, dA whole and untransposed as 1.13 takes it); cloned_coefficient: A_t.
    rec.forwardEach([upper, transposeA, unitriangular](const InputTangents& t, const TensorList& outs) {
        const Tensor& X = outs[0];
        const Tensor dB = t[0], dA = t[1];
        const bool vectorCase = dB.dim() == 1 || (dA.dim() - 1 == dB.dim() &&
                                                  IntList(dB.sizes()) == IntList(dA.sizes().begin(), dA.sizes().end() - 1));
        const Tensor dAContribution = vectorCase ? squeeze(matmul(dA, unsqueeze(X, -1)), -1) : matmul(dA, X);
        const Tensor rhs = subTangentTerms(dB, t.isZero(0), dAContribution, t.isZero(1));
        const Tensor dX = triangularSolve(rhs, t.primal(1), upper, transposeA, unitriangular).first;
        return TensorList{dX, t.isZero(1) ? Tensor() : dA};
    });
    const TensorList outs = rec.finish(TensorList{solution, clonedA});
    if (rec.active())
        rec.node()->save("solution", outs[0], /*isOutput=*/true);
    return {outs[0], outs[1]};
}

}  // namespace agv::ops
