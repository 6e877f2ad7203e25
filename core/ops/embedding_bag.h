#pragma once
// torch.embedding_bag's values and gradients (F.embedding_bag, nn.EmbeddingBag) as
// PyTorch 1.13's CPU kernels compute them, for float and double weights
// (embedding_bag.cpp). Kept apart from ops.h so adding it rebuilds only its users.

#include <cstdint>
#include <optional>

#include "core/tensor/tensor.h"

namespace agv::ops {

enum class EmbeddingBagMode : int64_t { Sum = 0, Mean = 1, Max = 2 };

/// Bag b reduces the rows weight[indices[k]] for k in [offsets[b], offsets[b + 1]) (the
/// last bag runs to the end, or, with includeLastOffset, the last offset only closes the
/// bag before it). Rows equal to paddingIdx are skipped; perSampleWeights (mode Sum only)
/// scale each row. One EmbeddingBagBackward0 for weight and perSampleWeights.
Tensor embeddingBag(const Tensor& weight, const Tensor& indices, const Tensor& offsets, bool scaleGradByFreq,
                    EmbeddingBagMode mode, const Tensor& perSampleWeights, bool includeLastOffset,
                    std::optional<int64_t> paddingIdx);

}  // namespace agv::ops
