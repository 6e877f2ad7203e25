// linalg.pinv (linalg_lapack.h): 1.13's composite forward, run as one kernel (the SVD, or
// eigh when `hermitian`, with the singular values at or below max(atol, rtol * the largest)
// dropped), and derivatives.yaml's pinv_backward on a node of its own (LinalgPinvBackward0).

#include <algorithm>

#include "core/ops/linalg_lapack.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/tensor/dtype.h"

namespace agv::ops {

namespace {

Tensor mH(const Tensor& t) { return transpose(t, -2, -1); }

/// get_atol_rtol: float64 0-d tolerances; rtol defaults to eps * max(m, n) of A's dtype, or
/// to 0 where a positive atol is given.
std::pair<Tensor, Tensor> tolerances(const Tensor& A, const std::optional<Tensor>& atol,
                                     const std::optional<Tensor>& rtol)
{
    const Tensor zero = zeros({}, ScalarType::Float64, A.device());
    const Tensor absolute = atol ? *atol : zero;
    if (rtol)
        return {absolute, *rtol};
    const double eps = A.dtype() == ScalarType::Float32 ? 1.1920928955078125e-07 : 2.220446049250313e-16;
    const Tensor defaultRtol =
        full({}, eps * double(std::max(A.size(-1), A.size(-2))), ScalarType::Float64, A.device());
    return {absolute, atol ? where(compare(*atol, Scalar(0.0), CompareOp::Gt), zero, defaultRtol) : defaultRtol};
}

/// S^+: 1 / S where S exceeds the tolerance, 0 elsewhere, in A's dtype.
Tensor invertedAboveTolerance(const Tensor& magnitudes, const Tensor& S, const Tensor& largest, const Tensor& atol,
                              const Tensor& rtol)
{
    const Tensor tolerance = maximum(unsqueeze(atol, -1), mul(unsqueeze(rtol, -1), largest));
    return toDtype(where(compare(magnitudes, tolerance, CompareOp::Gt), reciprocal(S), zeros({}, S.dtype(), S.device())),
                   S.dtype());
}

/// pinv_jvp: the derivative of the pseudo-inverse (Golub and Pereyra), arranged so that its
/// products have the smaller of A's two dimensions.
Tensor pinvJvp(const Tensor& A, const Tensor& pinvA, const Tensor& dA)
{
    const int64_t m = A.size(-2), n = A.size(-1);
    const Tensor dAh = mH(dA), pinvAh = mH(pinvA);
    if (m <= n) {
        const Tensor K = matmul(pinvAh, dAh);
        return add(matmul(pinvA, sub(sub(K, mH(K)), matmul(K, matmul(A, pinvA)))),
                   matmul(sub(dAh, matmul(pinvA, matmul(A, dAh))), matmul(pinvAh, pinvA)));
    }
    const Tensor K = matmul(pinvA, dA);
    const Tensor Kh = mH(K);
    return add(matmul(sub(sub(Kh, K), matmul(matmul(pinvA, A), Kh)), pinvA),
               matmul(matmul(pinvA, pinvAh), sub(dAh, matmul(matmul(dAh, A), pinvA))));
}

}  // namespace

/// pinv_backward: the adjoint of d(A^+), arranged so the intermediate matrices are the
/// smaller of m x m and n x n.
Tensor pinvBackward(const Tensor& grad, const Tensor& pinvA, const Tensor& A)
{
    const int64_t m = A.size(-2), n = A.size(-1);
    const Tensor pinvAh = mH(pinvA);
    const Tensor gradh = mH(grad);
    if (m <= n) {
        const Tensor K = matmul(gradh, pinvA);
        const Tensor KpinvAh = matmul(K, pinvAh);
        return add(sub(add(neg(mH(matmul(pinvA, K))), KpinvAh), matmul(matmul(A, pinvA), KpinvAh)),
                   matmul(matmul(pinvAh, pinvA), sub(gradh, matmul(K, A))));
    }
    const Tensor K = matmul(pinvA, gradh);
    const Tensor pinvAhK = matmul(pinvAh, K);
    return sub(add(add(neg(mH(matmul(K, pinvA))), matmul(matmul(sub(gradh, matmul(A, K)), pinvA), pinvAh)), pinvAhK),
               matmul(matmul(pinvAhK, pinvA), A));
}

Tensor linalgPinv(const Tensor& A, const std::optional<Tensor>& atol, const std::optional<Tensor>& rtol,
                  bool hermitian)
{
    const ScalarType type = A.dtype();
    AGV_CHECK((type == ScalarType::Float32 || type == ScalarType::Float64) && A.dim() >= 2, RuntimeError,
              "linalg.pinv(", legacyDtypeShortName(type), "{", sizesToString(A.sizes()),
              "}): expected a tensor with 2 or more dimensions of float, double, cfloat or cdouble types");
    Tensor result = quietly([&] {
        const auto [atol_, rtol_] = tolerances(A, atol, rtol);
        if (A.numel() == 0) {
            const auto [U, S, V] = svd(A);
            return matmul(mul(V, unsqueeze(reciprocal(S), -2)), mH(U));
        }
        if (!hermitian) {
            const auto [U, S, V] = svd(A);
            const Tensor inverted = invertedAboveTolerance(S, S, narrow(S, -1, 0, 1), atol_, rtol_);
            return matmul(mul(V, unsqueeze(inverted, -2)), mH(U));
        }
        const auto [S, U] = linalgEigh(A);
        const Tensor magnitudes = abs(S);
        const Tensor inverted =
            invertedAboveTolerance(magnitudes, S, max(magnitudes, -1, /*keepdim=*/true).first, atol_, rtol_);
        return matmul(mul(U, unsqueeze(inverted, -2)), mH(U));
    });
    OpRecorder rec("LinalgPinvBackward0", {&A}, [](BackwardNode& n, const variable_list& g) {
        return variable_list{pinvBackward(g[0], n.saved(1), n.saved(0))};
    });
    if (rec.active())
        rec.save("self", A);
    rec.forward([](const InputTangents& t, const Tensor& pinvA) { return pinvJvp(t.primal(0), pinvA, t[0]); });
    return rec.finishSavingResult(result, "result");
}

}  // namespace agv::ops
