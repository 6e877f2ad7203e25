// bfloat16 matrix products (mm, addmm, bmm, mv, dot, and so linear and matmul) as PyTorch
// 1.13 computes them on the CPU.
//
// Note [bfloat16 matrix products]
// addmm_impl_cpu_ hands a bfloat16 product to one of two kernels, and they round differently
// (bmm, mv and dot choose between oneDNN and their own loops the same way: see linalg.cpp):
//   * oneDNN's bfloat16 matmul when m * k * n > 16 * 16 * 16 on a CPU with AVX-512 (BW, VL
//     and DQ; mkldnn_matmul): the products summed in float inside oneDNN's kernel, scaled by
//     alpha, beta * the old result added by a sum post-op, rounded to bfloat16 once. An
//     operand oneDNN reads as it is must be row-major or exactly transposed; any other
//     layout is copied row-major first.
//   * otherwise cpublas's scalar gemm (BlasKernel.cpp, column-major: the result is handed
//     over transposed, so its first operand is mat2). Which of its four loops runs depends
//     on how each operand is laid out, and the loops round at different places:
//       - first operand not transposed (notrans, transb): the result is scaled by beta
//         (rounded, beta itself rounded to bfloat16), then for each step of k every
//         product a * (b * alpha) is rounded to bfloat16 and added into the bfloat16
//         result, which rounds again: the sum is kept in bfloat16 all along;
//       - first operand transposed, second not (transa): a float dot product summed in
//         order, then alpha * dot (+ beta * old result, in float) rounded once;
//       - both transposed (transab): as notrans, each term being (alpha * b) * a in float
//         rounded to bfloat16 (b is the second operand gemm sees, the product's mat1).
//     An operand that is neither row- nor column-major is copied first, which picks the loop.

#include "core/ops/bfloat16_matmul.h"

#include <dnnl.hpp>

#include <algorithm>
#include <cstring>

#include "core/autograd/grad_mode.h"
#include "core/error.h"
#include "core/ops/kernels.h"
#include "core/ops/onednn_engine.h"
#include "core/ops/ops.h"
#include "core/trace/sink.h"

