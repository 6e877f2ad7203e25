// embedding (F.embedding, nn.Embedding): rows of a 2-D weight picked by integer indices
// (index_select along dim 0), grad_fn EmbeddingBackward0. The backward is PyTorch 1.13's
// embedding_dense_backward_cpu: a zero gradient of the weight's shape to which each
// index's gradient row is added in index order (add_ with alpha = 1 / count when
// scale_grad_by_freq, a fused multiply-add as PyTorch's build compiles it), skipping
// padding_idx, whose row therefore gets no gradient.

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "core/autograd/grad_mode.h"
#include "core/ops/embedding_renorm.h"
#include "core/ops/kernels.h"
#include "core/ops/masked_fill.h"
#include "core/ops/op_recorder.h"
#include "core/ops/quietly.h"
#include "core/ops/ops.h"
#include "core/ops/view_inplace.h"
#include "core/trace/sink.h"

namespace agv::ops {

namespace {

Tensor embeddingDenseBackwardKernel(const Tensor& gradIn, const Tensor& indices, int64_t numWeights,
                                    int64_t paddingIdx, bool scaleGradByFreq)
{
    const int64_t dim = gradIn.sizes().back();
    const int64_t count = indices.numel();
    const Tensor grad = kernel::dense(gradIn);
    Tensor out = zeros({numWeights, dim}, grad.dtype(), grad.device());
    std::unordered_map<int64_t, int64_t> counts;
    if (scaleGradByFreq)
        for (int64_t i = 0; i < count; ++i)
            ++counts[indices.intValueAt(i)];
    AGV_DISPATCH_FLOATING(grad.dtype(), "embedding_dense_backward", [&] {
        using T = scalar_t;
        T* w = out.data<T>();
        const T* g = grad.data<T>();
        for (int64_t i = 0; i < count; ++i) {
            const int64_t k = indices.intValueAt(i);
            if (k == paddingIdx)
                continue;
            const T scale = T(scaleGradByFreq ? 1.0 / double(counts[k]) : 1.0);
            for (int64_t j = 0; j < dim; ++j)
                w[k * dim + j] = std::fma(g[i * dim + j], scale, w[k * dim + j]);
        }
    });
    return out;
}

/// embedding_dense_backward as an op: under create_graph its node is
/// EmbeddingDenseBackwardBackward0, whose formula (embedding_dense_double_backward) picks
/// the rows of the incoming gradient again: index_select, the padding row zeroed in place.
Tensor embeddingDenseBackward(const Tensor& gradOutput, const Tensor& indices, int64_t numWeights,
                              int64_t paddingIdx, bool scaleGradByFreq)
{
    OpRecorder rec("EmbeddingDenseBackwardBackward0", {&gradOutput}, [paddingIdx](BackwardNode& n,
                                                                                  const variable_list& g) {
        const Tensor indices = n.saved(0);
        Tensor rows = indexSelect(g[0], 0, reshape(indices, {-1}));
        if (paddingIdx >= 0)
            maskedFillInplace(rows, reshape(compare(indices, Scalar(paddingIdx), CompareOp::Eq), {-1, 1}), Scalar(0));
        IntList sizes = indices.sizes();
        sizes.push_back(-1);
        return variable_list{view(rows, sizes)};
    });
    rec.save("indices", indices);
    rec.attr("padding_idx", UnsignedAttr{paddingIdx});
    Tensor out = quietly(
        [&] { return embeddingDenseBackwardKernel(gradOutput, indices, numWeights, paddingIdx, scaleGradByFreq); });
    return rec.finish(out);
}

}  // namespace

Tensor embedding(const Tensor& weightIn, const Tensor& indices, int64_t paddingIdx, bool scaleGradByFreq, bool sparse)
{
    // 1.13's autograd kernel collects the gradient edges before the kernel checks anything.
    gradientEdgeFirst(weightIn);
    AGV_CHECK(weightIn.dim() == 2, RuntimeError, "'weight' must be 2-D");
    AGV_CHECK(indices.dtype() == ScalarType::Int64, RuntimeError,
              "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but "
              "got torch.",
              legacyTensorTypeName(indices.dtype()), " instead (while checking arguments for embedding)");
    const int64_t numWeights = weightIn.sizes()[0], dim = weightIn.sizes()[1];
    for (int64_t i = 0; i < indices.numel(); ++i) {
        const int64_t k = indices.intValueAt(i);
        AGV_CHECK(k >= 0 && k < numWeights, IndexError, "index out of range in self");
    }
    const Tensor weight = kernel::dense(weightIn);
    IntList outSizes = indices.sizes();
    outSizes.push_back(dim);
    Tensor out = kernel::newTensor(outSizes, weight.dtype(), weight.device());
    AGV_DISPATCH_ALL_AND_HALF(weight.dtype(), "index_select", [&] {
        using T = scalar_t;
        const T* w = weight.data<T>();
        T* o = out.data<T>();
        for (int64_t i = 0; i < indices.numel(); ++i)
            std::copy(w + indices.intValueAt(i) * dim, w + (indices.intValueAt(i) + 1) * dim, o + i * dim);
    });
    OpRecorder rec("EmbeddingBackward0", {&weightIn},
                   [numWeights, paddingIdx, scaleGradByFreq](BackwardNode& n, const variable_list& g) {
                       return variable_list{
                           embeddingDenseBackward(g[0], n.saved(0), numWeights, paddingIdx, scaleGradByFreq)};
                   });
    rec.save("indices", indices);
    rec.save("weight", weightIn);
    rec.attr("padding_idx", UnsignedAttr{paddingIdx});
    rec.attr("scale_grad_by_freq", scaleGradByFreq);
    rec.attr("sparse", sparse);
    // auto_linear: the same rows of the tangent
    rec.forward([&](const InputTangents& t, const Tensor&) {
        return embedding(t[0], indices, paddingIdx, scaleGradByFreq, sparse);
    });
    return rec.finish(out);
}

Tensor& embeddingRenormInplace(Tensor& weight, const Tensor& indices, double maxNorm, double normType)
{
    // derivatives.yaml: not_implemented("embedding_renorm"); F.embedding calls it under no_grad.
    checkInplace(weight);
    AGV_CHECK(weight.dim() == 2, RuntimeError, "Expected 2-dimensional tensor, but got ", weight.dim(),
              "-dimensional tensor for argument #1 'self' (while checking arguments for embedding_renorm_)");
    AGV_CHECK(indices.dtype() == ScalarType::Int64 || indices.dtype() == ScalarType::Int32, RuntimeError,
              "Expected tensor for argument #2 'indices' to have one of the following scalar types: Long, Int; but "
              "got torch.",
              legacyTensorTypeName(indices.dtype()), " instead (while checking arguments for embedding_renorm_)");
    std::vector<int64_t> sorted(size_t(indices.numel()));
    for (int64_t i = 0; i < indices.numel(); ++i)
        sorted[size_t(i)] = indices.intValueAt(i);
    std::sort(sorted.begin(), sorted.end());
    const int64_t rows = weight.sizes()[0];
    {
        // The kernel's own row views and norms are not ops the script ran.
        trace::MuteGuard mute;
        GradModeGuard noGrad(false);
        for (size_t i = 0; i < sorted.size(); ++i) {
            if (i > 0 && sorted[i] == sorted[i - 1])
                continue;
            AGV_CHECK(sorted[i] >= -rows && sorted[i] < rows, IndexError, "select(): index ", sorted[i],
                      " out of range for tensor of size ", sizesToString(weight.sizes()), " at dimension 0");
            Tensor row = select(weight, 0, sorted[i]);
            const double norm = ops::norm(row, Scalar(normType), {0}).item();
            if (norm > maxNorm) {
                // `row *= scale`: a float row is multiplied by the scale rounded to float.
                const double scale = maxNorm / (norm + 1e-7);
                AGV_DISPATCH_FLOATING_AND_HALF(weight.dtype(), "embedding_renorm_", [&] {
                    using T = scalar_t;
                    using Math = std::conditional_t<std::is_same_v<T, double>, double, float>;
                    const Math s = Math(scale);
                    for (int64_t off : kernel::elementOffsets(row.sizes(), row.strides()))
                        row.data<T>()[off] = T(Math(row.data<T>()[off]) * s);
                });
            }
        }
    }
    weight.bumpVersion("embedding_renorm_");
    return weight;
}

}  // namespace agv::ops
