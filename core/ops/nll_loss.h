#pragma once
// nll_loss as PyTorch 1.13's nll_loss_nd: class weights, any ignore_index, 1-D and 2-D
// inputs (NllLossBackward0), batches of spatial maps (NllLoss2DBackward0, other ranks
// through views), and the double-backward node NllLossBackwardBackward0.

#include "core/ops/ops.h"

namespace agv::ops {

/// F.nll_loss(input, target, weight, reduction=, ignore_index=): input [C], [N, C] or
/// [N, C, d1, ...], target [], [N] or [N, d1, ...]; weight undefined or [C].
Tensor nllLoss(const Tensor& input, const Tensor& target, const Tensor& weight, Reduction reduction,
               int64_t ignoreIndex);

}  // namespace agv::ops
