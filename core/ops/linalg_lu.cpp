// linalg.lu_factor(_ex), linalg.lu, torch.lu_unpack and linalg.lu_solve / torch.lu_solve
// (linalg_lapack.h): getrf and getrs as 1.13 calls them (lapack::luFactor, lapack::luSolve),
// the unpacking of the factors, and derivatives.yaml's linalg_lu_backward,
// lu_factor_ex_backward, lu_unpack_backward and linalg_lu_solve_LU.
//
// Note [The permutation's output slot]
// P, the permutation matrix of lu and lu_unpack, has no derivative, yet it is output 0 of
// the node, so L and U are its outputs 1 and 2 (what next_functions show downstream). The
// node is given P's slot without P being attached to it: nothing ever sends a gradient
// there, so the backward's g[0] is always undefined.

#include <algorithm>
#include <tuple>
#include <vector>

#include "core/ops/einsum.h"
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

void checkPivotingOnCpu(bool pivot)
{
    AGV_CHECK(pivot, RuntimeError, "linalg.lu_factor: LU without pivoting is not implemented on the CPU");
}

/// The row permutation that getrf's 1-based swaps make, as a matrix P with A = P L U:
/// P[perm[j], j] = 1, in LU's dtype.
Tensor permutationMatrix(const Tensor& LU, const Tensor& pivots)
{
    const int64_t m = LU.size(-2), k = std::min(LU.size(-2), LU.size(-1));
    IntList shape(LU.sizes().begin(), LU.sizes().end() - 1);
    shape.push_back(m);
    Tensor P = quietly([&] { return zeros(shape, LU.dtype(), LU.device()); });
    const Tensor swaps = kernel::dense(pivots);
    const int* swapData = swaps.data<int>();
    const int64_t count = m == 0 ? 0 : P.numel() / (m * m);
    AGV_DISPATCH_FLOATING(LU.dtype(), "lu_unpack", [&] {
        using T = scalar_t;
        T* p = P.data<T>();
        std::vector<int64_t> perm(m);
        for (int64_t b = 0; b < count; ++b) {
            for (int64_t i = 0; i < m; ++i)
                perm[i] = i;
            for (int64_t i = 0; i < k; ++i)
                std::swap(perm[i], perm[swapData[b * k + i] - 1]);
            for (int64_t j = 0; j < m; ++j)
                p[b * m * m + perm[j] * m + j] = T(1);
        }
    });
    return P;
}

/// L (m x k, unit diagonal) and U (k x n) read off the packed factors, laid out
/// contiguously as lu_unpack's outputs are.
std::pair<Tensor, Tensor> unpackFactors(const Tensor& LU)
{
    return quietly([&] {
        const int64_t m = LU.size(-2), n = LU.size(-1);
        Tensor L = contiguous(tril(m > n ? LU : narrow(LU, -1, 0, m), -1));
        Tensor diagonalView = diagonal(L, 0, -2, -1);
        fillInplace(diagonalView, Scalar(1.0));
        Tensor U = contiguous(triu(m > n ? narrow(LU, -2, 0, n) : LU));
        return std::pair{L, U};
    });
}

