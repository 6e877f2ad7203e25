// linalg.householder_product and its alias torch.orgqr / Tensor.orgqr (linalg_lapack.h):
// 1.13's linalg_householder_product_out, orgqr on a column-major copy of the input, and
// FunctionsManual's householder_product_backward.
//
// Note [The Householder product's backward]
// Q is the first n columns of H_1 ... H_k, H_i = I - tau_i v_i v_i^T with v_i the i-th
// column of the input below its diagonal and a 1 on it. With K_i := (H_{i+1} ... H_k)
// Q_grad^T (H_1 ... H_{i-1}) the gradients are
//   v_i_grad = -tau_i (v_i^T K_i)^T - tau_i K_i v_i,   tau_i_grad = -v_i^T K_i v_i,
// and K_{i+1} = H_{i+1}^{-1} K_i H_i, where H(tau)^{-1} = H(sigma) with sigma = tau /
// (tau ||v||^2 - 1). 1.13 starts from K = H_1^{-1} Q Q_grad^T, and updates K
// in place on its rows (columns) from i on, where v_i is nonzero, unless grad mode is on
// (a double backward), where it multiplies whole matrices out of place. Both are kept:
// they round differently.
//
// Forward mode (householder_product_jvp) differentiates the product term by term:
// dQ = sum_i (H_1 ... H_{i-1}) dH_i (H_{i+1} ... H_k), dH_i = -(dtau_i v_i v_i^T + tau_i dv_i
// v_i^T + tau_i v_i dv_i^T), keeping H_1 ... H_{i-1} and, from Q, H_{i+1} ... H_k (Q with
// H_i^{-1} applied on the left) as it goes, always out of place.

#include "core/autograd/grad_mode.h"
#include "core/ops/einsum.h"
#include "core/ops/kernels.h"
#include "core/ops/lapack.h"
#include "core/ops/linalg_lapack.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/ops/shape_extra.h"

