// Matrix products. Float32/float64 go through CBLAS gemm; each operand is handed to
// BLAS as stored (row-major, or column-major as a transposed operand), so a
// transposed view such as `w.t()` costs no copy. int64 uses a plain loop.
//
// matmul decomposes exactly as PyTorch 1.13's at::matmul, so the grad_fn graph a
// learner sees is PyTorch's: dot / mv / mm, `unsqueeze + mm + squeeze_` for 1-D @ 2-D,
// folding the batch into mm/mv (+ _unsafe_view) when one side has at most 2 dims,
// and expand + reshape + bmm + _unsafe_view otherwise.

#include <cblas.h>

#include "core/device/gpu_kernels.h"
#include "core/ops/batched_matmul.h"
#include "core/ops/bfloat16_matmul.h"
#include "core/ops/inplace_record.h"
#include "core/ops/internal_ops.h"
#include "core/ops/kernels.h"
#include "core/ops/linalg_extra.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"
#include "core/ops/view_inplace.h"
#include "core/ops/zero_tensor.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

bool needs(BackwardNode& n, size_t i) { return n.needsInputGrad(i); }

// Note [Slots saved only when needed]
// PyTorch saves an operand only when the *other* operand needs a gradient, but the
// slot exists either way (`grad_fn._saved_mat2` is None then). Saving an undefined
// tensor keeps the slot visible under the same name and the slot indices fixed.

/// One matrix operand as BLAS sees it.
struct BlasOperand {
    const char* data = nullptr;
    CBLAS_TRANSPOSE trans = CblasNoTrans;
    blasint ld = 1;
};

/// A 2-D matrix (rows x cols, element strides s0/s1 from `data`) as a BLAS operand,
/// or nothing when its layout is neither row- nor column-major.
std::optional<BlasOperand> asBlasOperand(const char* data, int64_t rows, int64_t cols, int64_t s0, int64_t s1)
{
    // Strides of size-1 dimensions never matter: normalise them so the checks pass.
    if (cols == 1)
        s1 = 1;
    if (rows == 1)
        s0 = std::max<int64_t>(cols, 1);
    if (s1 == 1 && s0 >= std::max<int64_t>(cols, 1))
        return BlasOperand{data, CblasNoTrans, blasint(s0)};
    if (rows == 1)
        s0 = 1;
    if (cols == 1)
        s1 = std::max<int64_t>(rows, 1);
    if (s0 == 1 && s1 >= std::max<int64_t>(rows, 1))
        return BlasOperand{data, CblasTrans, blasint(s1)};
    return std::nullopt;
}

/// y (contiguous) = A (m x k, strided) @ x (strided), as PyTorch's addmv_impl_cpu hands it to
/// BLAS gemv: a column-major A as 'n', a row-major A as 't', anything else copied row-major
/// first (gemv, unlike gemm, sums in its own order, so mv must not go through gemm).
template <typename T>
bool gemvInto(T* y, const T* a, int64_t as0, int64_t as1, const T* x, int64_t incx, int64_t m, int64_t k,
              T alpha = T(1), T beta = T(0))
{
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        if (m == 0 || k == 0 || incx <= 0)
            return false;  // gemm's path: an empty product, or a vector BLAS cannot step through
        auto ldaOk = [](int64_t rows, int64_t cols, int64_t lda) { return cols == 1 || lda >= std::max<int64_t>(1, rows); };
        std::vector<T> packed;
        CBLAS_TRANSPOSE trans = CblasTrans;
        int64_t rows = k, cols = m, lda = as0;
        if (as0 == 1 && ldaOk(m, k, as1)) {
            trans = CblasNoTrans;
            rows = m;
            cols = k;
            lda = as1;
        } else if (!(as1 == 1 && ldaOk(k, m, as0))) {
            packed.resize(size_t(m * k));
            for (int64_t i = 0; i < m; ++i)
                for (int64_t j = 0; j < k; ++j)
                    packed[size_t(i * k + j)] = a[i * as0 + j * as1];
            a = packed.data();
            lda = k;
        }
        if (cols == 1)
            lda = rows;  // cpublas::gemv: "if (n == 1) lda = m"
        if constexpr (std::is_same_v<T, float>)
            cblas_sgemv(CblasColMajor, trans, blasint(rows), blasint(cols), alpha, a, blasint(lda), x,
                        blasint(incx), beta, y, 1);
        else
            cblas_dgemv(CblasColMajor, trans, blasint(rows), blasint(cols), alpha, a, blasint(lda), x,
                        blasint(incx), beta, y, 1);
        return true;
    }
    return false;
}

/// C (m x n, contiguous, dtype T) = alpha * A (m x k) @ B (k x n) + beta * C; A and B are strided.
template <typename T>
void gemmInto(T* c, const T* a, int64_t as0, int64_t as1, const T* b, int64_t bs0, int64_t bs1, int64_t m,
              int64_t k, int64_t n, T beta = T(0), T alpha = T(1))
{
    if (m == 0 || n == 0)
        return;
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        if (k == 0) {
            if (beta == T(0))
                std::fill(c, c + m * n, T(0));
            else if (beta != T(1))
                for (int64_t i = 0; i < m * n; ++i)
                    c[i] = c[i] * beta;
            return;
        }
        // A layout BLAS cannot read directly (expanded, sliced with a step) is packed first.
        std::vector<T> packA, packB;
        auto opA = asBlasOperand(reinterpret_cast<const char*>(a), m, k, as0, as1);
        if (!opA) {
            packA.resize(size_t(m * k));
            for (int64_t i = 0; i < m; ++i)
                for (int64_t j = 0; j < k; ++j)
                    packA[size_t(i * k + j)] = a[i * as0 + j * as1];
            opA = BlasOperand{reinterpret_cast<const char*>(packA.data()), CblasNoTrans, blasint(k)};
        }
        auto opB = asBlasOperand(reinterpret_cast<const char*>(b), k, n, bs0, bs1);
        if (!opB) {
            packB.resize(size_t(k * n));
            for (int64_t i = 0; i < k; ++i)
                for (int64_t j = 0; j < n; ++j)
                    packB[size_t(i * n + j)] = b[i * bs0 + j * bs1];
            opB = BlasOperand{reinterpret_cast<const char*>(packB.data()), CblasNoTrans, blasint(n)};
        }
        // On the GPU through cuBLAS when A and B are its memory as they are (Note [GPU kernels]).
        if (packA.empty() && packB.empty() &&
            gpu::gemm(std::is_same_v<T, double>, opA->trans == CblasTrans, opB->trans == CblasTrans, m, n, k,
                      double(alpha), opA->data, opA->ld, opB->data, opB->ld, double(beta), c))
            return;
        if constexpr (std::is_same_v<T, float>)
            cblas_sgemm(CblasRowMajor, opA->trans, opB->trans, blasint(m), blasint(n), blasint(k), alpha,
                        reinterpret_cast<const float*>(opA->data), opA->ld,
                        reinterpret_cast<const float*>(opB->data), opB->ld, beta, c, blasint(n));
        else
            cblas_dgemm(CblasRowMajor, opA->trans, opB->trans, blasint(m), blasint(n), blasint(k), alpha,
                        reinterpret_cast<const double*>(opA->data), opA->ld,
                        reinterpret_cast<const double*>(opB->data), opB->ld, beta, c, blasint(n));
    } else {
        for (int64_t i = 0; i < m; ++i)
            for (int64_t j = 0; j < n; ++j) {
                T acc = T(0);
                for (int64_t p = 0; p < k; ++p)
                    acc += a[i * as0 + p * as1] * b[p * bs0 + j * bs1];
                c[i * n + j] = beta == T(0) ? T(alpha * acc) : T(alpha * acc + beta * c[i * n + j]);
            }
    }
}

