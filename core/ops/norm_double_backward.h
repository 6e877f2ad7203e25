#pragma once
// The derivatives of the normalisation layers' backward kernels, as FunctionsManual.cpp of
// PyTorch 1.13 writes them: compositions of ordinary differentiable ops, so a gradient
// taken under create_graph=True can be differentiated again (and again).
//
//   * native_batch_norm_backward  -> batchnorm_double_backward   (NativeBatchNormBackwardBackward0)
//   * native_layer_norm_backward  -> layer_norm_double_backward  (NativeLayerNormBackwardBackward0)
//   * native_group_norm under grad mode -> infinitely_differentiable_native_group_norm_backward
//     (no node of its own: the gradient is the composition's result)
//
// Every op runs in FunctionsManual's order, in-place steps included, so the values match
// 1.13 bit for bit and the graph recorded under create_graph is the one 1.13 records.

#include "core/tensor/tensor.h"

namespace agv::ops {

/// The three gradients a backward kernel's derivative gives back: with respect to its
/// input, its weight and its incoming gradient (grad_out). Any may be undefined.
struct NormDoubleBackward {
    Tensor gradInput;
    Tensor gradWeight;
    Tensor gradGradOutput;
};

/// batchnorm_double_backward: ggI, ggG, ggB are the gradients flowing into the first
/// backward's three outputs; training uses the saved batch statistics (saveMean,
/// saveInvstd), evaluation the running ones.
NormDoubleBackward batchNormDoubleBackward(const Tensor& input, const Tensor& gamma, const Tensor& ggI,
                                           const Tensor& ggG, const Tensor& ggB, const Tensor& gradOut,
                                           const Tensor& runningMean, const Tensor& runningVar, bool training,
                                           double eps, const Tensor& saveMean, const Tensor& saveInvstd);

/// layer_norm_double_backward over the last `normalizedDims` dims of the input.
NormDoubleBackward layerNormDoubleBackward(const Tensor& input, const Tensor& gamma, const Tensor& ggI,
                                           const Tensor& ggG, const Tensor& ggB, const Tensor& gradOut,
                                           const Tensor& saveMean, const Tensor& saveInvstd, size_t normalizedDims);

/// infinitely_differentiable_native_group_norm_backward: dX, dgamma, dbeta as the output
/// mask asks, from the gradients of the output (dY) and of the saved statistics (dmean,
/// drstd, which reach the input only when both are defined, as in 1.13). Any may be undefined.
struct GroupNormGradients {
    Tensor input, weight, bias;
};
GroupNormGradients groupNormDifferentiableBackward(const Tensor& dY, const Tensor& dmean, const Tensor& drstd,
                                                   const Tensor& X, const Tensor& mean, const Tensor& rstd,
                                                   const Tensor& gamma, int64_t N, int64_t C, int64_t HxW,
                                                   int64_t group, bool needInput, bool needWeight, bool needBias);

}  // namespace agv::ops
