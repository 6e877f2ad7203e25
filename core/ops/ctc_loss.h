#pragma once
// The connectionist temporal classification loss as PyTorch 1.13's LossCTC.cpp: the
// kernel at::_ctc_loss (log-space alpha recursion, CtcLossBackward0 / CtcLossBackward1)
// with its backward at::_ctc_loss_backward (the beta recursion), and the composite
// at::ctc_loss behind F.ctc_loss, which unbatches, zeroes infinities and reduces.

#include <utility>

#include "core/ops/ops.h"

namespace agv::ops {

/// at::_ctc_loss(log_probs [T, N, C], targets [N, S] or [sum(target_lengths)],
/// input_lengths, target_lengths, blank, zero_infinity): (neg_log_likelihood [N],
/// log_alpha [N, T, 2 * max_target_length + 1]). zero_infinity only matters to the backward.
std::pair<Tensor, Tensor> ctcLossWithAlpha(const Tensor& logProbs, const Tensor& targets, const IntList& inputLengths,
                                           const IntList& targetLengths, int64_t blank, bool zeroInfinity);
/// The Tensor-lengths overload (integral 1-D lengths, kept as tensors by CtcLossBackward1).
std::pair<Tensor, Tensor> ctcLossWithAlpha(const Tensor& logProbs, const Tensor& targets, const Tensor& inputLengths,
                                           const Tensor& targetLengths, int64_t blank, bool zeroInfinity);

/// at::_ctc_loss_backward: the gradient with respect to log_probs.
Tensor ctcLossBackward(const Tensor& grad, const Tensor& logProbs, const Tensor& targets, const IntList& inputLengths,
                       const IntList& targetLengths, const Tensor& negLogLikelihood, const Tensor& logAlpha,
                       int64_t blank, bool zeroInfinity);

/// at::ctc_loss: log_probs [T, N, C] or unbatched [T, C]; reduction Mean divides each loss
/// by its target length (at least 1) before the mean.
Tensor ctcLoss(const Tensor& logProbs, const Tensor& targets, const IntList& inputLengths,
               const IntList& targetLengths, int64_t blank, Reduction reduction, bool zeroInfinity);
Tensor ctcLoss(const Tensor& logProbs, const Tensor& targets, const Tensor& inputLengths,
               const Tensor& targetLengths, int64_t blank, Reduction reduction, bool zeroInfinity);

}  // namespace agv::ops
