#pragma once
// Sampling ops whose derivative PyTorch 1.13 defines as zero (derivatives.yaml: normal's
// mean and std, bernoulli's self): the draw is not reparameterised, so gradients stop at
// the sample. torch.normal / torch.bernoulli draw their values in Python (the same
// generator calls as PyTorch's kernels, torch/_random_fill.py); this gives the result
// its node, so the graph, the inspector and backward see PyTorch's op.

#include "core/tensor/tensor.h"

namespace agv::ops {

enum class SampledBy {
    NormalTensorFloat,   // normal(Tensor mean, float std): NormalBackward1
    NormalFloatTensor,   // normal(float mean, Tensor std): NormalBackward2
    NormalTensorTensor,  // normal(Tensor mean, Tensor std): NormalBackward3
    Bernoulli,           // bernoulli(Tensor self): BernoulliBackward0
};

/// Wires `sample` (already drawn) into the graph as the output of `op` on `inputs`, whose
/// gradients are zeros of each input's shape in the gradient's dtype.
Tensor recordSample(SampledBy op, const Tensor& sample, const TensorList& inputs);

}  // namespace agv::ops
