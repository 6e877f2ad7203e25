#pragma once
// torch.embedding_renorm_ (embedding.cpp): what F.embedding(max_norm=...) does to the
// weight before the lookup.

#include "core/tensor/tensor.h"

namespace agv::ops {

/// Rescales, in place, each row of the 2-D `weight` that `indices` names and whose
/// `normType`-norm exceeds `maxNorm`, to norm maxNorm (max_norm / (norm + 1e-7) times),
/// as 1.13's embedding_renorm_cpu_: rows in sorted order, each once, one version bump.
Tensor& embeddingRenormInplace(Tensor& weight, const Tensor& indices, double maxNorm, double normType);

}  // namespace agv::ops
