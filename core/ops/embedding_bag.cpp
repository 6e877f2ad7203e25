// See embedding_bag.h: EmbeddingBag.cpp's embedding_bag / _embedding_bag_cpu_impl and its
// dense backward, for the build 1.13 ships in Debian (no FBGEMM).
//
// Note [embedding_bag's arithmetic]
// Sum and mean over float weights without padding_idx go through caffe2's
// EmbeddingLookupIdx, which accumulates fma(weight, row, acc) (weight 1 without
// per_sample_weights, an exact add); with padding_idx, or for double, the slow path
// adds rows through BLAS axpy with 1 and scaled rows as acc + row * scale, unfused.
// Mean divides the sums by max(bag size, 1) afterwards. The backward accumulates each
// gradient row into its weight row through BLAS axpy (fused, checked against 1.13), in
// the order of the sorted indices; the per-sample weights' gradient is a BLAS dot.

#include "core/ops/embedding_bag.h"

#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"

namespace agv::ops {

namespace {

constexpr const char* kWhile = " (while checking arguments for embedding_bag)";

struct Bags {
    std::vector<int64_t> indices;  ///< as int64
    std::vector<int64_t> begin, end;
    std::vector<int64_t> offset2bag;  ///< the bag of each index (-1 past the last bag)
};

Bags bagsOf(const Tensor& indices, const Tensor& offsets, bool includeLastOffset)
{
    Bags b;
    const Tensor idx = kernel::convert(kernel::dense(indices), ScalarType::Int64);
    const Tensor off = kernel::convert(kernel::dense(offsets), ScalarType::Int64);
    b.indices.assign(idx.data<int64_t>(), idx.data<int64_t>() + idx.numel());
    const int64_t* o = off.data<int64_t>();
    const int64_t numOffsets = off.numel(), numBags = includeLastOffset ? numOffsets - 1 : numOffsets;
    const int64_t n = int64_t(b.indices.size());
    b.offset2bag.assign(size_t(n), -1);
    for (int64_t bag = 0; bag < numBags; ++bag) {
        b.begin.push_back(o[bag]);
        b.end.push_back(bag + 1 < numOffsets ? o[bag + 1] : n);
        for (int64_t k = o[bag]; k < b.end.back(); ++k)
            b.offset2bag[size_t(k)] = bag;
    }
    return b;
}

/// cpublas::axpy as 1.13's BLAS computes it: y += a * x fused, nothing at all when a is 0.
template <typename T>
void axpy(int64_t n, T a, const T* x, T* y)
{
    if (a == T(0))
        return;
    for (int64_t i = 0; i < n; ++i)
        y[i] = std::fma(a, x[i], y[i]);
}

float dot(int64_t n, const float* x, const float* y) { return cblas_sdot(blasint(n), x, 1, y, 1); }
double dot(int64_t n, const double* x, const double* y) { return cblas_ddot(blasint(n), x, 1, y, 1); }

/// check_arguments and the index checks before the kernels, in 1.13's order.
void checkArguments(const Tensor& weight, const Tensor& indices, const Tensor& offsets, EmbeddingBagMode mode,
                    const Tensor& perSampleWeights, bool includeLastOffset)
{
    const auto isIndex = [](ScalarType t) { return t == ScalarType::Int64 || t == ScalarType::Int32; };
    AGV_CHECK(isIndex(indices.dtype()), RuntimeError,
              "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but "
              "got torch.",
              legacyTensorTypeName(indices.dtype()), " instead", kWhile);
    AGV_CHECK(isIndex(offsets.dtype()), RuntimeError,
              "Expected tensor for argument #1 'offsets' to have one of the following scalar types: Long, Int; but "
              "got torch.",
              legacyTensorTypeName(offsets.dtype()), " instead", kWhile);
    const ScalarType w = weight.dtype();
    AGV_CHECK(w == ScalarType::Half || w == ScalarType::Float32 || w == ScalarType::Float64, RuntimeError,
              "Expected tensor for argument #1 'weight' to have one of the following scalar types: Half, Float, "
              "Double; but got ",
              // 1.13 names bfloat16 by its backend type here.
              w == ScalarType::BFloat16 ? std::string("CPUBFloat16Type")
                                        : "torch." + std::string(legacyTensorTypeName(w)),
              " instead", kWhile);
    AGV_CHECK(w != ScalarType::Half, NotImplementedError, "autogradviz: embedding_bag of float16 weights is not "
              "supported yet");
    if (offsets.numel() > 0) {
        const Tensor off = kernel::convert(kernel::dense(offsets), ScalarType::Int64);
        const int64_t first = off.data<int64_t>()[0], last = off.data<int64_t>()[off.numel() - 1];
        // 1.13 prints offsets[0], a 0-d tensor, with its type line.
        AGV_CHECK(first == 0, RuntimeError,
                  "offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start from position 0. "
                  "However, got ",
                  first, "\n[ torch.", legacyTensorTypeName(offsets.dtype()), "{} ]");
        AGV_CHECK(last <= indices.size(0), RuntimeError, "offsets[-1] can not be greater than input's length ",
                  indices.size(0), " but got offsets[-1] of ", last);
    }
    if (perSampleWeights.defined()) {
        AGV_CHECK(mode == EmbeddingBagMode::Sum, RuntimeError,
                  "embedding_bag: per_sample_weights only supported with mode='sum'");
        AGV_CHECK(perSampleWeights.dtype() == w, RuntimeError,
                  "Expected tensor for argument #1 'weight' to have the same type as tensor for argument #1 "
                  "'per_sample_weights'; but type torch.",
                  legacyTensorTypeName(w), " does not equal torch.", legacyTensorTypeName(perSampleWeights.dtype()),
                  kWhile);
    }
    if (includeLastOffset)
        AGV_CHECK(offsets.size(0) >= 1, RuntimeError, "include_last_offset: number of offset should be at least 1");
}

struct BagValues {
    Tensor output;
    Tensor bagSize;     ///< int64 per bag: the rows that were not padding
    Tensor maxIndices;  ///< int64 (bags, dims), mode Max only
};

template <typename T>
BagValues bagValues(const Tensor& weight, const Bags& b, EmbeddingBagMode mode, const Tensor& perSampleWeights,
                    int64_t paddingIdx)
{
    const int64_t numBags = int64_t(b.begin.size()), dims = weight.size(1), rows = weight.size(0);
    const Tensor w = kernel::dense(weight);
    const T* wp = w.data<T>();
    BagValues v{zeros({numBags, dims}, weight.dtype(), weight.device()),
                zeros({numBags}, ScalarType::Int64, weight.device()), Tensor()};
    T* out = v.output.data<T>();
    int64_t* bagSize = v.bagSize.data<int64_t>();
    const Tensor psw = perSampleWeights.defined() ? kernel::dense(perSampleWeights) : Tensor();
    // See Note [embedding_bag's arithmetic]
    const bool fastPath = std::is_same_v<T, float> && paddingIdx < 0 && mode != EmbeddingBagMode::Max;
    if (mode == EmbeddingBagMode::Max) {
        v.maxIndices = zeros({numBags, dims}, ScalarType::Int64, weight.device());
        int64_t* maxIdx = v.maxIndices.data<int64_t>();
        for (int64_t bag = 0; bag < numBags; ++bag)
            for (int64_t k = b.begin[size_t(bag)]; k < b.end[size_t(bag)]; ++k) {
                const int64_t idx = b.indices[size_t(k)];
                AGV_CHECK(idx >= 0 && idx < rows, RuntimeError,
                          "embedding_bag: Expected idx >= 0 && idx < num_embeddings but found idx to be ", idx);
                if (idx == paddingIdx)
                    continue;
                const bool first = bagSize[bag] == 0;
                for (int64_t d = 0; d < dims; ++d) {
                    T& current = out[bag * dims + d];
                    const T item = wp[idx * dims + d];
                    if (first || item > current) {
                        current = item;
                        maxIdx[bag * dims + d] = idx;
                    }
                }
                ++bagSize[bag];
            }
        return v;
    }
    for (int64_t bag = 0; bag < numBags; ++bag) {
        T* acc = out + bag * dims;
        for (int64_t k = b.begin[size_t(bag)]; k < b.end[size_t(bag)]; ++k) {
            const int64_t idx = b.indices[size_t(k)];
            if (fastPath)
                AGV_CHECK(idx >= 0 && idx < rows, RuntimeError,
                          "[enforce fail at embedding_lookup_idx.cc:214] 0 <= idx && idx < data_size. Index ", k,
                          " is out of bounds: ", idx, ", range 0 to ", rows);
            else
                AGV_CHECK(idx >= 0 && idx < rows, RuntimeError,
                          "embedding_bag: Expected idx >= 0 && idx < num_embeddings but found idx to be ", idx);
            if (idx == paddingIdx)
                continue;
            ++bagSize[bag];
            const T* row = wp + idx * dims;
            if (!psw.defined()) {
                for (int64_t d = 0; d < dims; ++d)
                    acc[d] = acc[d] + row[d];
            } else {
                const T scale = psw.data<T>()[k];
                for (int64_t d = 0; d < dims; ++d)
                    acc[d] = fastPath ? std::fma(scale, row[d], acc[d]) : acc[d] + row[d] * scale;
            }
        }
    }
    if (mode == EmbeddingBagMode::Mean)
        for (int64_t bag = 0; bag < numBags; ++bag)
            for (int64_t d = 0; d < dims; ++d)
                out[bag * dims + d] = out[bag * dims + d] / T(std::max<int64_t>(bagSize[bag], 1));
    return v;
}

/// _embedding_bag_dense_backward_cpu_sum_mean / _max.
template <typename T>
Tensor weightGradient(const Tensor& gradIn, const Tensor& indices, const Bags& b, const Tensor& bagSizeT,
                      const Tensor& maxIndices, int64_t numWeights, bool scaleGradByFreq, EmbeddingBagMode mode,
                      const Tensor& perSampleWeights, int64_t paddingIdx)
{
    const Tensor grad = kernel::dense(gradIn);
    const int64_t dims = grad.size(1);
    Tensor out = zeros({numWeights, dims}, grad.dtype(), grad.device());
    T* o = out.data<T>();
    const T* g = grad.data<T>();
    const int64_t* bagSize = bagSizeT.data<int64_t>();
    if (mode == EmbeddingBagMode::Max) {
        // index_add_ per feature over the non-empty bags, in bag order.
        const int64_t* maxIdx = maxIndices.data<int64_t>();
        for (int64_t d = 0; d < dims; ++d)
            for (int64_t bag = 0; bag < bagSizeT.numel(); ++bag)
                if (bagSize[bag] != 0)
                    o[maxIdx[bag * dims + d] * dims + d] += g[bag * dims + d];
        return out;
    }
    const auto [sortedT, orderT] = sort(kernel::convert(indices, ScalarType::Int64));
    const int64_t n = sortedT.numel();
    const int64_t* sorted = kernel::dense(sortedT).data<int64_t>();
    const Tensor orderDense = kernel::dense(orderT);
    const int64_t* order = orderDense.data<int64_t>();
    const Tensor psw = perSampleWeights.defined() ? kernel::dense(perSampleWeights) : Tensor();
    std::vector<int64_t> counts(size_t(numWeights), 0);
    for (int64_t j = 0; j < n; ++j)
        ++counts[size_t(sorted[j])];
    // compute_counts_uniq: where each run of equal sorted indices ends.
    std::vector<int64_t> runEnds;
    for (int64_t j = 0; j < n; ++j)
        if (j + 1 == n || sorted[j + 1] != sorted[j])
            runEnds.push_back(j + 1);
    for (size_t i = 0; i < runEnds.size(); ++i) {
        const int64_t start = i == 0 ? 0 : runEnds[i - 1];
        const int64_t index = sorted[start];
        if (index == paddingIdx)
            continue;
        for (int64_t j = start; j < runEnds[i]; ++j) {
            const int64_t source = b.offset2bag[size_t(order[j])];
            if (source < 0)
                continue;
            double scale = 1.0;
            if (psw.defined())
                scale = double(psw.data<T>()[order[j]]);
            // 1.13 reads the count at the run's number, not at its start.
            if (scaleGradByFreq)
                scale /= double(counts[size_t(sorted[i])]);
            if (mode == EmbeddingBagMode::Mean && bagSize[source] != 0)
                scale /= double(bagSize[source]);
            axpy(dims, T(scale), g + dims * source, o + dims * index);
        }
    }
    return out;
}

/// _embedding_bag_per_sample_weights_backward_cpu: one dot product per sample.
template <typename T>
Tensor perSampleWeightsGradient(const Tensor& gradIn, const Tensor& weight, const Bags& b, int64_t paddingIdx)
{
    const Tensor grad = kernel::dense(gradIn), w = kernel::dense(weight);
    const int64_t dims = grad.size(1), n = int64_t(b.indices.size());
    Tensor out = zeros({n}, grad.dtype(), grad.device());
    T* o = out.data<T>();
    for (int64_t k = 0; k < n; ++k) {
        const int64_t bag = b.offset2bag[size_t(k)], idx = b.indices[size_t(k)];
        if (bag >= 0 && idx != paddingIdx)
            o[k] = dot(dims, grad.data<T>() + bag * dims, w.data<T>() + idx * dims);
    }
    return out;
}

}  // namespace

Tensor embeddingBag(const Tensor& weight, const Tensor& indicesIn, const Tensor& offsetsIn, bool scaleGradByFreq,
                    EmbeddingBagMode mode, const Tensor& perSampleWeights, bool includeLastOffset,
                    std::optional<int64_t> paddingIdxIn)
{
    int64_t paddingIdx = -1;
    if (paddingIdxIn) {
        const int64_t rows = weight.size(0);
        paddingIdx = *paddingIdxIn;
        AGV_CHECK(paddingIdx >= -rows && paddingIdx < rows, RuntimeError,
                  "padding_idx must be within the number of embeddings, -", rows, " through ", rows - 1,
                  ", but got ", paddingIdx);
        paddingIdx = paddingIdx < 0 ? paddingIdx + rows : paddingIdx;
    }
    // promoteIndicesAndOffsets: an int32 / int64 mix becomes int64.
    Tensor indices = indicesIn, offsets = offsetsIn;
    const auto isIndex = [](ScalarType t) { return t == ScalarType::Int32 || t == ScalarType::Int64; };
    if (indices.dtype() != offsets.dtype() && isIndex(indices.dtype()) && isIndex(offsets.dtype())) {
        indices = kernel::convert(indices, ScalarType::Int64);
        offsets = kernel::convert(offsets, ScalarType::Int64);
    }
    weight.size(1);  // 1.13 reads the embedding width before its checks
    AGV_CHECK(indices.dim() == 1 || indices.dim() == 2, RuntimeError,
              "input has to be a 1D or 2D Tensor, but got Tensor of dimension ", indices.dim());
    if (indices.dim() == 1)
        AGV_CHECK(offsets.dim() == 1, RuntimeError, "offsets has to be a 1D Tensor, but got Tensor of dimension ",
                  offsets.dim());
    AGV_CHECK(weight.dim() == 2, RuntimeError, "weight has to be a 2D Tensor, but got Tensor of dimension ",
              weight.dim());
    checkArguments(weight, indices, offsets, mode, perSampleWeights, includeLastOffset);
    const auto bags = std::make_shared<Bags>(bagsOf(indices, offsets, includeLastOffset));
    BagValues v = quietly([&] {
        return weight.dtype() == ScalarType::Float64
                   ? bagValues<double>(weight, *bags, mode, perSampleWeights, paddingIdx)
                   : bagValues<float>(weight, *bags, mode, perSampleWeights, paddingIdx);
    });
    const int64_t numWeights = weight.size(0);
    const Tensor bagSize = v.bagSize, maxIndices = v.maxIndices;
    OpRecorder rec("EmbeddingBagBackward0", {&weight, &perSampleWeights},
                   [=](BackwardNode& n, const variable_list& g) {
                       const Tensor idx = n.saved(0), w = n.saved(1), psw = n.saved(2);
                       const bool isDouble = g[0].dtype() == ScalarType::Float64;
                       Tensor gradWeight, gradPsw;
                       // _embedding_bag_backward has no derivative in 1.13: computed below autograd.
                       quietly([&] {
                           if (n.needsInputGrad(0))
                               gradWeight = isDouble ? weightGradient<double>(g[0], idx, *bags, bagSize, maxIndices,
                                                                              numWeights, scaleGradByFreq, mode, psw,
                                                                              paddingIdx)
                                                     : weightGradient<float>(g[0], idx, *bags, bagSize, maxIndices,
                                                                             numWeights, scaleGradByFreq, mode, psw,
                                                                             paddingIdx);
                           if (n.needsInputGrad(1))
                               gradPsw = isDouble ? perSampleWeightsGradient<double>(g[0], w, *bags, paddingIdx)
                                                  : perSampleWeightsGradient<float>(g[0], w, *bags, paddingIdx);
                           return 0;
                       });
                       return variable_list{gradWeight, gradPsw};
                   });
    if (rec.active()) {
        rec.save("indices", indices);
        rec.save("weight", weight);
        rec.save("per_sample_weights", perSampleWeights);
        rec.save("offsets", offsets);
        rec.attr("mode", int64_t(mode));
        rec.attr("padding_idx", UnsignedAttr{paddingIdx});  // -1 reads as 18446744073709551615, as in 1.13
        rec.attr("scale_grad_by_freq", scaleGradByFreq);
        rec.attr("sparse", false);
        rec.attr("weight_argsize_0", numWeights);
    }
    return rec.finish(v.output);
}

}  // namespace agv::ops
