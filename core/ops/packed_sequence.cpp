// See packed_sequence.h. The three functions follow PackedSequence.cpp step for step:
// the checks in its order and words, and the same slices and copies, so the values, the
// versions and (for the two composites) the graphs are 1.13's.

#include "core/ops/packed_sequence.h"

#include <algorithm>

#include "core/error.h"
#include "core/ops/backward_versions.h"
#include "core/ops/kernels.h"
#include "core/ops/op_recorder.h"
#include "core/ops/ops.h"
#include "core/ops/quietly.h"

namespace agv::ops {

std::vector<int64_t> longValuesOf(const Tensor& lengths)
{
    AGV_CHECK(lengths.dim() == 1 && lengths.device().isCpu() && lengths.dtype() == ScalarType::Int64, RuntimeError,
              "'lengths' argument should be a 1D CPU int64 tensor, but got ", lengths.dim(), "D ",
              lengths.device().str(), " ", legacyDtypeShortName(lengths.dtype()), " tensor");
    const Tensor dense = quietly([&] { return contiguous(lengths); });
    const int64_t* values = dense.data<int64_t>();
    return std::vector<int64_t>(values, values + dense.numel());
}

namespace {

/// The packed data of `input` (T x B x *): for each run of steps with the same batch size,
/// that block of steps and sequences, flattened to rows and joined. Also fills batchSizes.
Tensor packSteps(const Tensor& input, const std::vector<int64_t>& lengths, int64_t* batchSizes)
{
    const int64_t batchSize = int64_t(lengths.size());
    IntList stepShape{-1};  // [-1, *input.shape[2:]]
    stepShape.insert(stepShape.end(), input.sizes().begin() + 2, input.sizes().end());
    // Scanning the sequences from the shortest: each time the length grows, the block of
    // the new steps for all sequences at least that long is cut out at once.
    TensorList steps;
    int64_t previousLength = 0;
    for (int64_t i = 0; i < batchSize; ++i) {
        const int64_t length = lengths[size_t(batchSize - 1 - i)];
        if (length > previousLength) {
            const int64_t currentBatchSize = batchSize - i;
            const Tensor block = slice(slice(input, 0, previousLength, length), 1, 0, currentBatchSize);
            steps.push_back(view(contiguous(block), stepShape));
            for (int64_t j = 0; j < length - previousLength; ++j)
                *batchSizes++ = currentBatchSize;
            previousLength = length;
        }
    }
    return cat(steps, 0);
}

}  // namespace

std::pair<Tensor, Tensor> packPaddedSequence(const Tensor& paddedInput, const Tensor& lengthsTensor, bool batchFirst)
{
    const Tensor input = quietly([&] { return batchFirst ? transpose(paddedInput, 0, 1) : paddedInput; });
    const std::vector<int64_t> lengths = longValuesOf(lengthsTensor);
    const int64_t batchSize = input.size(1);
    AGV_CHECK(input.numel() > 0, RuntimeError, "Cannot pack empty tensors.");
    AGV_CHECK(int64_t(lengths.size()) == batchSize, RuntimeError,
              "Expected `len(lengths)` to be equal to batch_size, but got ", lengths.size(),
              " (batch_size=", batchSize, ")");
    AGV_CHECK(lengths[size_t(batchSize - 1)] > 0, RuntimeError,
              "Length of all samples has to be greater than 0, but found an element in 'lengths' that is <= 0");
    // enforce_sorted is a Python-level option, but the sortedness check lives here: with
    // enforce_sorted=False the lengths arrive sorted.
    for (int64_t i = 0; i + 1 < batchSize; ++i)
        AGV_CHECK(lengths[size_t(batchSize - 1 - i)] <= lengths[size_t(batchSize - 2 - i)], RuntimeError,
                  "`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. You can pass "
                  "`enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to sidestep this requirement "
                  "if you do not need ONNX exportability.");

    Tensor batchSizes = kernel::newTensor({lengths[0]}, ScalarType::Int64, Device::cpu());
    Tensor data = quietly([&] { return packSteps(input, lengths, batchSizes.data<int64_t>()); });

    const IntList inputSizes = paddedInput.sizes();
    OpRecorder rec("PackPaddedSequenceBackward0", {&paddedInput},
                   [inputSizes, batchFirst](BackwardNode& n, const variable_list& g) {
                       return variable_list{packPaddedSequenceBackward(g[0], inputSizes, n.saved(0), batchFirst)};
                   });
    rec.attr("batch_first", batchFirst);
    rec.attr("input_sizes", inputSizes);
    rec.save("result1", batchSizes);
    data = rec.finish(data);
    announceTensor(batchSizes);
    return {data, batchSizes};
}

Tensor packPaddedSequenceBackward(const Tensor& grad, const IntList& inputSizes, const Tensor& batchSizesTensor,
                                  bool batchFirst)
{
    IntList sizesAfterTranspose = inputSizes;
    if (batchFirst) {
        AGV_CHECK(inputSizes.size() >= 2, RuntimeError, "Expected input_size to have at least 2 dimensions");
        std::swap(sizesAfterTranspose[0], sizesAfterTranspose[1]);
    }
    Tensor gradInput = zeros(sizesAfterTranspose, grad.dtype(), grad.device());
    const std::vector<int64_t> batchSizes = longValuesOf(batchSizesTensor);
    int64_t offset = 0;
    for (size_t i = 0; i < batchSizes.size(); ++i) {
        Tensor destination = slice(select(gradInput, 0, int64_t(i)), 0, 0, batchSizes[i]);
        copyInplace(destination, slice(grad, 0, offset, offset + batchSizes[i]));
        offset += batchSizes[i];
    }
    if (batchFirst)
        gradInput = transpose(gradInput, 0, 1);
    // at::zeros' zero_ and one copy_ per step (See Note [Versions of gradients built in place]).
    return builtInPlace(gradInput, uint32_t(1 + batchSizes.size()));
}

std::pair<Tensor, Tensor> padPackedSequence(const Tensor& data, const Tensor& batchSizesTensor, bool batchFirst,
                                            Scalar paddingValue, int64_t totalLength)
{
    const std::vector<int64_t> batchSizes = longValuesOf(batchSizesTensor);
    AGV_CHECK(!batchSizes.empty(), RuntimeError, "_pad_packed_sequence: batch_sizes is empty");
    const int64_t maxBatchSize = batchSizes[0];
    const int64_t maxRealSeqLength = int64_t(batchSizes.size());
    int64_t maxSeqLength = maxRealSeqLength;
    if (totalLength > 0) {
        AGV_CHECK(totalLength >= maxSeqLength, RuntimeError,
                  "Expected total_length to be at least the length of the longest sequence in input, but got "
                  "total_length=", totalLength, " and max sequence length being ", maxSeqLength);
        maxSeqLength = totalLength;
    }

    IntList outputSize{maxSeqLength, maxBatchSize};  // [max_seq_length, max_batch_size, *data.shape[1:]]
    outputSize.insert(outputSize.end(), data.sizes().begin() + 1, data.sizes().end());
    // at::full: an empty tensor filled in place (one version).
    Tensor output = empty(outputSize, data.dtype(), data.device());
    fillInplace(output, paddingValue);

    // Each run of steps with the same batch size is one block of data, copied at once:
    // output[prev_i:i, :prev_batch_size] = data[offset:offset+l].view(i - prev_i, prev_batch_size, *)
    std::vector<int64_t> lengths(static_cast<size_t>(maxBatchSize), 0);
    IntList blockShape = outputSize;
    int64_t dataOffset = 0, previousBatchSize = maxBatchSize, previousStep = 0;
    int64_t nextLength = maxBatchSize - 1;  // lengths are filled from the shortest sequence
    for (int64_t i = 0; i <= maxRealSeqLength; ++i) {
        const int64_t batchSize = i != maxRealSeqLength ? batchSizes[size_t(i)] : 0;
        if (batchSize != previousBatchSize) {
            const int64_t rows = previousBatchSize * (i - previousStep);
            blockShape[0] = i - previousStep;
            blockShape[1] = previousBatchSize;
            Tensor destination = slice(slice(output, 0, previousStep, i), 1, 0, previousBatchSize);
            copyInplace(destination, view(slice(data, 0, dataOffset, dataOffset + rows), blockShape));
            dataOffset += rows;
            previousStep = i;
        }
        for (int64_t j = 0; j < previousBatchSize - batchSize && nextLength >= 0; ++j)
            lengths[size_t(nextLength--)] = i;
        previousBatchSize = batchSize;
    }
    if (batchFirst)
        output = transpose(output, 0, 1);
    return {output, fromInts({maxBatchSize}, lengths, ScalarType::Int64)};
}

}  // namespace agv::ops