void checkSameDtype(const Tensor& a, const Tensor& b)
{
    AGV_CHECK(a.dtype() == b.dtype(), RuntimeError, "expected scalar type ", legacyDtypeShortName(a.dtype()),
              " but found ", legacyDtypeShortName(b.dtype()));
}

void checkMatmulDtype(ScalarType t)
{
    AGV_CHECK(t != ScalarType::Bool, RuntimeError, "\"addmm_impl_cpu_\" not implemented for 'Bool'");
}

/// Scalar::to<T>(): a Python number in the kernel's type.
template <typename T>
T scalarAs(Scalar s)
{
    if constexpr (kIsFloating<T>)
        return T(s.toDouble());
    else
        return T(s.toInt());
}

// Note [bmm and baddbmm kernels]
// PyTorch 1.13's bmm_out_or_baddbmm_ (LinearAlgebra.cpp) picks its kernel by size:
//   * when k * m * n < 400, baddbmm_cpu_kernel: for each output element a plain loop
//     from p = 0 in the dtype (no fused multiply-add: the file is built for baseline
//     x86-64), r = 0, r += a[i][p] * b[p][j] for bmm; r *= beta, r += alpha * a[i][p] *
//     b[p][j] for baddbmm (the result is not read when beta is 0: its memory is fresh);
//   * otherwise (Debian's build has no MKL) one GEMM per batch, addmm_impl_cpu_'s call:
//     beta 0 for bmm, the given beta and alpha for baddbmm.
// An empty contraction gives zeros (bmm, beta == 0) or result * beta.

/// baddbmm_cpu_kernel / the GEMM per batch (see Note [bmm and baddbmm kernels]).
template <typename T>
void batchedProductKernel(T* r, const Tensor& a, const Tensor& b, T beta, T alpha, bool isBmm)
{
    const int64_t batch = a.sizes()[0], m = a.sizes()[1], k = a.sizes()[2], n = b.sizes()[2];
    if (k == 0) {
        for (int64_t i = 0; i < batch * m * n; ++i)
            r[i] = beta == T(0) ? T(0) : T(r[i] * beta);
        return;
    }
    const T* x = a.data<T>();
    const T* y = b.data<T>();
    const IntList& as = a.strides();
    const IntList& bs = b.strides();
    if (k * m * n >= 400) {
        for (int64_t i = 0; i < batch; ++i)
            gemmInto<T>(r + i * m * n, x + i * as[0], as[1], as[2], y + i * bs[0], bs[1], bs[2], m, k, n, beta,
                        alpha);
        return;
    }
    for (int64_t bi = 0; bi < batch; ++bi)
        for (int64_t i = 0; i < m; ++i)
            for (int64_t j = 0; j < n; ++j) {
                T& out = r[(bi * m + i) * n + j];
                const T* row = x + bi * as[0] + i * as[1];
                const T* col = y + bi * bs[0] + j * bs[2];
                if (isBmm) {
                    T acc = T(0);
                    for (int64_t p = 0; p < k; ++p)
                        acc += T(row[p * as[2]] * col[p * bs[1]]);
                    out = acc;
                } else {
                    out = beta == T(0) ? T(0) : T(out * beta);
                    for (int64_t p = 0; p < k; ++p)
                        out += T(T(alpha * row[p * as[2]]) * col[p * bs[1]]);
                }
            }
}

/// result (batch x m x n, contiguous; holding self when beta != 0) = beta * result +
/// alpha * a @ b, a and b 3-D strided tensors of result's dtype.
void batchedProductInto(const Tensor& result, const Tensor& a, const Tensor& b, Scalar beta, Scalar alpha,
                        bool isBmm)
{
    if (result.numel() == 0)
        return;
    const bool naive = a.sizes()[2] * a.sizes()[1] * b.sizes()[2] < 400;
    // The naive kernel reads the result (batch2's dtype) as batch1's; bmm's GEMMs read
    // batch1 as the result's; baddbmm's go through addmm_'s checks.
    AGV_CHECK(a.dtype() == b.dtype() || naive || isBmm, RuntimeError, "mat1 and mat2 must have the same dtype");
    AGV_CHECK(a.dtype() == b.dtype(), RuntimeError, "expected scalar type ",
              legacyDtypeShortName(naive ? a.dtype() : b.dtype()), " but found ",
              legacyDtypeShortName(naive ? b.dtype() : a.dtype()));
    const char* kernelName = naive || a.sizes()[2] == 0 ? (isBmm ? "bmm" : "baddbmm") : "addmm_impl_cpu_";
    AGV_CHECK(a.dtype() != ScalarType::Bool, RuntimeError, "\"", kernelName, "\" not implemented for 'Bool'");
    if (a.dtype() == ScalarType::BFloat16) {
        // See Note [bfloat16 matrix products]: oneDNN over the whole batch when large enough;
        // else the naive kernel in bfloat16, or addmm_impl_cpu_'s scalar gemm per batch.
        const double betaValue = isBmm ? 0.0 : beta.toDouble(), alphaValue = isBmm ? 1.0 : alpha.toDouble();
        if (a.sizes()[2] > 0 && bfloat16::batchedTakesOneDnn(a, b)) {
            Tensor out = result;
            bfloat16::batchedOneDnnInto(out, a, b, betaValue, alphaValue);
            return;
        }
        if (!naive && a.sizes()[2] > 0) {
            trace::MuteGuard mute;
            for (int64_t i = 0; i < a.sizes()[0]; ++i) {
                Tensor slice = select(result, 0, i);
                bfloat16::addmmInto(slice, select(a, 0, i), select(b, 0, i), betaValue, alphaValue);
            }
            return;
        }
    }
    AGV_DISPATCH_ALL_AND_HALF(a.dtype(), kernelName, [&] {
        using T = scalar_t;
        if constexpr (std::is_same_v<T, Half>)  // 1.13's bmm kernels have no float16 case
            throw AGV_DISPATCH_NOT_IMPLEMENTED(ScalarType::Half, kernelName);
        else if constexpr (!std::is_same_v<T, bool>)
            batchedProductKernel<T>(result.data<T>(), a, b, isBmm ? T(0) : scalarAs<T>(beta),
                                    isBmm ? T(1) : scalarAs<T>(alpha), isBmm);
    });
}