/// linalg_lu_backward: the adjoint of A -> (L, U), for square, wide and tall A.
Tensor luBackward(const Tensor& gL, const Tensor& gU, const Tensor& P, const Tensor& L, const Tensor& U, bool pivot)
{
    if (!gL.defined() && !gU.defined())
        return Tensor();
    const int64_t m = L.size(-2), n = U.size(-1), k = std::min(m, n);
    if (m == n) {
        // P L^{-H} [L^H gL o 1_L + gU U^H o 1_U] U^{-H}
        Tensor gA = gL.defined() ? tril(matmul(mH(L), gL), -1) : Tensor();
        if (gU.defined())
            gA = gA.defined() ? add(gA, triu(matmul(gU, mH(U)))) : triu(matmul(gU, mH(U)));
        gA = linalgSolveTriangular(mH(U), gA, /*upper=*/false, /*left=*/false);
        gA = linalgSolveTriangular(mH(L), gA, /*upper=*/true, /*left=*/true, /*unitriangular=*/true);
        return pivot ? matmul(P, gA) : gA;
    }
    if (m < n) {
        // Wide: A1 gets P L^{-H} [gU1 + (L^H gL o 1_L - gU U^H o 1_L) U1^{-H}], A2 P L^{-H} gU2.
        const Tensor U1 = narrow(U, -1, 0, k);
        Tensor gA = gL.defined() ? matmul(mH(L), gL) : Tensor();
        if (gU.defined())
            gA = gA.defined() ? sub(gA, matmul(triu(gU), mH(U))) : neg(matmul(triu(gU), mH(U)));
        gA = linalgSolveTriangular(mH(U1), tril(gA, -1), /*upper=*/false, /*left=*/false);
        if (gU.defined())
            gA = cat({add(gA, triu(narrow(gU, -1, 0, k))), narrow(gU, -1, k, n - k)}, -1);
        gA = linalgSolveTriangular(mH(L), gA, /*upper=*/true, /*left=*/true, /*unitriangular=*/true);
        if (!gU.defined())
            gA = cat({gA, zerosLike(narrow(U, -1, k, n - k))}, -1);
        return pivot ? matmul(P, gA) : gA;
    }
    // Tall: A1 gets P [gL1 + L1^{-H} (gU U^H o 1_U - L^H gL o 1_U)] U^{-H}, A2 P gL2 U^{-H}.
    const Tensor L1 = narrow(L, -2, 0, k);
    Tensor gA = gU.defined() ? matmul(gU, mH(U)) : Tensor();
    if (gL.defined())
        gA = gA.defined() ? sub(gA, matmul(mH(L), tril(gL, -1))) : neg(matmul(mH(L), tril(gL, -1)));
    gA = linalgSolveTriangular(mH(L1), triu(gA), /*upper=*/true, /*left=*/true, /*unitriangular=*/true);
    if (gL.defined())
        gA = cat({add(gA, tril(narrow(gL, -2, 0, k), -1)), narrow(gL, -2, k, m - k)}, -2);
    gA = linalgSolveTriangular(mH(U), gA, /*upper=*/false, /*left=*/false);
    if (!gL.defined())
        gA = cat({gA, zerosLike(narrow(L, -2, k, m - k))}, -2);
    return pivot ? matmul(P, gA) : gA;
}

/// linalg_lu_jvp: (dL, dU) from dK = L1^{-1} P^T dA1 U1^{-1}: dL1 = L1 tril(dK, -1),
/// dU1 = triu(dK) U1, and the rest of the tall L or wide U from the remaining rows or columns.
std::pair<Tensor, Tensor> luTangents(const Tensor& dA, const Tensor& P, const Tensor& L, const Tensor& U, bool pivot)
{
    const int64_t m = dA.size(-2), n = dA.size(-1), k = std::min(m, n);
    const Tensor PdA = pivot ? matmul(transpose(P, -2, -1), dA) : dA;
    const Tensor PdA1 = narrow(narrow(PdA, -2, 0, k), -1, 0, k);
    const Tensor L1 = narrow(narrow(L, -2, 0, k), -1, 0, k);
    const Tensor U1 = narrow(narrow(U, -2, 0, k), -1, 0, k);
    Tensor dK = linalgSolveTriangular(L1, PdA1, /*upper=*/false, /*left=*/true, /*unitriangular=*/true);
    dK = linalgSolveTriangular(U1, dK, /*upper=*/true, /*left=*/false);
    const Tensor dL1 = matmul(L1, tril(dK, -1));
    const Tensor dU1 = matmul(triu(dK), U1);
    if (m == n)
        return {dL1, dU1};
    if (m < n) {
        const Tensor dU2 = sub(linalgSolveTriangular(L1, narrow(PdA, -1, k, n - k), /*upper=*/false, /*left=*/true,
                                                     /*unitriangular=*/true),
                               matmul(tril(dK, -1), narrow(U, -1, k, n - k)));
        return {dL1, cat({dU1, dU2}, -1)};
    }
    const Tensor dL2 = sub(linalgSolveTriangular(U1, narrow(PdA, -2, k, m - k), /*upper=*/true, /*left=*/false),
                           matmul(narrow(L, -2, k, m - k), triu(dK)));
    return {cat({dL1, dL2}, -2), dU1};
}

