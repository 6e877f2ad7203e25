// linalg.svd, linalg.svdvals and torch.svd (linalg_lapack.h): 1.13's _linalg_svd, one gesdd
// call per matrix (lapack::svd), and derivatives.yaml's svd_backward.
//
// Note [Singular values computed with their vectors]
// gesdd reaches its singular values by different paths with and without the vectors
// (jobz 'N' against 'S'), so their last bits may differ. 1.13's svdvals (and eigvalsh, see
// linalg_eigh.cpp) asks for the vectors exactly when the input may need a gradient, which
// needs them; doing the same keeps S's bits those of PyTorch in both cases.

#include "core/autograd/forward_ad.h"
#include "core/autograd/grad_mode.h"
#include "core/ops/einsum.h"
#include "core/ops/lapack.h"
#include "core/ops/linalg_checks.h"
#include "core/ops/linalg_lapack.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/ops/shape_extra.h"

namespace agv::ops {

namespace {

Tensor mH(const Tensor& t) { return transpose(t, -2, -1); }

/// E_jk = S_k^2 - S_j^2 off the diagonal and 1 on it (any nonzero would do: only 0 / E_jj
/// is ever formed there).
Tensor squaredGaps(const Tensor& S)
{
    const Tensor S2 = mul(S, S);
    Tensor E = sub(unsqueeze(S2, -2), unsqueeze(S2, -1));
    Tensor diagonalView = diagonal(E, 0, -2, -1);
    fillInplace(diagonalView, Scalar(1.0));
    return E;
}

/// linalg_svd_jvp for real A: with dP = U^T dA V, dS = diag(dP), dX = dP - diag(dS),
///   dU = U (sym(dX S) / E) (+ (I - U U^T) dA V S^{-1} when m > n)
///   dVh = (sym(-S dX) / E) Vh (+ S^{-1} U^T dA (I - V V^T) when m < n)
/// with the extra columns (rows) of full U (Vh) getting zero tangents.
TensorList svdTangents(const Tensor& dA, const Tensor& fullU, const Tensor& S, const Tensor& fullVh, bool fullMatrices)
{
    const int64_t m = dA.size(-2), n = dA.size(-1), k = S.size(-1);
    const Tensor U = fullMatrices ? narrow(fullU, -1, 0, k) : fullU;
    const Tensor Vh = fullMatrices ? narrow(fullVh, -2, 0, k) : fullVh;
    const Tensor V = mH(Vh);
    // The association 1.13 uses (later versions swap it): it decides the tangents' last bits.
    Tensor dP = m >= n ? matmul(mH(U), matmul(dA, V)) : matmul(matmul(mH(U), dA), V);
    const Tensor dS = diagonal(dP, 0, -2, -1);
    dP = sub(dP, diagEmbed(dS));
    const Tensor E = squaredGaps(S);
    const auto sym = [](const Tensor& X) { return add(X, mH(X)); };
    Tensor dU = matmul(U, div(sym(mul(dP, unsqueeze(S, -2))), E));
    if (m > n) {
        const Tensor dAVSinv = matmul(dA, div(V, unsqueeze(S, -2)));
        dU = sub(add(dU, dAVSinv), matmul(U, matmul(mH(U), dAVSinv)));
        if (fullMatrices) {
            IntList shape = dU.sizes();
            shape.back() = m - n;
            dU = cat({dU, zeros(shape, dU.dtype(), dU.device())}, -1);
        }
    }
    Tensor dVh = matmul(div(sym(mul(dP, unsqueeze(neg(S), -1))), E), Vh);
    if (m < n) {
        const Tensor UHdASinv = matmul(div(mH(U), unsqueeze(S, -1)), dA);
        dVh = sub(add(dVh, UHdASinv), matmul(matmul(UHdASinv, V), Vh));
        if (fullMatrices) {
            IntList shape = dVh.sizes();
            shape[shape.size() - 2] = n - m;
            dVh = cat({dVh, zeros(shape, dVh.dtype(), dVh.device())}, -2);
        }
    }
    return TensorList{dU, dS, dVh};
}

/// svd_backward for real A (Townsend's formula), on the reduced factors:
///   gA = U [(skew(U^T gU) / E) S + S (skew(V^T gV) / E) + diag(gS)] V^T
/// plus (I - U U^T) gU S^{-1} V^T when m > n, or U S^{-1} gV^T (I - V V^T) when m < n.
Tensor svdBackward(const Tensor& gU, const Tensor& gS, const Tensor& gVh, const Tensor& U, const Tensor& S,
                   const Tensor& Vh)
{
    if (!gS.defined() && !gU.defined() && !gVh.defined())
        return Tensor();
    const int64_t m = U.size(-2), n = Vh.size(-1);
    // svdvals: gA = U diag(gS) Vh
    if (!gU.defined() && !gVh.defined())
        return m >= n ? matmul(U, mul(unsqueeze(gS, -1), Vh)) : matmul(mul(U, unsqueeze(gS, -2)), Vh);

    const auto skew = [](const Tensor& X) { return sub(X, mH(X)); };
    const Tensor UhgU = gU.defined() ? skew(matmul(mH(U), gU)) : Tensor();
    const Tensor VhgV = gVh.defined() ? skew(matmul(Vh, mH(gVh))) : Tensor();

    Tensor gA = [&] {
        const Tensor E = squaredGaps(S);
        if (gU.defined() && gVh.defined())
            return div(add(mul(UhgU, unsqueeze(S, -2)), mul(unsqueeze(S, -1), VhgV)), E);
        if (gU.defined())
            return mul(div(UhgU, E), unsqueeze(S, -2));
        return mul(unsqueeze(S, -1), div(VhgV, E));
    }();
    if (gS.defined())
        gA = add(gA, diagEmbed(gS));

    if (m > n && gU.defined()) {
        gA = matmul(U, gA);
        const Tensor gUSinv = div(gU, unsqueeze(S, -2));
        gA = sub(add(gA, gUSinv), matmul(U, matmul(mH(U), gUSinv)));
        return matmul(gA, Vh);
    }
    if (m < n && gVh.defined()) {
        gA = matmul(gA, Vh);
        const Tensor SinvgVh = div(gVh, unsqueeze(S, -1));
        gA = sub(add(gA, SinvgVh), matmul(matmul(SinvgVh, mH(Vh)), Vh));
        return matmul(U, gA);
    }
    return m >= n ? matmul(U, matmul(gA, Vh)) : matmul(matmul(U, gA), Vh);
}

/// derivatives.yaml's _linalg_svd entry: with full_matrices, only the first k columns of U
/// (rows of Vh) and of their gradients take part.
variable_list linalgSvdBackward(BackwardNode& n, const variable_list& g, bool fullMatrices)
{
    Tensor U = n.saved(0), S = n.saved(1), Vh = n.saved(2);
    Tensor gU = g[0], gVh = g[2];
    if (fullMatrices) {
        const int64_t k = S.size(-1);
        if (gU.defined())
            gU = narrow(gU, -1, 0, k);
        if (gVh.defined())
            gVh = narrow(gVh, -2, 0, k);
        U = narrow(U, -1, 0, k);
        Vh = narrow(Vh, -2, 0, k);
    }
    return variable_list{svdBackward(gU, g[1], gVh, U, S, Vh)};
}

/// _linalg_svd: the checks, gesdd, the convergence check and the node.
std::tuple<Tensor, Tensor, Tensor> linalgSvdImpl(const Tensor& A, bool fullMatrices, bool computeUv)
{
    checkIsMatrix(A, "linalg.svd");
    checkFloatingOrComplex(A, "linalg.svd");
    lapack::SvdFactors f = lapack::svd(A, fullMatrices, computeUv);
    checkLinalgErrors(f.info, "linalg.svd", A.dim() == 2);
    if (!computeUv)
        return {f.U, f.S, f.Vh};
    OpRecorder rec("LinalgSvdBackward0", {&A}, [fullMatrices](BackwardNode& n, const variable_list& g) {
        return linalgSvdBackward(n, g, fullMatrices);
    });
    if (rec.active())
        rec.attr("full_matrices", fullMatrices);
    rec.forwardEach([fullMatrices](const InputTangents& t, const TensorList& results) {
        return svdTangents(t[0], results[0], results[1], results[2], fullMatrices);
    });
    const TensorList outs = rec.finish(TensorList{f.U, f.S, f.Vh});
    if (rec.active()) {
        rec.node()->save("U", outs[0], /*isOutput=*/true);
        rec.node()->save("S", outs[1], /*isOutput=*/true);
        rec.node()->save("Vh", outs[2], /*isOutput=*/true);
    }
    return {outs[0], outs[1], outs[2]};
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor> linalgSvd(const Tensor& A, bool fullMatrices)
{
    return linalgSvdImpl(A, fullMatrices, /*computeUv=*/true);
}

Tensor linalgSvdvals(const Tensor& A)
{
    // See Note [Singular values computed with their vectors]
    const bool mayNeedGrad = (GradMode::isEnabled() && A.requiresGrad()) || forward_ad::hasTangent(&A);
    return std::get<1>(linalgSvdImpl(A, /*fullMatrices=*/false, mayNeedGrad));
}

std::tuple<Tensor, Tensor, Tensor> svd(const Tensor& A, bool some, bool computeUv)
{
    AGV_CHECK(A.dim() >= 2, RuntimeError, "linalg.svd: input should have at least 2 dimensions, but has ", A.dim(),
              " dimensions instead");
    if (computeUv) {
        auto [U, S, Vh] = linalgSvd(A, /*fullMatrices=*/!some);
        return {U, S, mH(Vh)};
    }
    const Tensor S = linalgSvdvals(A);
    // 1.13 returns zero U (m, m) and V (n, n), whatever `some` says.
    const int64_t m = A.size(-2), n = A.size(-1);
    IntList uShape = A.sizes(), vShape = A.sizes();
    uShape.back() = m;
    vShape[vShape.size() - 2] = n;
    vShape.back() = n;
    const Tensor U = zeros(uShape, A.dtype(), A.device());
    const Tensor Vh = zeros(vShape, A.dtype(), A.device());
    return {U, S, mH(Vh)};
}

}  // namespace agv::ops