/// out (batch x m x n) = a (batch x m x k) @ b (batch x k x n); a/b given as 3-D strided tensors.
Tensor batchedProduct(const Tensor& a, const Tensor& b)
{
    Tensor out = kernel::newTensor({a.sizes()[0], a.sizes()[1], b.sizes()[2]}, b.dtype(), a.device());
    batchedProductInto(out, a, b, Scalar(0), Scalar(1), true);
    return out;
}

/// result.zero_() for beta == 0, else result.mul_(beta), whose bfloat16 kernel takes the
/// number as a bfloat16.
void scaleBfloat16(Tensor& result, double beta)
{
    BFloat16* c = result.data<BFloat16>();
    const float factor = float(BFloat16(float(beta)));
    for (int64_t i = 0; i < result.numel(); ++i)
        c[i] = beta == 0.0 ? BFloat16(0.0f) : BFloat16(float(c[i]) * factor);
}

/// result = beta * result + alpha * a @ b for bfloat16 matrices, an empty contraction
/// included (addmm_impl_cpu_ zeroes the result, or scales it by beta).
void bfloat16ProductInto(Tensor& result, const Tensor& a, const Tensor& b, double beta, double alpha)
{
    if (result.numel() == 0)
        return;
    if (a.sizes()[1] == 0) {
        scaleBfloat16(result, beta);
        return;
    }
    bfloat16::addmmInto(result, a, b, beta, alpha);
}

/// a (m x k) @ b (k x n) as a fresh m x n tensor.
/// PyTorch's mm_mat1_backward / mm_mat2_backward: a column-major operand gets its gradient
/// computed as a transposed product, and the two products round differently.
bool isColumnMajor(const IntList& sizes, const IntList& strides) { return strides[0] == 1 && strides[1] == sizes[0]; }

Tensor mmMat1Backward(const Tensor& grad, const Tensor& mat2, const IntList& sizes, const IntList& strides)
{
    return isColumnMajor(sizes, strides) ? t(mm(mat2, t(grad))) : mm(grad, t(mat2));
}

Tensor mmMat2Backward(const Tensor& grad, const Tensor& mat1, const IntList& sizes, const IntList& strides)
{
    return isColumnMajor(sizes, strides) ? t(mm(t(grad), mat1)) : mm(t(mat1), grad);
}

Tensor matrixProduct(const Tensor& a, const Tensor& b)
{
    const int64_t m = a.sizes()[0], k = a.sizes()[1], n = b.sizes()[1];
    Tensor out = kernel::newTensor({m, n}, a.dtype(), a.device());
    if (a.dtype() == ScalarType::BFloat16) {  // See Note [bfloat16 matrix products]
        bfloat16ProductInto(out, a, b, 0.0, 1.0);
        return out;
    }
    AGV_DISPATCH_ALL(a.dtype(), "addmm_impl_cpu_", [&] {
        using T = scalar_t;
        if constexpr (!std::is_same_v<T, bool>)
            gemmInto<T>(out.data<T>(), a.data<T>(), a.strides()[0], a.strides()[1], b.data<T>(), b.strides()[0],
                        b.strides()[1], m, k, n);
    });
    return out;
}

/// PyTorch's should_fold (1.13): whether tensor1 (>= 3-D) times a 1-D/2-D operand can
/// fold its batch into the rows of one mm/mv.
bool shouldFold(const Tensor& t1, int64_t dim2)
{
    if (t1.dim() < 3 || (dim2 != 1 && dim2 != 2))
        return false;
    const IntList& sizes = t1.sizes();
    const IntList& strides = t1.strides();
    // Batch slowest, last two dims transposed (e.g. permute(0, 2, 1)): bmm handles that
    // without the copy that folding would need.
    if (t1.dim() == 3 && dim2 == 2 && strides.back() != 1 && strides.front() == sizes[1] * sizes[2])
        return false;
    return true;
}

}  // namespace

Tensor mm(const Tensor& a, const Tensor& b)
{
    const IntList aSizes = a.sizes(), aStrides = a.strides(), bSizes = b.sizes(), bStrides = b.strides();
    OpRecorder rec("MmBackward0", {&a, &b}, [aSizes, aStrides, bSizes, bStrides](BackwardNode& n, const variable_list& g) {
        Tensor self = n.saved(0), mat2 = n.saved(1);
        // Note [Backward formulas run in input-name order]: mat2's before self's.
        Tensor gradMat2 = needs(n, 1) ? mmMat2Backward(g[0], self, bSizes, bStrides) : Tensor();
        Tensor gradSelf = needs(n, 0) ? mmMat1Backward(g[0], mat2, aSizes, aStrides) : Tensor();
        return variable_list{gradSelf, gradMat2};
    });
    if (rec.active()) {
        // See Note [Slots saved only when needed]
        rec.save("self", rec.node()->needsInputGrad(1) ? a : Tensor());
        rec.save("mat2", rec.node()->needsInputGrad(0) ? b : Tensor());
        rec.attr("self_sym_sizes", a.sizes());
        rec.attr("self_sym_strides", a.strides());
        rec.attr("mat2_sym_sizes", b.sizes());
        rec.attr("mat2_sym_strides", b.strides());
    }
    rec.forward([&](const InputTangents& t, const Tensor&) {
        return addTangentTerms(mm(t[0], b), t.isZero(0), mm(a, t[1]), t.isZero(1));
    });
    AGV_CHECK(a.dim() == 2, RuntimeError, "self must be a matrix");
    AGV_CHECK(b.dim() == 2, RuntimeError, "mat2 must be a matrix");
    AGV_CHECK(a.sizes()[1] == b.sizes()[0], RuntimeError, "mat1 and mat2 shapes cannot be multiplied (",
              a.sizes()[0], "x", a.sizes()[1], " and ", b.sizes()[0], "x", b.sizes()[1], ")");
    checkSameDtype(a, b);
    checkMatmulDtype(a.dtype());
    Tensor out = matrixProduct(a, b);
    return rec.finish(out);
}

