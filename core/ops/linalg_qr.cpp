// linalg.qr and the deprecated torch.qr (linalg_lapack.h): 1.13's linalg_qr_out, geqrf on a
// column-major copy of A, R read off its upper triangle and Q formed by orgqr from the
// Householder vectors below it; derivatives.yaml's linalg_qr_backward. And torch.geqrf,
// that first step alone.

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

/// _parse_qr_mode: (compute Q, reduced).
std::pair<bool, bool> parseQrMode(const std::string& mode)
{
    if (mode == "reduced")
        return {true, true};
    if (mode == "complete")
        return {true, false};
    if (mode == "r")
        return {false, true};
    throw Error(PyExc::RuntimeError, "qr received unrecognized mode '" + mode +
                                         "' but expected one of 'reduced' (default), 'r', or 'complete'");
}

/// linalg_qr_backward for real A. With m >= n:
///   gA = (Q syminvadj(triu(gR R^T - Q^T gQ)) + gQ) R^{-T}
/// with syminvadj(X) = X + X^T, its diagonal halved; with m < n, the gradient of the
/// leading m x m block, padded with zeros, plus Q gR.
Tensor qrBackward(const Tensor& gQ, const Tensor& gR, const Tensor& Q, const Tensor& R, const std::string& mode)
{
    const auto [computeQ, reduced] = parseQrMode(mode);
    AGV_CHECK(computeQ, RuntimeError,
              "The derivative of linalg.qr depends on Q, which is not computed when mode='r'. Please use "
              "linalg.qr(A, mode='reduced') if you are going to differentiate through linalg.qr.");
    const int64_t m = Q.size(-2), n = R.size(-1);
    AGV_CHECK(reduced || m <= n, RuntimeError,
              "The QR decomposition is not differentiable when mode='complete' and nrows > ncols.");
    if (!gQ.defined() && !gR.defined())
        return Tensor();
    Tensor gA;
    if (gQ.defined())
        gA = gR.defined() ? sub(matmul(gR, mH(R)), matmul(mH(Q), gQ)) : neg(matmul(mH(Q), gQ));
    else
        gA = matmul(gR, mH(R));
    if (m >= n) {
        Tensor symmetrised = [&] {
            const Tensor upper = triu(gA);
            Tensor ret = add(upper, mH(upper));
            Tensor diagonalView = diagonal(ret, 0, -2, -1);
            mulInplace(diagonalView, Scalar(0.5));
            return ret;
        }();
        gA = matmul(Q, symmetrised);
        if (gQ.defined())
            gA = add(gA, gQ);
        return linalgSolveTriangular(mH(R), gA, /*upper=*/false, /*left=*/false);
    }
    const Tensor negated = neg(gA);
    gA = matmul(Q, tril(sub(negated, mH(negated))));
    gA = linalgSolveTriangular(mH(narrow(R, -1, 0, m)), gA, /*upper=*/false, /*left=*/false);
    IntList padShape = R.sizes();
    padShape.back() = n - m;
    gA = cat({gA, zeros(padShape, gA.dtype(), gA.device())}, -1);
    if (gR.defined())
        gA = add(gA, matmul(Q, gR));
    return gA;
}

/// linalg_qr_jvp for real A. With m >= n: dR = syminv(sym(Q^T dA R^{-1})) R and
/// dQ = dA R^{-1} - Q syminv(...), syminv(X) = triu(X) with its diagonal halved; with m < n,
/// dQ = Q (X - X^T), X the strict lower triangle of Q^T dA_1 R_1^{-1}, and dR = Q^T dA - dQ R.
TensorList qrTangents(const Tensor& dA, const Tensor& Q, const Tensor& R, const std::string& mode)
{
    const auto [computeQ, reduced] = parseQrMode(mode);
    AGV_CHECK(computeQ, RuntimeError,
              "The derivative of linalg.qr depends on Q, which is not computed when mode='r'. Please use "
              "linalg.qr(A, mode='reduced') if you are going to differentiate through linalg.qr.");
    const int64_t m = dA.size(-2), n = dA.size(-1);
    AGV_CHECK(reduced || m <= n, RuntimeError,
              "The QR decomposition is not differentiable when mode='complete' and nrows > ncols.");
    if (m >= n) {
        const Tensor dARinv = linalgSolveTriangular(R, dA, /*upper=*/true, /*left=*/false);
        const Tensor product = matmul(mH(Q), dARinv);
        Tensor dR = triu(add(product, mH(product)));
        Tensor dRDiagonal = diagonal(dR, 0, -2, -1);
        mulInplace(dRDiagonal, Scalar(0.5));
        const Tensor dQ = sub(dARinv, matmul(Q, dR));
        return TensorList{dQ, matmul(dR, R)};
    }
    const Tensor QHdA = matmul(mH(Q), dA);
    const Tensor QHdA1Rinv =
        linalgSolveTriangular(narrow(R, -1, 0, m), narrow(QHdA, -1, 0, m), /*upper=*/true, /*left=*/false);
    const Tensor lower = tril(QHdA1Rinv, -1);
    Tensor dQ = sub(lower, mH(lower));
    const Tensor dR = sub(QHdA, matmul(dQ, R));
    return TensorList{matmul(Q, dQ), dR};
}