/// lu_factor_ex_jvp: the tangents of L and U packed as the factors are.
Tensor luFactorTangent(const Tensor& dA, const Tensor& LU, const Tensor& pivots, bool pivot)
{
    const auto [P, L, U] = luUnpack(LU, pivots, /*unpackData=*/true, /*unpackPivots=*/pivot);
    auto [dL, dU] = luTangents(dA, P, L, U, pivot);
    const int64_t m = dA.size(-2), n = dA.size(-1);
    if (m >= n) {
        Tensor packed = narrow(dL, -2, 0, n);
        addInplace(packed, dU);
        return dL;
    }
    Tensor packed = narrow(dU, -1, 0, m);
    addInplace(packed, dL);
    return dU;
}

/// linalg_lu_solve_jvp: S = lu_solve(dB) plus the change that dLU makes to X.
Tensor luSolveTangent(const Tensor& X, const Tensor& LU, const Tensor& pivots, const Tensor& dLU, const Tensor& dB,
                      bool left, bool adjoint)
{
    const Tensor S = linalgLuSolve(LU, pivots, dB, left, adjoint);
    if (left != adjoint) {
        // R = -U^{-1} (dU + L^{-1} dL U), dX = op_2(R op_2(X)) + S
        Tensor R = linalgSolveTriangular(LU, tril(dLU, -1), /*upper=*/false, /*left=*/true, /*unitriangular=*/true);
        const Tensor U = triu(LU);
        R = neg(linalgSolveTriangular(U, add(triu(dLU), matmul(R, U)), /*upper=*/true));
        return add(left ? matmul(R, X) : matmul(X, mH(R)), S);
    }
    // dX = op_2(op_1(-op_3(X)^H P (L dU U^{-1} + dL) L^{-1} P^T)) + S
    const auto [P, L, U] = luUnpack(LU, pivots);
    const Tensor V = left ? mH(X) : X;
    Tensor R = add(linalgSolveTriangular(U, matmul(L, triu(dLU)), /*upper=*/true, /*left=*/false), tril(dLU, -1));
    R = matmul(linalgSolveTriangular(L, neg(matmul(matmul(V, P), R)), /*upper=*/false, /*left=*/false,
                                     /*unitriangular=*/true),
               transpose(P, -2, -1));
    return add(left ? mH(R) : R, S);
}

/// lu_unpack_backward: the gradients of L and U land on the packed factors' triangles.
Tensor luUnpackBackward(const Tensor& gL, const Tensor& gU, int64_t m, int64_t n)
{
    if (!gL.defined() && !gU.defined())
        return Tensor();
    const int64_t k = std::min(m, n);
    const auto L1 = [&](const Tensor& t) { return m == k ? tril(t, -1) : tril(narrow(t, -2, 0, k), -1); };
    const auto U1 = [&](const Tensor& t) { return n == k ? triu(t) : triu(narrow(t, -1, 0, k)); };
    if (gL.defined() && gU.defined()) {
        if (m == n)
            return add(tril(gL, -1), triu(gU));
        const Tensor principal = add(L1(gL), U1(gU));
        return m > n ? cat({principal, narrow(gL, -2, k, m - k)}, -2) : cat({principal, narrow(gU, -1, k, n - k)}, -1);
    }
    if (gL.defined()) {
        if (m >= n)
            return tril(gL, -1);
        IntList padShape = gL.sizes();
        padShape.back() = n - m;
        return cat({tril(gL, -1), zeros(padShape, gL.dtype(), gL.device())}, -1);
    }
    if (n >= m)
        return triu(gU);
    IntList padShape = gU.sizes();
    padShape[padShape.size() - 2] = m - n;
    return cat({triu(gU), zeros(padShape, gU.dtype(), gU.device())}, -2);
}