Tensor addmm(const Tensor& bias, const Tensor& a, const Tensor& b, Scalar beta, Scalar alpha)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(bias);
    gradientEdgeFirst(a);
    gradientEdgeFirst(b);
    AGV_CHECK(a.dim() == 2, RuntimeError, "mat1 must be a matrix, got ", a.dim(), "-D tensor");
    AGV_CHECK(b.dim() == 2, RuntimeError, "mat2 must be a matrix, got ", b.dim(), "-D tensor");
    AGV_CHECK(a.sizes()[1] == b.sizes()[0], RuntimeError, "mat1 and mat2 shapes cannot be multiplied (",
              a.sizes()[0], "x", a.sizes()[1], " and ", b.sizes()[0], "x", b.sizes()[1], ")");
    // ADDMM_META's order: self against mat2 first, then mat1 against mat2.
    AGV_CHECK(bias.dtype() == b.dtype(), RuntimeError, "self and mat2 must have the same dtype");
    AGV_CHECK(a.dtype() == b.dtype(), RuntimeError, "mat1 and mat2 must have the same dtype");
    checkMatmulDtype(a.dtype());
    const IntList outSizes{a.sizes()[0], b.sizes()[1]};
    if (!isExpandableTo(bias.sizes(), outSizes)) {
        // Raises expand's message, as PyTorch's addmm does; the learner never sees this tensor.
        trace::MuteGuard mute;
        expand(detach(bias), outSizes);
    }
    // PyTorch's addmm_impl_cpu_: the result starts as the broadcast bias, and one GEMM
    // computes beta * C + alpha * A B, so the bias joins the sum where BLAS adds C.
    Tensor out = kernel::newTensor(outSizes, a.dtype(), a.device());
    kernel::copyInto(out, bias);
    if (out.dtype() == ScalarType::BFloat16) {  // See Note [bfloat16 matrix products]
        bfloat16ProductInto(out, a, b, beta.toDouble(), alpha.toDouble());
    } else {
        AGV_DISPATCH_ALL(out.dtype(), "addmm_impl_cpu_", [&] {
            using T = scalar_t;
            if constexpr (!std::is_same_v<T, bool>)
                gemmInto<T>(out.data<T>(), a.data<T>(), a.strides()[0], a.strides()[1], b.data<T>(),
                            b.strides()[0], b.strides()[1], outSizes[0], a.sizes()[1], outSizes[1],
                            T(beta.toDouble()), T(alpha.toDouble()));
        });
    }
    // maybe_multiply: a factor of one leaves the gradient untouched (no extra op).
    auto times = [](const Tensor& t, const Scalar& factor) {
        return factor.isFloating() ? (factor.toDouble() == 1.0 ? t : mul(t, factor))
                                   : (factor.toInt() == 1 ? t : mul(t, factor));
    };
    const IntList aSizes = a.sizes(), aStrides = a.strides(), bSizes = b.sizes(), bStrides = b.strides();
    OpRecorder rec("AddmmBackward0", {&bias, &a, &b},
                   [aSizes, aStrides, bSizes, bStrides, beta, alpha, times](BackwardNode& n, const variable_list& g) {
                       Tensor mat1 = n.saved(0), mat2 = n.saved(1);
                       // The bias gradient has the output's shape; the engine sums it to the bias's.
                       // Note [Backward formulas run in input-name order]: mat1, mat2, then self.
                       Tensor gradMat1 =
                           needs(n, 1) ? times(mmMat1Backward(g[0], mat2, aSizes, aStrides), alpha) : Tensor();
                       Tensor gradMat2 =
                           needs(n, 2) ? times(mmMat2Backward(g[0], mat1, bSizes, bStrides), alpha) : Tensor();
                       Tensor gradSelf = needs(n, 0) ? times(g[0], beta) : Tensor();
                       return variable_list{gradSelf, gradMat1, gradMat2};
                   });
    if (rec.active()) {
        rec.save("mat1", rec.node()->needsInputGrad(2) ? a : Tensor());
        rec.save("mat2", rec.node()->needsInputGrad(1) ? b : Tensor());
        rec.attr("alpha", scalarAttr(alpha));
        rec.attr("beta", scalarAttr(beta));
        rec.attr("mat1_sym_sizes", a.sizes());
        rec.attr("mat1_sym_strides", a.strides());
        rec.attr("mat2_sym_sizes", b.sizes());
        rec.attr("mat2_sym_strides", b.strides());
    }
    // maybe_multiply(self_t, beta) + maybe_multiply(mat1_t.mm(mat2_p), alpha) + maybe_multiply(mat1_p.mm(mat2_t), alpha)
    rec.forward([&](const InputTangents& t, const Tensor&) {
        Tensor first = addTangentTerms(times(t[0], beta), t.isZero(0), times(mm(t[1], b), alpha), t.isZero(1));
        return addTangentTerms(first, t.isZero(0) && t.isZero(1), times(mm(a, t[2]), alpha), t.isZero(2));
    });
    return rec.finish(out);
}

Tensor bmm(const Tensor& a, const Tensor& b)
{
    OpRecorder rec("BmmBackward0", {&a, &b}, [](BackwardNode& n, const variable_list& g) {
        Tensor self = n.saved(0), mat2 = n.saved(1);
        // Note [Backward formulas run in input-name order]: mat2's before self's.
        Tensor gradMat2 = needs(n, 1) ? bmm(transpose(self, 1, 2), g[0]) : Tensor();
        Tensor gradSelf = needs(n, 0) ? bmm(g[0], transpose(mat2, 1, 2)) : Tensor();
        return variable_list{gradSelf, gradMat2};
    });
    if (rec.active()) {
        rec.save("self", rec.node()->needsInputGrad(1) ? a : Tensor());
        rec.save("mat2", rec.node()->needsInputGrad(0) ? b : Tensor());
    }
    rec.forward([&](const InputTangents& t, const Tensor&) {
        return addTangentTerms(bmm(t[0], b), t.isZero(0), bmm(a, t[1]), t.isZero(1));
    });
    AGV_CHECK(a.dim() == 3, RuntimeError, "batch1 must be a 3D tensor");
    AGV_CHECK(b.dim() == 3, RuntimeError, "batch2 must be a 3D tensor");
    AGV_CHECK(b.sizes()[0] == a.sizes()[0] && b.sizes()[1] == a.sizes()[2], RuntimeError,
              "Expected size for first two dimensions of batch2 tensor to be: [", a.sizes()[0], ", ", a.sizes()[2],
              "] but got: [", b.sizes()[0], ", ", b.sizes()[1], "].");
    Tensor out = batchedProduct(a, b);
    return rec.finish(out);
}

namespace {

/// t.size(d), PyTorch's IndexError for a dim out of range.
int64_t sizeAt(const Tensor& t, int64_t d) { return t.sizes()[size_t(wrapDim(d, t.dim(), false))]; }

/// expand_size's errors for a `self` that does not broadcast to `sizes` (the expansion
/// itself is the kernel's: copyInto broadcasts).
void checkExpandable(const Tensor& self, const IntList& sizes)
{
    if (!isExpandableTo(self.sizes(), sizes)) {
        trace::MuteGuard mute;
        expand(detach(self), sizes);
    }
}

/// addmm/baddbmm keep a bool alpha or beta as a bool.
SavedAttr scalarAttrKeepingBool(Scalar s) { return s.isBool() ? SavedAttr(s.toInt() != 0) : scalarAttr(s); }

/// FunctionsManual's maybe_multiply: t itself when s is 1, else t * s.
Tensor maybeMultiply(const Tensor& t, Scalar s)
{
    const bool isOne = s.isFloating() ? s.toDouble() == 1.0 : s.toInt() == 1;
    return isOne ? t : mul(t, s);
}

bool isZero(Scalar s) { return s.toDouble() == 0.0; }

/// addbmm_impl_: r (m x n, holding self when beta != 0) gets one addmm_ per batch, beta
/// for the first and 1 after; without batches r * beta (or zeros).
template <typename T>
void addbmmKernel(T* r, const Tensor& batch1, const Tensor& batch2, T beta, T alpha)
{
    const int64_t batches = batch1.sizes()[0], m = batch1.sizes()[1], k = batch1.sizes()[2], n = batch2.sizes()[2];
    if (batches == 0) {
        for (int64_t i = 0; i < m * n; ++i)
            r[i] = beta == T(0) ? T(0) : T(r[i] * beta);
        return;
    }
    const IntList& as = batch1.strides();
    const IntList& bs = batch2.strides();
    for (int64_t b = 0; b < batches; ++b)
        gemmInto<T>(r, batch1.data<T>() + b * as[0], as[1], as[2], batch2.data<T>() + b * bs[0], bs[1], bs[2], m, k,
                    n, b == 0 ? beta : T(1), alpha);
}

}  // namespace