const char* const kQrDeprecated =
    "torch.qr is deprecated in favor of torch.linalg.qr and will be removed in a future PyTorch release.\n"
    "The boolean parameter 'some' has been replaced with a string parameter 'mode'.\n"
    "Q, R = torch.qr(A, some)\nshould be replaced with\n"
    "Q, R = torch.linalg.qr(A, 'reduced' if some else 'complete') (Triggered internally at  "
    "./aten/src/ATen/native/BatchLinearAlgebra.cpp:2349.)";

/// A column-major copy of the first `columns` columns of `QR` (..., m, n), zero-padded on
/// the right when `columns` > n: the matrix orgqr turns into Q.
Tensor householderVectors(const Tensor& QR, int64_t columns)
{
    return quietly([&] {
        const int64_t n = QR.size(-1);
        if (columns <= n)
            return lapack::columnMajorCopy(narrow(QR, -1, 0, columns));
        IntList padShape = QR.sizes();
        padShape.back() = columns - n;
        return lapack::columnMajorCopy(cat({QR, zeros(padShape, QR.dtype(), QR.device())}, -1));
    });
}

}  // namespace

std::pair<Tensor, Tensor> linalgQr(const Tensor& A, const std::string& mode)
{
    checkIsMatrix(A, "linalg.qr");
    checkFloatingOrComplex(A, "linalg.qr");
    const std::pair<bool, bool> parsedMode = parseQrMode(mode);
    const bool computeQ = parsedMode.first, reduced = parsedMode.second;
    const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
    Tensor QR = lapack::columnMajorCopy(A);
    const Tensor tau = lapack::householderQrInPlace(QR);
    // R (reduced: k x n, else m x n) is the upper triangle of the factored matrix, laid out
    // column-major as 1.13 allocates it.
    Tensor R = quietly([&] { return lapack::columnMajorCopy(triu(narrow(QR, -2, 0, reduced ? k : m))); });
    Tensor Q;
    if (computeQ) {
        Q = householderVectors(QR, reduced ? k : m);
        lapack::householderProductInPlace(Q, tau);
    } else {
        Q = kernel::newTensor({0}, A.dtype(), A.device());
    }
    OpRecorder rec("LinalgQrBackward0", {&A}, [mode](BackwardNode& node, const variable_list& g) {
        return variable_list{qrBackward(g[0], g[1], node.saved(0), node.saved(1), mode)};
    });
    if (rec.active())
        rec.attr("mode", mode);
    rec.forwardEach([mode](const InputTangents& t, const TensorList& results) {
        return qrTangents(t[0], results[0], results[1], mode);
    });
    const TensorList outs = rec.finish(TensorList{Q, R});
    if (rec.active()) {
        rec.node()->save("Q", outs[0], /*isOutput=*/true);
        rec.node()->save("R", outs[1], /*isOutput=*/true);
    }
    return {outs[0], outs[1]};
}

std::pair<Tensor, Tensor> geqrf(const Tensor& A)
{
    AGV_CHECK(A.dim() >= 2, RuntimeError, "torch.geqrf: input must have at least 2 dimensions.");
    Tensor QR = lapack::columnMajorCopy(A);
    const Tensor tau = lapack::householderQrInPlace(QR);
    OpRecorder rec("GeqrfBackward0", {&A}, [](BackwardNode&, const variable_list&) -> variable_list {
        throw Error(PyExc::NotImplementedError, "the derivative for 'geqrf' is not implemented.");
    });
    const TensorList outs = rec.finish(TensorList{QR, tau});
    return {outs[0], outs[1]};
}

std::pair<Tensor, Tensor> qr(const Tensor& A, bool some)
{
    static bool warned = false;  // TORCH_WARN_ONCE
    if (!warned) {
        warned = true;
        warn("UserWarning", kQrDeprecated);
    }
    return linalgQr(A, some ? "reduced" : "complete");
}

}  // namespace agv::ops
