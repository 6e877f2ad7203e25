#pragma once
// F.soft_margin_loss and F.multi_margin_loss: one kernel each in PyTorch 1.13, with their
// own nodes (SoftMarginLossBackward0, MultiMarginLossBackward0). soft_margin_loss's
// backward is an op too (SoftMarginLossBackwardBackward0 under create_graph);
// multi_margin_loss_backward has no derivative in 1.13 (a NotImplemented node).

#include "core/ops/ops.h"

namespace agv::ops {

/// mean/sum/none of log(1 + exp(-input * target)), in input's dtype.
Tensor softMarginLoss(const Tensor& input, const Tensor& target, Reduction reduction);

/// The multi-class hinge loss of input (C) or (N, C) with class indices target (int64):
/// sum over d != y of max(0, margin - x[y] + x[d])^p (times weight[y]) / C.
Tensor multiMarginLoss(const Tensor& input, const Tensor& target, int64_t p, double margin, const Tensor& weight,
                       Reduction reduction);

}  // namespace agv::ops