Tensor baddbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, Scalar beta, Scalar alpha)
{
    // baddbmm: expand_size(self, {batch1.size(0), batch1.size(1), batch2.size(2)}), then the
    // structured kernel's checks.
    const IntList outSizes{sizeAt(batch1, 0), sizeAt(batch1, 1), sizeAt(batch2, 2)};
    checkExpandable(self, outSizes);
    AGV_CHECK(batch1.dim() == 3, RuntimeError, "batch1 must be a 3D tensor");
    AGV_CHECK(batch2.dim() == 3, RuntimeError, "batch2 must be a 3D tensor");
    AGV_CHECK(batch2.sizes()[0] == batch1.sizes()[0] && batch2.sizes()[1] == batch1.sizes()[2], RuntimeError,
              "Expected size for first two dimensions of batch2 tensor to be: [", batch1.sizes()[0], ", ",
              batch1.sizes()[2], "] but got: [", batch2.sizes()[0], ", ", batch2.sizes()[1], "].");
    Tensor out = kernel::newTensor(outSizes, batch2.dtype(), batch2.device());
    if (!isZero(beta))
        kernel::copyInto(out, self);
    batchedProductInto(out, batch1, batch2, beta, alpha, false);
    OpRecorder rec("BaddbmmBackward0", {&self, &batch1, &batch2}, [beta, alpha](BackwardNode& n, const variable_list& g) {
        const Tensor b1 = n.saved(0), b2 = n.saved(1);
        return variable_list{needs(n, 0) ? maybeMultiply(g[0], beta) : Tensor(),
                             needs(n, 1) ? maybeMultiply(bmm(g[0], transpose(b2, 1, 2)), alpha) : Tensor(),
                             needs(n, 2) ? maybeMultiply(bmm(transpose(b1, 1, 2), g[0]), alpha) : Tensor()};
    });
    if (rec.active()) {
        // See Note [Slots saved only when needed]
        rec.attr("alpha", scalarAttrKeepingBool(alpha));
        rec.save("batch1", rec.node()->needsInputGrad(2) ? batch1 : Tensor());
        rec.save("batch2", rec.node()->needsInputGrad(1) ? batch2 : Tensor());
        rec.attr("beta", scalarAttrKeepingBool(beta));
    }
    rec.forward([&](const InputTangents& t, const Tensor&) {
        Tensor first = addTangentTerms(maybeMultiply(t[0], beta), t.isZero(0), maybeMultiply(bmm(t[1], batch2), alpha),
                                       t.isZero(1));
        return addTangentTerms(first, t.isZero(0) && t.isZero(1), maybeMultiply(bmm(batch1, t[2]), alpha), t.isZero(2));
    });
    return rec.finish(out);
}

Tensor addbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2, Scalar beta, Scalar alpha)
{
    // addbmm_out: expand_size(self, {batch1.size(1), batch2.size(2)}), then addbmm_impl_:
    // the result starts as self and each batch adds its product with addmm_ (beta for the
    // first, 1 after).
    const IntList outSizes{sizeAt(batch1, 1), sizeAt(batch2, 2)};
    checkExpandable(self, outSizes);
    AGV_CHECK(batch1.dim() == 3, RuntimeError, "batch1 must be a 3D tensor");
    AGV_CHECK(batch2.dim() == 3, RuntimeError, "batch2 must be a 3D tensor");
    AGV_CHECK(batch1.sizes()[0] == batch2.sizes()[0], RuntimeError,
              "batch1 and batch2 must have same number of batches, got ", batch1.sizes()[0], " and ",
              batch2.sizes()[0]);
    AGV_CHECK(batch1.sizes()[2] == batch2.sizes()[1], RuntimeError, "Incompatible matrix sizes for bmm (",
              batch1.sizes()[1], "x", batch1.sizes()[2], " and ", batch2.sizes()[1], "x", batch2.sizes()[2], ")");
    const int64_t batches = batch1.sizes()[0], m = outSizes[0], n = outSizes[1];
    Tensor out = kernel::newTensor(outSizes, self.dtype(), self.device());
    if (!isZero(beta))
        kernel::copyInto(out, self);
    if (batches > 0) {
        AGV_CHECK(self.dtype() == batch2.dtype(), RuntimeError, "self and mat2 must have the same dtype");
        AGV_CHECK(batch1.dtype() == batch2.dtype(), RuntimeError, "mat1 and mat2 must have the same dtype");
        checkMatmulDtype(self.dtype());
    }
    if (out.dtype() == ScalarType::BFloat16) {
        // addbmm_impl_: result.addmm_(batch1[b], batch2[b], beta then 1, alpha) per batch
        // item (see Note [bfloat16 matrix products]); no batch leaves result * beta.
        trace::MuteGuard mute;
        if (batches == 0)
            scaleBfloat16(out, beta.toDouble());
        for (int64_t b = 0; b < batches; ++b)
            bfloat16ProductInto(out, select(batch1, 0, b), select(batch2, 0, b), b == 0 ? beta.toDouble() : 1.0,
                                alpha.toDouble());
    } else {
        AGV_DISPATCH_ALL(out.dtype(), "addmm_impl_cpu_", [&] {
            using T = scalar_t;
            if constexpr (!std::is_same_v<T, bool>)
                addbmmKernel<T>(out.data<T>(), batch1, batch2, scalarAs<T>(beta), scalarAs<T>(alpha));
        });
    }
    const int64_t batch1Size0 = batches, batch1Size1 = m, batch2Size2 = n;
    OpRecorder rec("AddbmmBackward0", {&self, &batch1, &batch2},
                   [beta, alpha, batch1Size0, batch1Size1, batch2Size2](BackwardNode& n, const variable_list& g) {
                       const Tensor b1 = n.saved(0), b2 = n.saved(1);
                       auto expanded = [&] { return expand(unsqueeze(g[0], 0), {batch1Size0, batch1Size1, batch2Size2}); };
                       return variable_list{
                           needs(n, 0) ? maybeMultiply(g[0], beta) : Tensor(),
                           needs(n, 1) ? maybeMultiply(bmm(expanded(), transpose(b2, 1, 2)), alpha) : Tensor(),
                           needs(n, 2) ? maybeMultiply(bmm(transpose(b1, 1, 2), expanded()), alpha) : Tensor()};
                   });
    if (rec.active()) {
        rec.attr("alpha", scalarAttrKeepingBool(alpha));
        rec.save("batch1", rec.node()->needsInputGrad(2) ? batch1 : Tensor());
        rec.attr("batch1_argsize_0", batch1Size0);
        rec.attr("batch1_argsize_1", batch1Size1);
        rec.save("batch2", rec.node()->needsInputGrad(1) ? batch2 : Tensor());
        rec.attr("batch2_argsize_2", batch2Size2);
        rec.attr("beta", scalarAttrKeepingBool(beta));
    }
    // maybe_multiply(self_t, beta) + maybe_multiply(batch1_t.bmm(batch2_p).sum(0), alpha) + (batch1_p.bmm(batch2_t) likewise)
    rec.forward([&](const InputTangents& t, const Tensor&) {
        Tensor first = addTangentTerms(maybeMultiply(t[0], beta), t.isZero(0),
                                       maybeMultiply(sum(bmm(t[1], batch2), {0}), alpha), t.isZero(1));
        return addTangentTerms(first, t.isZero(0) && t.isZero(1), maybeMultiply(sum(bmm(batch1, t[2]), {0}), alpha),
                               t.isZero(2));
    });
    return rec.finish(out);
}

