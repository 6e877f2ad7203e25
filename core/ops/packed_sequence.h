#pragma once
// torch._pack_padded_sequence, its backward and torch._pad_packed_sequence: the kernels
// behind torch.nn.utils.rnn's pack_padded_sequence / pad_packed_sequence, as PyTorch 1.13
// writes them (aten/src/ATen/native/PackedSequence.cpp).
//
// A packed batch lays the sequences out step by step: the data holds step 0 of every
// sequence, then step 1 of every sequence still running, ...; batch_sizes[t] counts the
// sequences running at step t. The sequences are sorted longest first, so the running
// ones are always the first batch_sizes[t] of the batch.

#include <cstdint>
#include <utility>
#include <vector>

#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// torch._pack_padded_sequence(input, lengths, batch_first): (data, batch_sizes) of the
/// padded T x B x * input (B x T x * with batch_first); `lengths` is a sorted 1-D CPU
/// int64 tensor. data's grad_fn is PackPaddedSequenceBackward0; batch_sizes is CPU int64.
std::pair<Tensor, Tensor> packPaddedSequence(const Tensor& input, const Tensor& lengths, bool batchFirst);

/// torch._pack_padded_sequence_backward: the gradient of packPaddedSequence's data spread
/// back into a zero-padded tensor of `inputSizes`.
Tensor packPaddedSequenceBackward(const Tensor& grad, const IntList& inputSizes, const Tensor& batchSizes,
                                  bool batchFirst);

/// torch._pad_packed_sequence(data, batch_sizes, batch_first, padding_value, total_length):
/// (padded, lengths). The padded tensor is max(total_length, len(batch_sizes)) steps long;
/// a total_length of 0 or less means just long enough. Built as PyTorch builds it (a
/// filled tensor, one copy_ per run of equal batch sizes), so its grad_fn is CopySlices.
std::pair<Tensor, Tensor> padPackedSequence(const Tensor& data, const Tensor& batchSizes, bool batchFirst,
                                            Scalar paddingValue, int64_t totalLength);

/// The numbers in a 1-D CPU int64 tensor of lengths or batch sizes, checked as 1.13's
/// checkLongTensor checks both (its message calls either one 'lengths').
std::vector<int64_t> longValuesOf(const Tensor& lengths);

}  // namespace agv::ops
