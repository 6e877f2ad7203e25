#pragma once
// The forward-mode tangents of the normalisation layers (native_layer_norm,
// native_batch_norm, native_group_norm), in the order of PyTorch 1.13's FunctionsManual
// helpers that layer_norm_jvp, batch_norm_jvp and group_norm_jvp share.

#include "core/ops/op_recorder.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// _invstd_jvp then _norm_jvp: the tangent of (x - mean) * invstd, where mean and invstd are
/// the statistics over `dims` (numel elements each), shaped to broadcast against x:
///   invstd_t = ((x_t - mean(x_t)) * (x - mean) * -invstd^3).sum(dims) / numel
///   result_t = (x_t - mean(x_t)) * invstd + (x - mean) * invstd_t
Tensor normalizedTangent(const Tensor& input, const Tensor& inputTangent, const Tensor& mean, const Tensor& invstd,
                         const IntList& dims, int64_t numel);

/// _affine_jvp for an op whose inputs are (input, weight, bias): out * weight + normalized
/// * weight_t, then + bias_t, the parameters viewed as `affineSizes`. `normalized` is
/// (x - mean) * invstd, read only when there is a weight. A weight or bias without tangent
/// is PyTorch's zero tensor, whose product and sum leave the other term as it is.
Tensor affineTangent(const Tensor& out, const Tensor& normalized, const InputTangents& t, const IntList& affineSizes);

}  // namespace agv::ops