Tensor dot(const Tensor& a, const Tensor& b)
{
    OpRecorder rec("DotBackward0", {&a, &b}, [](BackwardNode& n, const variable_list& g) {
        Tensor self = n.saved(0), tensor = n.saved(1);
        return variable_list{needs(n, 0) ? mul(g[0], tensor) : Tensor(), needs(n, 1) ? mul(g[0], self) : Tensor()};
    });
    if (rec.active()) {
        rec.save("self", rec.node()->needsInputGrad(1) ? a : Tensor());
        rec.save("tensor", rec.node()->needsInputGrad(0) ? b : Tensor());
    }
    rec.forward([&](const InputTangents& t, const Tensor&) {
        return addTangentTerms(dot(t[0], b), t.isZero(0), dot(a, t[1]), t.isZero(1));
    });
    AGV_CHECK(a.dim() == 1 && b.dim() == 1, RuntimeError, "1D tensors expected, but got ", a.dim(), "D and ",
              b.dim(), "D tensors");
    AGV_CHECK(a.dtype() == b.dtype(), RuntimeError, "dot : expected both vectors to have same dtype, but found ",
              legacyDtypeShortName(a.dtype()), " and ", legacyDtypeShortName(b.dtype()));
    AGV_CHECK(a.numel() == b.numel(), RuntimeError, "inconsistent tensor size, expected tensor [", a.numel(),
              "] and src [", b.numel(), "] to have the same number of elements, but got ", a.numel(), " and ",
              b.numel(), " elements respectively");
    // dot's own dispatch (AT_DISPATCH_ALL_TYPES_AND_COMPLEX, no Bool) names itself.
    AGV_CHECK(a.dtype() != ScalarType::Bool, RuntimeError, "\"dot\" not implemented for 'Bool'");
    if (isZeroTensor(a) || isZeroTensor(b))  // See Note [ZeroTensor]
        return rec.finish(efficientZeroTensor({}, a.dtype(), a.device()));
    Tensor out = kernel::newTensor({}, a.dtype(), a.device());
    const int64_t k = a.numel();
    // bfloat16: oneDNN over more than 16^3 elements, else dot_naive's bfloat16 sum
    // (each product rounded, then each sum), gemm's loop below.
    if (a.dtype() == ScalarType::BFloat16 && bfloat16::dotOneDnn(out, a, b))
        return rec.finish(out);
    if (a.dtype() == ScalarType::Half)  // AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND(kBFloat16)
        throw AGV_DISPATCH_NOT_IMPLEMENTED(ScalarType::Half, "dot");
    AGV_DISPATCH_ALL_AND_HALF(a.dtype(), "dot", [&] {
        using T = scalar_t;
        // PyTorch's dot_impl calls BLAS ?dot for floating vectors: the same OpenBLAS kernel here.
        const blasint incA = blasint(a.strides()[0]), incB = blasint(b.strides()[0]);
        if constexpr (std::is_same_v<T, float>)
            *out.data<T>() = T(cblas_sdot(blasint(k), static_cast<const float*>(a.rawData()), incA,
                                          static_cast<const float*>(b.rawData()), incB));
        else if constexpr (std::is_same_v<T, double>)
            *out.data<T>() = T(cblas_ddot(blasint(k), static_cast<const double*>(a.rawData()), incA,
                                          static_cast<const double*>(b.rawData()), incB));
        else if constexpr (!std::is_same_v<T, bool> && !std::is_same_v<T, Half>)
            gemmInto<T>(out.data<T>(), a.data<T>(), k, a.strides()[0], b.data<T>(), b.strides()[0], 1, 1, k, 1);
    });
    return rec.finish(out);
}

namespace {

template <typename T>
void addmvKernel(T* y, const Tensor& mat, const Tensor& vec, T alpha, T beta);

}  // namespace

Tensor mv(const Tensor& a, const Tensor& b)
{
    OpRecorder rec("MvBackward0", {&a, &b}, [](BackwardNode& n, const variable_list& g) {
        Tensor self = n.saved(0), vec = n.saved(1);
        // d self = grad.ger(vec) (reshape(grad, {m, 1}) * vec); d vec = self^T @ grad
        return variable_list{needs(n, 0) ? outer(g[0], vec) : Tensor(),
                             needs(n, 1) ? mv(t(self), g[0]) : Tensor()};
    });
    if (rec.active()) {
        rec.save("self", rec.node()->needsInputGrad(1) ? a : Tensor());
        rec.save("vec", rec.node()->needsInputGrad(0) ? b : Tensor());
    }
    rec.forward([&](const InputTangents& t, const Tensor&) {
        return addTangentTerms(mv(t[0], b), t.isZero(0), mv(a, t[1]), t.isZero(1));
    });
    AGV_CHECK(a.dim() == 2 && b.dim() == 1, RuntimeError, "vector + matrix @ vector expected, got 1, ", a.dim(),
              ", ", b.dim());
    AGV_CHECK(a.sizes()[1] == b.sizes()[0], RuntimeError, "size mismatch, got ", a.sizes()[0], ", ", a.sizes()[0],
              "x", a.sizes()[1], ",", b.sizes()[0]);
    checkSameDtype(a, b);
    checkMatmulDtype(a.dtype());
    const int64_t m = a.sizes()[0], k = a.sizes()[1];
    Tensor out = kernel::newTensor({m}, a.dtype(), a.device());
    if (a.dtype() == ScalarType::BFloat16) {  // See Note [bfloat16 matrix products]
        if (k == 0)
            std::memset(out.rawData(), 0, out.nbytes());
        else if (m > 0 && !bfloat16::matrixVectorOneDnn(out, a, b, 0.0, 1.0))
            addmvKernel<BFloat16>(out.data<BFloat16>(), a, b, BFloat16(1.0f), BFloat16(0.0f));
        return rec.finish(out);
    }
    AGV_DISPATCH_ALL(a.dtype(), "addmv_impl_cpu", [&] {
        using T = scalar_t;
        if constexpr (!std::is_same_v<T, bool>)
            if (!gemvInto<T>(out.data<T>(), a.data<T>(), a.strides()[0], a.strides()[1], b.data<T>(),
                             b.strides()[0], m, k))
                gemmInto<T>(out.data<T>(), a.data<T>(), a.strides()[0], a.strides()[1], b.data<T>(),
                            b.strides()[0], 1, m, k, 1);
    });
    return rec.finish(out);
}