namespace agv::ops::bfloat16 {

namespace {

/// 1.13's mkldnn threshold (checksize in mkldnn/Matmul.cpp): smaller products are cheaper
/// in the scalar loops.
constexpr int64_t kOneDnnMinimumWork = 16 * 16 * 16;

/// mkldnn_bf16_device_check: oneDNN takes bfloat16 products only where the CPU has AVX-512
/// BW, VL and DQ (what cpuinfo reports, whatever ISA oneDNN itself is limited to).
bool cpuTakesOneDnnBfloat16()
{
    static const bool supported = __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
                                  __builtin_cpu_supports("avx512dq");
    return supported;
}

// ---------------------------------------------------------------- oneDNN

using dnnl::memory;

/// mkldnn_matmul's is_mkldnn_optimized_format: row-major, or its last two dims exactly
/// transposed (a 3-d tensor's batch outermost).
bool oneDnnReadsAsIs(const Tensor& t)
{
    if (t.isContiguous())
        return true;
    const IntList& sizes = t.sizes();
    const IntList& strides = t.strides();
    if (t.dim() == 2)
        return strides[0] == 1 && strides[1] == sizes[0];
    return strides[0] == sizes[1] * sizes[2] && strides[1] == 1 && strides[2] == sizes[1];
}

/// The plain bfloat16 descriptor of a tensor oneDNN reads as is: a contiguous one with its
/// default strides (may_convert_to_default_contiguous_strides), else its own.
memory::desc bfloat16Desc(const Tensor& t)
{
    const memory::dims dims(t.sizes().begin(), t.sizes().end());
    memory::dims strides(t.strides().begin(), t.strides().end());
    if (t.isContiguous()) {
        int64_t step = 1;
        for (size_t d = dims.size(); d-- > 0;) {
            strides[d] = step;
            step *= dims[d];
        }
    }
    return memory::desc(dims, memory::data_type::bf16, strides);
}

/// mkldnn_matmul: ideep's matmul_forward with alpha as the output scale and, when beta is
/// not zero, a sum post-op that adds beta * the result's old values.
void oneDnnProduct(Tensor& result, const Tensor& mat1, const Tensor& mat2, float beta, float alpha)
{
    const Tensor a = oneDnnReadsAsIs(mat1) ? mat1 : kernel::dense(mat1);
    const Tensor b = oneDnnReadsAsIs(mat2) ? mat2 : kernel::dense(mat2);
    const memory::desc srcDesc = bfloat16Desc(a), weightsDesc = bfloat16Desc(b);
    const memory::desc plainDst = bfloat16Desc(result);
    const memory::desc anyDst(memory::dims(result.sizes().begin(), result.sizes().end()), memory::data_type::bf16,
                              memory::format_tag::any);
    dnnl::primitive_attr attr;
    attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
    if (beta != 0.0f) {
        dnnl::post_ops ops;
        ops.append_sum(beta);
        attr.set_post_ops(ops);
    }
    attr.set_output_scales(0, {alpha});
    dnnl::engine& engine = onednn::cpuEngine();
    const dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(srcDesc, weightsDesc, anyDst), attr, engine);
    AGV_CHECK(pd.dst_desc() == plainDst, RuntimeError, "oneDNN chose an unexpected layout for a bfloat16 product");
    memory scratchpad(pd.scratchpad_desc(), engine);
    memory src(srcDesc, engine, const_cast<void*>(a.rawData()));
    memory weights(weightsDesc, engine, const_cast<void*>(b.rawData()));
    memory dst(plainDst, engine, result.rawData());
    onednn::runAndWait(dnnl::matmul(pd), {{DNNL_ARG_SRC, src},
                                          {DNNL_ARG_WEIGHTS, weights},
                                          {DNNL_ARG_DST, dst},
                                          {DNNL_ARG_SCRATCHPAD, scratchpad}});
}

// ---------------------------------------------------------------- cpublas's scalar loops

/// A logical matrix over bfloat16 storage: element (i, j) at data[i * rowStride + j * colStride].
struct MatrixView {
    BFloat16* data;
    int64_t rowStride, colStride;
    BFloat16& at(int64_t i, int64_t j) const { return data[i * rowStride + j * colStride]; }
    float value(int64_t i, int64_t j) const { return float(at(i, j)); }
};

MatrixView viewOf(const Tensor& t, bool transposed)
{
    auto* data = static_cast<BFloat16*>(const_cast<void*>(t.rawData()));
    const IntList& s = t.strides();
    return transposed ? MatrixView{data, s[1], s[0]} : MatrixView{data, s[0], s[1]};
}

/// BlasKernel.cpp's scale_: c *= beta in bfloat16 (beta converted to bfloat16 first).
void scaleResult(const MatrixView& c, int64_t m, int64_t n, float beta)
{
    if (beta == 1.0f)
        return;
    const float factor = float(BFloat16(beta));
    for (int64_t j = 0; j < n; ++j)
        for (int64_t i = 0; i < m; ++i)
            c.at(i, j) = beta == 0.0f ? BFloat16(0.0f) : BFloat16(c.value(i, j) * factor);
}

enum class GemmLoop { NoTrans, TransA, TransB, TransAB };

/// gemm_core_'s loops over c (m x n) = beta * c + alpha * a (m x k) @ b (k x n); see
/// Note [bfloat16 matrix products] for where each rounds.
void scalarGemm(GemmLoop loop, int64_t m, int64_t n, int64_t k, float alpha, const MatrixView& a,
                const MatrixView& b, float beta, const MatrixView& c)
{
    if (loop == GemmLoop::TransA) {
        for (int64_t i = 0; i < m; ++i)
            for (int64_t j = 0; j < n; ++j) {
                float dot = 0.0f;
                for (int64_t l = 0; l < k; ++l)
                    dot += a.value(i, l) * b.value(l, j);
                c.at(i, j) = beta == 0.0f ? BFloat16(alpha * dot) : BFloat16(beta * c.value(i, j) + alpha * dot);
            }
        return;
    }
    scaleResult(c, m, n, beta);
    if (loop == GemmLoop::TransAB) {
        for (int64_t i = 0; i < m; ++i)
            for (int64_t j = 0; j < n; ++j)
                for (int64_t l = 0; l < k; ++l) {
                    const BFloat16 term(alpha * b.value(l, j) * a.value(i, l));
                    c.at(i, j) = BFloat16(c.value(i, j) + float(term));
                }
        return;
    }
    for (int64_t l = 0; l < k; ++l)
        for (int64_t j = 0; j < n; ++j) {
            const float scaled = b.value(l, j) * alpha;
            for (int64_t i = 0; i < m; ++i) {
                const BFloat16 term(a.value(i, l) * scaled);
                c.at(i, j) = BFloat16(c.value(i, j) + float(term));
            }
        }
}

/// How addmm_impl_cpu_ hands one operand to gemm: as it is (column-major for gemm), as a
/// transposed operand, or as a row-major copy.
struct GemmOperand {
    Tensor tensor;
    bool transposed;
};

/// `rows`/`cols` index the operand's strides as gemm sees them (swapped when the result is
/// handed over transposed); `leading` and `inner` are the sizes its checks compare against.
GemmOperand castOperand(const Tensor& t, size_t rows, size_t cols, int64_t leading, int64_t inner, bool transposeC)
{
    const IntList& s = t.strides();
    if (s[rows] == 1 && s[cols] >= std::max<int64_t>(1, leading))
        return {t, false};
    if (s[cols] == 1 && s[rows] >= std::max<int64_t>(1, inner))
        return {t, true};
    return {kernel::dense(t), !transposeC};
}

void scalarProduct(Tensor& result, const Tensor& mat1, const Tensor& mat2, float beta, float alpha)
{
    const int64_t rows = result.sizes()[0], cols = result.sizes()[1];
    const IntList& rs = result.strides();
    // "Cast result as matrix a": column-major as it is, else handed over transposed.
    const bool transposeC = !(rs[0] == 1 && (cols == 1 || rs[1] >= std::max<int64_t>(1, rows)));
    const Tensor& m1 = transposeC ? mat2 : mat1;
    const Tensor& m2 = transposeC ? mat1 : mat2;
    const int64_t m = transposeC ? cols : rows, n = transposeC ? rows : cols, k = mat1.sizes()[1];
    const size_t r = transposeC ? 1 : 0, c = transposeC ? 0 : 1;
    const GemmOperand a = castOperand(m1, r, c, m, k, transposeC);
    const GemmOperand b = castOperand(m2, r, c, k, n, transposeC);
    GemmLoop loop = GemmLoop::NoTrans;
    if (a.transposed)
        loop = b.transposed ? GemmLoop::TransAB : GemmLoop::TransA;
    else if (b.transposed)
        loop = GemmLoop::TransB;
    // gemm's operands as logical matrices: a is m x k, b is k x n, c is m x n.
    scalarGemm(loop, m, n, k, alpha, viewOf(a.tensor, transposeC), viewOf(b.tensor, transposeC), beta,
               viewOf(result, transposeC));
}

}  // namespace