/// linalg_lu_solve_LU: the gradient of the packed factors of X = op(A)^{-1} B.
Tensor luSolveBackwardLU(const Tensor& gX, const Tensor& LU, const Tensor& pivots, const Tensor& X, bool left,
                         bool adjoint)
{
    const auto [P, L, U] = luUnpack(LU, pivots, /*unpackData=*/true, /*unpackPivots=*/left == adjoint);
    if (left != adjoint) {
        // gR = U^{-H} op_2(-gX) op_2(X)^H; gL = (L^{-H} gR U^H).tril(-1)
        const Tensor gR = linalgSolveTriangular(mH(U), neg(matmul(left ? gX : mH(gX), left ? mH(X) : X)),
                                                /*upper=*/false);
        const Tensor gL = tril(linalgSolveTriangular(mH(L), matmul(gR, mH(U)), /*upper=*/true, /*left=*/true,
                                                     /*unitriangular=*/true),
                               -1);
        return add(gL, triu(gR));
    }
    // gR = -P^T op_3(X) op_1(op_2(gX)) P L^{-H}; gU = (L^H gR U^{-H}).triu()
    Tensor gR = neg(matmul(matmul(matmul(transpose(P, -2, -1), left ? X : mH(X)), left ? mH(gX) : gX), P));
    gR = linalgSolveTriangular(mH(L), gR, /*upper=*/true, /*left=*/false, /*unitriangular=*/true);
    const Tensor gU = triu(linalgSolveTriangular(mH(U), matmul(mH(L), gR), /*upper=*/false, /*left=*/false));
    return add(tril(gR, -1), gU);
}

const char* const kLuSolveDeprecated =
    "torch.lu_solve is deprecated in favor of torch.linalg.lu_solveand will be removed in a future PyTorch "
    "release.\nNote that torch.linalg.lu_solve has its arguments reversed.\nX = torch.lu_solve(B, LU, pivots)\n"
    "should be replaced with\nX = torch.linalg.lu_solve(LU, pivots, B) (Triggered internally at  "
    "./aten/src/ATen/native/BatchLinearAlgebra.cpp:2072.)";

const char* const kLuDeprecated =
    "torch.lu is deprecated in favor of torch.linalg.lu_factor / torch.linalg.lu_factor_ex and will be removed in a "
    "future PyTorch release.\nLU, pivots = torch.lu(A, compute_pivots)\nshould be replaced with\nLU, pivots = "
    "torch.linalg.lu_factor(A, compute_pivots)\nand\nLU, pivots, info = torch.lu(A, compute_pivots, "
    "get_infos=True)\nshould be replaced with\nLU, pivots, info = torch.linalg.lu_factor_ex(A, compute_pivots) "
    "(Triggered internally at  ./aten/src/ATen/native/BatchLinearAlgebra.cpp:1915.)";

}  // namespace

std::tuple<Tensor, Tensor, Tensor> luWithInfo(const Tensor& A, bool pivot)
{
    static bool warned = false;  // TORCH_WARN_ONCE
    if (!warned) {
        warned = true;
        warn("UserWarning", kLuDeprecated);
    }
    // 1.13 ignores check_errors here: a singular matrix is reported through info only.
    return linalgLuFactorEx(A, pivot, /*checkErrors=*/false);
}

std::tuple<Tensor, Tensor, Tensor> linalgLuFactorEx(const Tensor& A, bool pivot, bool checkErrors)
{
    AGV_CHECK(A.dim() >= 2, RuntimeError, "torch.lu_factor: Expected tensor with 2 or more dimensions. Got size: ",
              sizesToString(A.sizes()), " instead");
    checkPivotingOnCpu(pivot);
    lapack::LuFactors f = lapack::luFactor(A);
    if (checkErrors)
        checkLinalgErrors(f.info, "torch.linalg.lu_factor_ex", A.dim() == 2);
    OpRecorder rec("LinalgLuFactorExBackward0", {&A}, [pivot](BackwardNode& n, const variable_list& g) {
        if (!g[0].defined())
            return variable_list{Tensor()};
        const Tensor LU = n.saved(0), pivots = n.saved(1);
        const auto [P, L, U] = luUnpack(LU, pivots, /*unpackData=*/true, /*unpackPivots=*/pivot);
        const int64_t k = std::min(LU.size(-2), LU.size(-1));
        return variable_list{luBackward(narrow(g[0], -1, 0, k), narrow(g[0], -2, 0, k), P, L, U, pivot)};
    });
    if (rec.active())
        rec.attr("pivot", pivot);
    const Tensor pivots = f.pivots;
    rec.forward([pivots, pivot](const InputTangents& t, const Tensor& LU) {
        return luFactorTangent(t[0], LU, pivots, pivot);
    });
    Tensor LU = rec.finishSavingResult(f.LU, "LU");
    if (rec.active())
        rec.node()->save("pivots", f.pivots);
    announceTensor(f.pivots);
    announceTensor(f.info);
    return {LU, f.pivots, f.info};
}