namespace {

/// BlasKernel's gemv without BLAS (integers, 16-bit floats, and a vector BLAS cannot step
/// through), in column-major terms: A is m x n with leading dimension lda. 'n' computes
/// y = beta * y + alpha * A x column by column, 't' y = beta * y + alpha * A^T x row by row.
template <typename T>
void gemvLoops(bool transposed, int64_t m, int64_t n, T alpha, const T* a, int64_t lda, const T* x, int64_t incx,
               T beta, T* y)
{
    if (transposed) {
        for (int64_t i = 0; i < n; ++i) {
            T sum = T(0);
            const T* row = a + lda * i;
            for (int64_t j = 0; j < m; ++j)
                sum = T(sum + T(x[j * incx] * row[j]));
            y[i] = beta == T(0) ? T(alpha * sum) : T(T(beta * y[i]) + T(alpha * sum));
        }
        return;
    }
    if (beta != T(1) && beta != T(0))
        for (int64_t i = 0; i < m; ++i)
            y[i] = T(y[i] * beta);
    for (int64_t j = 0; j < n; ++j) {
        const T* column = a + lda * j;
        const T z = T(alpha * x[j * incx]);
        for (int64_t i = 0; i < m; ++i) {
            if (j == 0 && beta == T(0))
                y[i] = T(0);  // y's old values are ignored: no NaN or inf passes
            y[i] = T(y[i] + T(z * column[i]));
        }
    }
}

/// addmv_impl_cpu's call: a column-major mat as 'n', a row-major one as 't', anything
/// else made contiguous first; then at::native::gemv, which hands float and double to
/// BLAS when the vector's step is positive.
template <typename T>
void addmvKernel(T* y, const Tensor& mat, const Tensor& vec, T alpha, T beta)
{
    const int64_t rows = mat.sizes()[0], cols = mat.sizes()[1];
    const int64_t s0 = mat.strides()[0], s1 = mat.strides()[1];
    auto ldaOk = [](int64_t m, int64_t n, int64_t lda) { return n == 1 || lda >= std::max<int64_t>(1, m); };
    Tensor packed;
    const T* a = mat.data<T>();
    bool transposed = true;
    int64_t m = cols, n = rows, lda = s0;
    if (s0 == 1 && ldaOk(rows, cols, s1)) {
        transposed = false;
        m = rows;
        n = cols;
        lda = s1;
    } else if (!(s1 == 1 && ldaOk(cols, rows, s0))) {
        packed = kernel::dense(mat);
        a = packed.data<T>();
        lda = packed.strides()[0];
    }
    if (n == 1)
        lda = m;
    const T* x = vec.data<T>();
    const int64_t incx = vec.strides()[0];
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        if (incx > 0) {
            const CBLAS_TRANSPOSE trans = transposed ? CblasTrans : CblasNoTrans;
            if constexpr (std::is_same_v<T, float>)
                cblas_sgemv(CblasColMajor, trans, blasint(m), blasint(n), alpha, a, blasint(lda), x, blasint(incx),
                            beta, y, 1);
            else
                cblas_dgemv(CblasColMajor, trans, blasint(m), blasint(n), alpha, a, blasint(lda), x, blasint(incx),
                            beta, y, 1);
            return;
        }
    }
    gemvLoops<T>(transposed, m, n, alpha, a, lda, x, incx, beta, y);
}

/// The structured addmv's meta checks.
void checkAddmv(const Tensor& self, const Tensor& mat, const Tensor& vec)
{
    AGV_CHECK(mat.dim() == 2 && vec.dim() == 1 && self.dim() <= 1, RuntimeError,
              "vector + matrix @ vector expected, got ", self.dim(), ", ", mat.dim(), ", ", vec.dim());
    AGV_CHECK(mat.sizes()[1] == vec.sizes()[0] && (mat.sizes()[0] == self.numel() || self.numel() == 1),
              RuntimeError, "size mismatch, got ", sizeAt(self, 0), ", ", mat.sizes()[0], "x", mat.sizes()[1], ",",
              vec.sizes()[0]);
}

/// addmv's values: the meta checks, then addmv_out_cpu.
Tensor addmvValues(const Tensor& self, const Tensor& mat, const Tensor& vec, Scalar beta, Scalar alpha)
{
    checkAddmv(self, mat, vec);
    const int64_t m = mat.sizes()[0];
    Tensor out = kernel::newTensor({m}, vec.dtype(), vec.device());
    const bool betaIsZero = beta.toDouble() == 0.0;
    if (mat.numel() == 0) {
        // An empty product: zeros, or self * beta (mul_out with beta as a tensor of self's dtype).
        if (betaIsZero)
            return zerosLike(out);
        return kernel::convert(mul(expand(self, {m}), full({}, beta, self.dtype(), self.device())), vec.dtype());
    }
    if (betaIsZero)
        kernel::copyInto(out, zeros({}, out.dtype(), out.device()));
    else
        kernel::copyInto(out, self);
    if (m == 0)
        return out;
    AGV_DISPATCH_ALL_AND_HALF(mat.dtype(), "addmv_impl_cpu", [&] {
        using T = scalar_t;
        if constexpr (std::is_same_v<T, bool>) {
            throw AGV_DISPATCH_NOT_IMPLEMENTED(ScalarType::Bool, "addmv_impl_cpu");
        } else {
            AGV_CHECK(vec.dtype() == mat.dtype(), RuntimeError, "expected scalar type ",
                      legacyDtypeShortName(mat.dtype()), " but found ", legacyDtypeShortName(vec.dtype()));
            if (std::is_same_v<T, BFloat16> &&  // See Note [bfloat16 matrix products]
                bfloat16::matrixVectorOneDnn(out, mat, vec, beta.toDouble(), alpha.toDouble()))
                return;
            addmvKernel<T>(out.data<T>(), mat, vec, scalarAs<T>(alpha), scalarAs<T>(beta));
        }
    });
    return out;
}