bool batchedTakesOneDnn(const Tensor& a, const Tensor& b)
{
    const int64_t work = a.sizes()[0] * a.sizes()[1] * a.sizes()[2] * b.sizes()[2];
    return a.numel() != 0 && b.numel() != 0 && cpuTakesOneDnnBfloat16() && work > kOneDnnMinimumWork;
}

void batchedOneDnnInto(Tensor& result, const Tensor& a, const Tensor& b, double beta, double alpha)
{
    oneDnnProduct(result, a, b, float(beta), float(alpha));
}

bool matrixVectorOneDnn(Tensor& y, const Tensor& mat, const Tensor& vec, double beta, double alpha)
{
    if (!cpuTakesOneDnnBfloat16() || mat.numel() == 0 || vec.numel() == 0 ||
        mat.sizes()[0] * mat.sizes()[1] <= kOneDnnMinimumWork)
        return false;
    // The vector as a one-column matrix, the result as one column (mkldnn_matmul's unsqueeze(1)).
    GradModeGuard noGrad(false);
    trace::MuteGuard mute;
    Tensor column = unsqueeze(y, 1);
    oneDnnProduct(column, mat, unsqueeze(vec, 1), float(beta), float(alpha));
    return true;
}

bool dotOneDnn(Tensor& result, const Tensor& a, const Tensor& b)
{
    if (!cpuTakesOneDnnBfloat16() || a.numel() <= kOneDnnMinimumWork)
        return false;
    GradModeGuard noGrad(false);
    trace::MuteGuard mute;
    Tensor one = kernel::newTensor({1, 1}, ScalarType::BFloat16, a.device());
    oneDnnProduct(one, unsqueeze(a, 0), unsqueeze(b, 1), 0.0f, 1.0f);
    *result.data<BFloat16>() = *one.data<BFloat16>();
    return true;
}

void addmmInto(Tensor& result, const Tensor& a, const Tensor& b, double beta, double alpha)
{
    const int64_t work = a.sizes()[0] * a.sizes()[1] * b.sizes()[1];
    if (cpuTakesOneDnnBfloat16() && work > kOneDnnMinimumWork)
        oneDnnProduct(result, a, b, float(beta), float(alpha));
    else
        scalarProduct(result, a, b, float(beta), float(alpha));
}

}  // namespace agv::ops::bfloat16