std::pair<Tensor, Tensor> linalgLuFactor(const Tensor& A, bool pivot)
{
    auto [LU, pivots, info] = linalgLuFactorEx(A, pivot);
    checkLinalgErrors(info, "torch.linalg.lu_factor", A.dim() == 2);
    return {LU, pivots};
}

std::tuple<Tensor, Tensor, Tensor> luUnpack(const Tensor& LU, const Tensor& pivots, bool unpackData,
                                            bool unpackPivots)
{
    AGV_CHECK(LU.dim() >= 2, RuntimeError, "torch.lu_unpack: Expected tensor with 2 or more dimensions. Got size: ",
              sizesToString(LU.sizes()), " instead");
    AGV_CHECK(!unpackPivots || pivots.dtype() == ScalarType::Int32, RuntimeError,
              "torch.lu_unpack: LU_pivots is expected to be a contiguous tensor of torch.int32 dtype.\nNote: this "
              "function is intended to be used with the output produced by torch.linalg.lu_factor");
    const Tensor empty = kernel::newTensor({0}, LU.dtype(), LU.device());
    const Tensor P = unpackPivots ? permutationMatrix(LU, pivots) : empty;
    Tensor L = empty, U = empty;
    if (unpackData)
        std::tie(L, U) = unpackFactors(LU);
    announceTensor(P);
    if (!unpackData) {
        announceTensor(L);
        announceTensor(U);
        return {P, L, U};
    }
    const int64_t m = LU.size(-2), n = LU.size(-1);
    OpRecorder rec("LuUnpackBackward0", {&LU}, [m, n](BackwardNode&, const variable_list& g) {
        return variable_list{luUnpackBackward(g[1], g[2], m, n)};
    });
    if (rec.active()) {
        rec.attr("LU_data_sym_argsize_minus_2", m);
        rec.attr("LU_data_sym_argsize_minus_1", n);
        rec.node()->addInputMetadata(P);  // See Note [The permutation's output slot]
    }
    // derivatives.yaml: L and U take the strict lower and the upper triangle of LU's tangent
    // (of its leading m x m or n x n block when LU is not square); P has none.
    rec.forwardEach([m, n](const InputTangents& t, const TensorList&) {
        const Tensor dLU = t[0];
        const Tensor dL = m >= n ? tril(dLU, -1) : tril(narrow(dLU, -1, 0, m), -1);
        const Tensor dU = n >= m ? triu(dLU) : triu(narrow(dLU, -2, 0, n));
        return TensorList{dL, dU};
    });
    const TensorList outs = rec.finish(TensorList{L, U});
    return {P, outs[0], outs[1]};
}

std::tuple<Tensor, Tensor, Tensor> linalgLu(const Tensor& A, bool pivot)
{
    AGV_CHECK(A.dim() >= 2, RuntimeError, "linalg.lu: Expected tensor with 2 or more dimensions. Got size: ",
              sizesToString(A.sizes()), " instead");
    checkPivotingOnCpu(pivot);
    const lapack::LuFactors f = lapack::luFactor(A);
    const Tensor P = permutationMatrix(f.LU, f.pivots);
    auto [L, U] = unpackFactors(f.LU);
    OpRecorder rec("LinalgLuBackward0", {&A}, [pivot](BackwardNode& n, const variable_list& g) {
        return variable_list{luBackward(g[1], g[2], n.saved(0), n.saved(1), n.saved(2), pivot)};
    });
    if (rec.active()) {
        rec.attr("pivot", pivot);
        rec.node()->addInputMetadata(P);  // See Note [The permutation's output slot]
        rec.save("P", P);
    }
    announceTensor(P);
    rec.forwardEach([P, pivot](const InputTangents& t, const TensorList& results) {
        auto [dL, dU] = luTangents(t[0], P, results[0], results[1], pivot);
        return TensorList{dL, dU};
    });
    const TensorList outs = rec.finish(TensorList{L, U});
    if (rec.active()) {
        rec.node()->save("L", outs[0], /*isOutput=*/true);
        rec.node()->save("U", outs[1], /*isOutput=*/true);
    }
    return {P, outs[0], outs[1]};
}

