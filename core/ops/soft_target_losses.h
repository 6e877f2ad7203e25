#pragma once
// torch.xlogy, torch.kl_div, cross_entropy with class probabilities or label smoothing
// and pairwise_distance (soft_target_losses.cpp): what PyTorch 1.13 composes in C++ from
// other ops.

#include "core/ops/ops.h"

namespace agv::ops {

/// self * log(other), 0 where self is 0, NaN where other is NaN (XlogyBackward0; a Python
/// number for self: XlogyBackward1, for other: XlogyBackward2).
Tensor xlogy(const Tensor& self, const Tensor& other);
Tensor xlogy(Scalar self, const Tensor& other);
Tensor xlogy(const Tensor& self, Scalar other);
/// x.xlogy_(other): XlogyBackward0 saving self from before the write, or XlogyBackward2
/// with the number; self keeps its shape and dtype (1.13's cast and broadcast errors).
Tensor& xlogyInplace(Tensor& self, const Tensor& other);
Tensor& xlogyInplace(Tensor& self, Scalar other);
/// at::pairwise_distance: norm(x1 - x2 + eps, p) over the innermost dim of the broadcast.
Tensor pairwiseDistance(const Tensor& x1, const Tensor& x2, double p, double eps, bool keepdim);
/// at::kl_div: xlogy(target, target) - target * input (exp(target) * (target - input) for
/// a log target), then the reduction ('batchmean' is F.kl_div's sum / batch, in Python).
Tensor klDiv(const Tensor& input, const Tensor& target, Reduction reduction, bool logTarget);
/// The same with at::Reduction's number (torch.kl_div's argument).
Tensor klDiv(const Tensor& input, const Tensor& target, int64_t reduction, bool logTarget);
/// at::cross_entropy_loss: class probabilities when target has the input's shape, label
/// smoothing in [0, 1] (either target), else log_softmax + nll_loss; weight undefined or [C].
Tensor crossEntropy(const Tensor& input, const Tensor& target, const Tensor& weight, Reduction reduction,
                    int64_t ignoreIndex, double labelSmoothing);

}  // namespace agv::ops