namespace agv::ops {

namespace {

Tensor mH(const Tensor& t) { return transpose(t, -2, -1); }

void checkHouseholderInputs(const Tensor& input, const Tensor& tau)
{
    const char* const api = "torch.linalg.householder_product";
    AGV_CHECK(input.dim() >= 2, RuntimeError, api, ": input must have at least 2 dimensions.");
    AGV_CHECK(input.size(-2) >= input.size(-1), RuntimeError, api,
              ": input.shape[-2] must be greater than or equal to input.shape[-1]");
    AGV_CHECK(input.size(-1) >= tau.size(-1), RuntimeError, api,
              ": input.shape[-1] must be greater than or equal to tau.shape[-1]");
    AGV_CHECK(input.dim() - tau.dim() == 1, RuntimeError, api,
              ": Expected tau to have one dimension less than input, but got tau.ndim equal to ", tau.dim(),
              " and input.ndim is equal to ", input.dim());
    if (input.dim() > 2) {
        const IntList inputBatch(input.sizes().begin(), input.sizes().end() - 2);
        const IntList tauBatch(tau.sizes().begin(), tau.sizes().end() - 1);
        AGV_CHECK(tauBatch == inputBatch, RuntimeError, api,
                  ": Expected batch dimensions of tau to be equal to input.shape[:-2], but got ",
                  sizesToString(tauBatch));
    }
    AGV_CHECK(tau.dtype() == input.dtype(), RuntimeError, api, ": tau dtype ", legacyDtypeShortName(tau.dtype()),
              " does not match input dtype ", legacyDtypeShortName(input.dtype()));
}

/// apply_simple_transformation with condition_with_I: (I - t u v^T) K (`left`) or
/// K (I - t u v^T), u and v (..., m, 1) columns whose first `k` entries are zero, t (..., 1).
/// In place on the rows (columns) from k on, or out of place on all of K.
Tensor applyReflector(int64_t k, const Tensor& u, const Tensor& v, const Tensor& t, Tensor K, bool left,
                      bool inPlace)
{
    const int64_t m = u.size(-2);
    const Tensor tCol = unsqueeze(t, -1);
    if (inPlace) {
        const Tensor uTail = narrow(u, -2, k, m - k), vTail = narrow(v, -2, k, m - k);
        if (left) {
            Tensor rows = narrow(K, -2, k, m - k);
            const Tensor vK = matmul(mH(vTail), rows);
            subInplace(rows, mul(mul(tCol, uTail), vK));
        } else {
            Tensor columns = narrow(K, -1, k, m - k);
            const Tensor Kv = matmul(columns, mul(tCol, vTail));
            subInplace(columns, mul(Kv, mH(uTail)));
        }
        return K;
    }
    const Tensor transformation =
        left ? mul(mul(tCol, u), matmul(mH(v), K)) : mul(matmul(K, mul(tCol, u)), mH(v));
    return sub(K, transformation);
}

/// -t u v^T K (apply_simple_transformation without the identity), out of place.
Tensor applyRankOneProduct(const Tensor& u, const Tensor& v, const Tensor& t, const Tensor& K)
{
    return neg(mul(mul(unsqueeze(t, -1), u), matmul(mH(v), K)));
}

/// The reflectors' vectors as the forward reads them: the strict lower triangle of `input`
/// with ones on the diagonal.
Tensor reflectorVectors(const Tensor& input)
{
    Tensor V = tril(input, -1);
    Tensor diagonalView = diagonal(V, 0, -2, -1);
    fillInplace(diagonalView, Scalar(1.0));
    return V;
}

/// sigma_i with H(sigma_i) = H(tau_i)^{-1}: tau / (tau ||v||^2 - 1) over the first k columns.
Tensor inverseTaus(const Tensor& V, const Tensor& tau)
{
    const Tensor firstColumns = narrow(V, -1, 0, tau.size(-1));
    const Tensor normsSquared = sum(mul(firstColumns, firstColumns), {-2});
    return div(tau, sub(mul(tau, normsSquared), Scalar(1.0)));
}

/// householder_product_jvp; see Note [The Householder product's backward]
Tensor householderProductTangent(const Tensor& dInput, const Tensor& dTau, const Tensor& product, const Tensor& input,
                                 const Tensor& tau)
{
    const int64_t k = tau.size(-1);
    const Tensor V = reflectorVectors(input);
    const Tensor dV = tril(dInput, -1);
    const Tensor sigma = inverseTaus(V, tau);
    auto column = [](const Tensor& t, int64_t i) { return narrow(t, -1, i, 1); };
    Tensor after = clone(detach(product));
    const IntList vectorShape(V.sizes().begin(), V.sizes().end() - 1);
    Tensor before = diagEmbed(expand(ones({1}, V.dtype(), V.device()), vectorShape));
    Tensor dProduct = zerosLike(product);
    for (int64_t i = 0; i < k; ++i) {
        const Tensor v = column(V, i), dv = column(dV, i), t = column(tau, i), dt = column(dTau, i);
        after = applyReflector(0, v, v, column(sigma, i), after, /*left=*/true, /*inPlace=*/false);
        const Tensor term = matmul(before, add(add(applyRankOneProduct(v, v, dt, after),
                                                   applyRankOneProduct(dv, v, t, after)),
                                               applyRankOneProduct(v, dv, t, after)));
        addInplace(dProduct, term);
        before = applyReflector(0, v, v, t, before, /*left=*/false, /*inPlace=*/false);
    }
    return dProduct;
}

/// See Note [The Householder product's backward]
std::pair<Tensor, Tensor> householderProductBackward(const Tensor& grad, const Tensor& result, const Tensor& input,
                                                     const Tensor& tau)
{
    if (!grad.defined() || input.numel() == 0 || tau.numel() == 0)
        return {};
    const int64_t m = input.size(-2), k = tau.size(-1);
    const Tensor V = reflectorVectors(input);
    const Tensor sigma = inverseTaus(V, tau);

    const bool inPlace = !GradMode::isEnabled();
    auto column = [](const Tensor& t, int64_t i) { return narrow(t, -1, i, 1); };
    Tensor K = matmul(result, mH(grad));
    K = applyReflector(0, column(V, 0), column(V, 0), column(sigma, 0), K, /*left=*/true, inPlace);

    Tensor inputGrad = zerosLike(input), tauGrad = zerosLike(tau);
    for (int64_t i = 0; i < k; ++i) {
        const Tensor v = column(V, i), t = column(tau, i);
        // update_grad: the gradients of v_i and tau_i from K_i, over v_i's nonzero rows
        const Tensor vTail = narrow(v, -2, i, m - i);
        const Tensor vK = matmul(mH(vTail), narrow(K, -2, i, m - i));
        const Tensor Kv = matmul(narrow(K, -1, i, m - i), vTail);
        const Tensor tCol = unsqueeze(t, -1);
        const Tensor vGrad = sub(squeeze(mul(neg(tCol), vK), -2), squeeze(mul(tCol, Kv), -1));
        const Tensor tGrad = neg(matmul(narrow(vK, -1, i, m - i), vTail));
        Tensor inputGradColumn = select(inputGrad, -1, i);
        copyInplace(inputGradColumn, vGrad);
        Tensor tauGradEntry = select(tauGrad, -1, i);
        copyInplace(tauGradEntry, squeeze(squeeze(tGrad, -1), -1));
        if (i != k - 1) {
            K = applyReflector(i + 1, column(V, i + 1), column(V, i + 1), column(sigma, i + 1), K, /*left=*/true,
                               inPlace);
            K = applyReflector(i, v, v, t, K, /*left=*/false, inPlace);
        }
    }
    trilInplace(inputGrad, -1);
    return {inputGrad, tauGrad};
}

}  // namespace

Tensor linalgHouseholderProduct(const Tensor& input, const Tensor& tau)
{
    checkHouseholderInputs(input, tau);
    Tensor Q = lapack::columnMajorCopy(input);
    lapack::householderProductInPlace(Q, tau);
    OpRecorder rec("LinalgHouseholderProductBackward0", {&input, &tau},
                   [](BackwardNode& node, const variable_list& g) {
                       const auto [inputGrad, tauGrad] =
                           householderProductBackward(g[0], node.saved(2), node.saved(0), node.saved(1));
                       return variable_list{inputGrad, tauGrad};
                   });
    rec.forward([&](const InputTangents& t, const Tensor& result) {
        return householderProductTangent(t[0], t[1], result, input, tau);
    });
    if (rec.active()) {
        rec.save("input", input);
        rec.save("tau", tau);
    }
    return rec.finishSavingResult(Q, "result");
}

}  // namespace agv::ops