Tensor linalgLuSolve(const Tensor& LU, const Tensor& pivots, const Tensor& B, bool left, bool adjoint)
{
    checkFloatingOrComplex(LU, "torch.linalg.lu_solve");
    AGV_CHECK(LU.dtype() == B.dtype(), RuntimeError,
              "linalg.lu_solve: Expected LU and B to have the same dtype, but found LU of type ",
              legacyDtypeShortName(LU.dtype()), " and B of type ", legacyDtypeShortName(B.dtype()), " instead");
    AGV_CHECK(pivots.dtype() == ScalarType::Int32, RuntimeError,
              "linalg.lu_solve: pivots should be a Tensor of scalar type torch.int32");
    squareCheckInputs(LU, "torch.linalg.lu_solve");
    checkInputsSolver(LU, B, left, "linalg.lu_solve");
    AGV_CHECK(LU.size(-1) == pivots.size(-1), RuntimeError,
              "linalg.lu_solve: Number of pivots per batch should be same as the dimension of the matrix");
    AGV_CHECK(IntList(LU.sizes().begin(), LU.sizes().end() - 1) == pivots.sizes(), RuntimeError,
              "linalg.lu_solve: Expected LU.shape[:-1] and pivots.shape to be the same, but got pivots with shape ",
              sizesToString(pivots.sizes()), " instead");
    if (B.numel() != 0 && LU.numel() != 0) {
        // lu_solve_kernel: getrs would write out of bounds with a pivot out of range.
        const Tensor swaps = kernel::dense(pivots);
        const int* data = swaps.data<int>();
        for (int64_t i = 0; i < swaps.numel(); ++i)
            AGV_CHECK(data[i] >= 1, RuntimeError,
                      "Pivots given to lu_solve must all be greater or equal to 1. Did you properly pass the result "
                      "of lu_factor?");
        for (int64_t i = 0; i < swaps.numel(); ++i)
            AGV_CHECK(data[i] <= LU.size(-2), RuntimeError,
                      "Pivots given to lu_solve must all be smaller or equal to LU.size(-2). Did you properly pass "
                      "the result of lu_factor?");
    }
    Tensor X = lapack::luSolve(LU, pivots, B, left, adjoint);
    OpRecorder rec("LinalgLuSolveBackward0", {&LU, &pivots, &B},
                   [left, adjoint](BackwardNode& n, const variable_list& g) {
                       if (!g[0].defined())
                           return variable_list{Tensor(), Tensor(), Tensor()};
                       const Tensor LU = n.saved(0), pivots = n.saved(1), X = n.saved(2);
                       const Tensor gLU =
                           n.needsInputGrad(0) ? luSolveBackwardLU(g[0], LU, pivots, X, left, adjoint) : Tensor();
                       const Tensor gB = n.needsInputGrad(2) ? linalgLuSolve(LU, pivots, g[0], left, !adjoint) : Tensor();
                       return variable_list{gLU, Tensor(), gB};
                   });
    if (rec.active()) {
        rec.save("LU", LU);
        rec.save("pivots", pivots);
        rec.attr("left", left);
        rec.attr("adjoint", adjoint);
    }
    rec.forward([left, adjoint](const InputTangents& t, const Tensor& result) {
        return luSolveTangent(result, t.primal(0), t.primal(1), t[0], t[2], left, adjoint);
    });
    return rec.finishSavingResult(X, "result");
}

Tensor luSolve(const Tensor& B, const Tensor& LU, const Tensor& pivots)
{
    static bool warned = false;  // TORCH_WARN_ONCE
    if (!warned) {
        warned = true;
        warn("UserWarning", kLuSolveDeprecated);
    }
    return linalgLuSolve(LU, pivots, B);
}

}  // namespace agv::ops
