// embedding (F.embedding, nn.Embedding): rows of a 2-D weight picked by integer indices
// (index_select along dim 0), grad_fn EmbeddingBackward0. The backward is PyTorch 1.13's
// embedding_dense_backward_cpu: a zero gradient of the weight's shape to which each
// index's gradient row is added in index order (add_ with alpha = 1 / count when
// scale_grad_by_freq, a fused multiply-add as PyTorch's build compiles it), skipping
// padding_idx, whose row therefore gets no gradient.

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"

namespace agv::ops {

namespace {

Tensor embeddingDenseBackward(const Tensor& gradIn, const Tensor& indices, int64_t numWeights, int64_t paddingIdx,
                              bool scaleGradByFreq)
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

}  // namespace

Tensor embedding(const Tensor& weightIn, const Tensor& indices, int64_t paddingIdx, bool scaleGradByFreq, bool sparse)
{
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

}  // namespace agv::ops