/// derivatives.yaml's addmv: maybe_multiply(grad, beta), maybe_multiply(grad.ger(vec),
/// alpha), maybe_multiply(mat.t().mv(grad), alpha); mat's formula first (sorted names).
variable_list addmvGradients(BackwardNode& n, const variable_list& g, Scalar beta, Scalar alpha)
{
    const Tensor mat = n.saved(0), vec = n.saved(1);
    Tensor gradMat = needs(n, 1) ? maybeMultiply(outer(g[0], vec), alpha) : Tensor();
    Tensor gradSelf = needs(n, 0) ? maybeMultiply(g[0], beta) : Tensor();
    Tensor gradVec = needs(n, 2) ? maybeMultiply(mv(t(mat), g[0]), alpha) : Tensor();
    return variable_list{gradSelf, gradMat, gradVec};
}

void saveAddmv(OpRecorder& rec, const Tensor& mat, const Tensor& vec, Scalar beta, Scalar alpha)
{
    // See Note [Slots saved only when needed]
    rec.attr("alpha", scalarAttr(alpha));
    rec.attr("beta", scalarAttr(beta));
    rec.save("mat", rec.node()->needsInputGrad(2) ? mat : Tensor());
    rec.save("vec", rec.node()->needsInputGrad(1) ? vec : Tensor());
}

/// maybe_multiply(self_t, beta) + maybe_multiply(mat_t.mv(vec_p), alpha) + maybe_multiply(mat_p.mv(vec_t), alpha)
ForwardRule addmvForward(const Tensor& mat, const Tensor& vec, Scalar beta, Scalar alpha)
{
    return [mat, vec, beta, alpha](const InputTangents& t, const Tensor&) {
        Tensor first = addTangentTerms(maybeMultiply(t[0], beta), t.isZero(0), maybeMultiply(mv(t[1], vec), alpha),
                                       t.isZero(1));
        return addTangentTerms(first, t.isZero(0) && t.isZero(1), maybeMultiply(mv(mat, t[2]), alpha), t.isZero(2));
    };
}

}  // namespace

Tensor addmv(const Tensor& self, const Tensor& mat, const Tensor& vec, Scalar beta, Scalar alpha)
{
    gradientEdgeFirst(self);
    gradientEdgeFirst(mat);
    gradientEdgeFirst(vec);
    Tensor out = quietly([&] { return addmvValues(self, mat, vec, beta, alpha); });
    OpRecorder rec("AddmvBackward0", {&self, &mat, &vec}, [beta, alpha](BackwardNode& n, const variable_list& g) {
        return addmvGradients(n, g, beta, alpha);
    });
    if (rec.active())
        saveAddmv(rec, mat, vec, beta, alpha);
    rec.forward(addmvForward(mat, vec, beta, alpha));
    return rec.finish(out);
}

Tensor& addmvInplace(Tensor& self, const Tensor& mat, const Tensor& vec, Scalar beta, Scalar alpha)
{
    InplaceRecord record;
    record.opName = "addmv_";
    record.nodeName = "AddmvBackward0";
    record.rule = [beta, alpha](BackwardNode& n, const variable_list& g) { return addmvGradients(n, g, beta, alpha); };
    record.save = [&](OpRecorder& rec, const Tensor&) { saveAddmv(rec, mat, vec, beta, alpha); };
    record.forward = addmvForward(mat, vec, beta, alpha);
    return recordInplace(self, {&self, &mat, &vec}, record, [&] {
        // The meta function's checks, then check_inplace's (dtype before size), then the kernel.
        checkAddmv(self, mat, vec);
        AGV_CHECK(self.dtype() == vec.dtype(), RuntimeError, "Bad in-place call: input tensor dtype ",
                  typeMetaName(self.dtype()), " and output tensor dtype ", typeMetaName(vec.dtype()), " should match");
        const IntList outSizes{mat.sizes()[0]};
        AGV_CHECK(self.sizes() == outSizes, RuntimeError, "Bad in-place call: input tensor size ",
                  sizesToString(self.sizes()), " and output tensor size ", sizesToString(outSizes), " should match");
        return addmvValues(self, mat, vec, beta, alpha);
    });
}

Tensor matmul(const Tensor& a, const Tensor& b)
{
    const int64_t d1 = a.dim(), d2 = b.dim();
    AGV_CHECK(d1 >= 1 && d2 >= 1, RuntimeError, "both arguments to matmul need to be at least 1D, but they are ", d1,
              "D and ", d2, "D");
    if (d1 == 1 && d2 == 1)
        return dot(a, b);
    if (d1 == 2 && d2 == 1)
        return mv(a, b);
    if (d1 == 1 && d2 == 2) {
        Tensor out = mm(unsqueeze(a, 0), b);
        return squeezeInplace(out, 0);
    }
    if (d1 == 2 && d2 == 2)
        return mm(a, b);

    if (shouldFold(a, d2) || shouldFold(b, d1)) {
        // Fold the batch of the larger operand into the rows of one mm/mv; when the
        // right operand is the larger one, work on transposes: (A B)^T = B^T A^T.
        const bool transposed = d2 > d1;
        const Tensor t1 = transposed ? transpose(b, -1, -2) : a;
        const Tensor t2 = !transposed ? b : (d1 == 2 ? t(a) : a);
        const IntList& sizes1 = t1.sizes();
        IntList outShape(sizes1.begin(), sizes1.end() - 1);
        const int64_t folded = computeNumel(outShape);
        const bool t2IsMatrix = t2.dim() == 2;
        if (t2IsMatrix)
            outShape.push_back(t2.sizes()[1]);
        const Tensor t1Folded = reshape(t1, {folded, sizes1.back()});
        if (!t2IsMatrix)
            return internal::unsafeView(mv(t1Folded, t2), outShape);
        Tensor out = internal::unsafeView(mm(t1Folded, t2), outShape);
        return transposed ? contiguous(transpose(out, -1, -2)) : out;
    }

    // Both operands have a batch: broadcast the batches, flatten them, bmm.
    const int64_t n = d1 > 1 ? a.sizes()[size_t(d1 - 2)] : 1;
    const int64_t m1 = a.sizes().back();
    const IntList batch1(a.sizes().begin(), a.sizes().begin() + std::max<int64_t>(d1 - 2, 0));
    const int64_t m2 = d2 > 1 ? b.sizes()[size_t(d2 - 2)] : b.sizes().front();
    const int64_t p = d2 > 1 ? b.sizes().back() : 1;
    const IntList batch2(b.sizes().begin(), b.sizes().begin() + std::max<int64_t>(d2 - 2, 0));
    IntList outShape = broadcastShapes(batch1, batch2);
    const int64_t batchProduct = computeNumel(outShape);
    IntList expand1 = outShape, expand2 = outShape;
    expand1.insert(expand1.end(), {n, m1});
    expand2.insert(expand2.end(), {m2, p});
    Tensor a3 = reshape(expand(a, expand1), {batchProduct, n, m1});
    Tensor b3 = reshape(expand(b, expand2), {batchProduct, m2, p});
    if (d1 > 1)
        outShape.push_back(n);
    if (d2 > 1)
        outShape.push_back(p);
    return internal::unsafeView(bmm(a3, b3), outShape);
}

}  // namespace agv::ops
