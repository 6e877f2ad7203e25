// linalg.eigh and linalg.eigvalsh (linalg_lapack.h): 1.13's _linalg_eigh, syevd on a
// column-major copy of A, and derivatives.yaml's linalg_eig_backward for Hermitian input.

#include <cctype>

#include "core/autograd/forward_ad.h"
#include "core/autograd/grad_mode.h"
#include "core/ops/einsum.h"
#include "core/ops/lapack.h"
#include "core/ops/linalg_checks.h"
#include "core/ops/linalg_lapack.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"

namespace agv::ops {

namespace {

Tensor mH(const Tensor& t) { return transpose(t, -2, -1); }

/// checkUplo: one letter, 'L' or 'U' in either case; true for the upper triangle.
bool parseUplo(const std::string& uplo)
{
    const char letter = uplo.empty() ? '\0' : char(std::toupper(static_cast<unsigned char>(uplo[0])));
    AGV_CHECK(uplo.size() == 1 && (letter == 'U' || letter == 'L'), RuntimeError,
              "Expected UPLO argument to be 'L' or 'U', but got ", uplo);
    return letter == 'U';
}

/// linalg_eig_backward for symmetric A (V^{-1} = V^T, L real):
///   gA = V ((skew(V^T gV) / 2) / E + diag(gL)) V^T, E_ij = L_j - L_i (1 on the diagonal);
/// for eigvalsh only gA = V diag(gL) V^T.
Tensor eighBackward(const Tensor& gL, const Tensor& gV, const Tensor& L, const Tensor& V)
{
    if (!gL.defined() && !gV.defined())
        return Tensor();
    if (!gV.defined())
        return matmul(mul(V, unsqueeze(gL, -2)), mH(V));
    Tensor VhgV = matmul(mH(V), gV);
    VhgV = mul(sub(VhgV, mH(VhgV)), Scalar(0.5));
    Tensor gaps = sub(unsqueeze(L, -2), unsqueeze(L, -1));
    Tensor gapsDiagonal = diagonal(gaps, 0, -2, -1);
    fillInplace(gapsDiagonal, Scalar(1.0));
    Tensor gA = div(VhgV, gaps);
    if (gL.defined()) {
        Tensor gADiagonal = diagonal(gA, 0, -2, -1);
        copyInplace(gADiagonal, gL);
    }
    return matmul(V, matmul(gA, mH(V)));
}

/// linalg_eig_jvp for symmetric A: with dP = V^T dA V, dL = diag(dP) and
/// dV = V (dP / E with a zero diagonal), E_ij = L_j - L_i.
TensorList eighTangents(const Tensor& dA, const Tensor& L, const Tensor& V)
{
    const Tensor dP = matmul(matmul(mH(V), dA), V);
    const Tensor dL = diagonal(dP, 0, -2, -1);
    Tensor dX = div(dP, sub(unsqueeze(L, -2), unsqueeze(L, -1)));
    Tensor dXDiagonal = diagonal(dX, 0, -2, -1);
    zeroInplace(dXDiagonal);
    return TensorList{dL, matmul(V, dX)};
}

/// _linalg_eigh: the checks, syevd, the convergence check and the node.
std::pair<Tensor, Tensor> linalgEighImpl(const Tensor& A, const std::string& uplo, bool computeVectors)
{
    squareCheckInputs(A, "linalg.eigh");
    const bool upper = parseUplo(uplo);
    Tensor vectors = lapack::columnMajorCopy(A);
    auto [values, info] = lapack::symmetricEigenInPlace(vectors, upper, computeVectors);
    checkLinalgErrors(info, "linalg.eigh", A.dim() == 2);
    if (!computeVectors)
        return {values, Tensor()};
    OpRecorder rec("LinalgEighBackward0", {&A}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{eighBackward(g[0], g[1], n.saved(0), n.saved(1))};
    });
    rec.forwardEach([](const InputTangents& t, const TensorList& results) {
        return eighTangents(t[0], results[0], results[1]);
    });
    const TensorList outs = rec.finish(TensorList{values, vectors});
    if (rec.active()) {
        rec.node()->save("eigenvalues", outs[0], /*isOutput=*/true);
        rec.node()->save("eigenvectors", outs[1], /*isOutput=*/true);
    }
    return {outs[0], outs[1]};
}

}  // namespace

std::pair<Tensor, Tensor> linalgEigh(const Tensor& A, const std::string& uplo)
{
    return linalgEighImpl(A, uplo, /*computeVectors=*/true);
}

Tensor linalgEigvalsh(const Tensor& A, const std::string& uplo)
{
    // See Note [Singular values computed with their vectors] in linalg_svd.cpp
    const bool mayNeedGrad = (GradMode::isEnabled() && A.requiresGrad()) || forward_ad::hasTangent(&A);
    return linalgEighImpl(A, uplo, mayNeedGrad).first;
}

}  // namespace agv::ops
