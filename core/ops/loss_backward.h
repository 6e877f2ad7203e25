#pragma once
// mse_loss_backward, smooth_l1_loss_backward and huber_loss_backward as ops of their own:
// the gradients MseLossBackward0, SmoothL1LossBackward0 and HuberLossBackward0 pass on.
// Under create_graph each records its own node (MseLossBackwardBackward0, ...) whose
// formulas are FunctionsManual's *_double_backward, so second-order gradients, their
// graph and the tensors it saves are PyTorch's.

#include "core/ops/ops.h"

namespace agv::ops {

Tensor mseLossBackward(const Tensor& gradOutput, const Tensor& self, const Tensor& target, Reduction reduction);
Tensor smoothL1LossBackward(const Tensor& gradOutput, const Tensor& self, const Tensor& target, Reduction reduction,
                            double beta);
Tensor huberLossBackward(const Tensor& gradOutput, const Tensor& self, const Tensor& target, Reduction reduction,
                         double delta);

}  // namespace agv::ops
