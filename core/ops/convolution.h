#pragma once
// Convolution's kernels below autograd. PyTorch 1.13 picks one of several CPU
// algorithms per call (Note [Convolution backends]); we pick the same one and run
// an implementation with the same arithmetic, so values agree to the last bit.

#include <array>

#include "core/tensor/tensor.h"

namespace agv::ops::conv {

/// Stride, padding, ... expanded to one value per spatial dimension.
struct Params {
    IntList stride, padding, dilation, outputPadding;
    bool transposed = false;
    int64_t groups = 1;
};

/// The members of PyTorch's `torch._C._ConvBackend` that a CPU build can choose.
enum class Backend { Empty, Mkldnn, Slow2d, SlowDilated2d, SlowTranspose2d, Slow3d, SlowDilated3d, SlowTranspose3d };
const char* backendName(Backend b);

/// PyTorch's `_select_conv_backend` for a CPU tensor (input already batched).
Backend selectBackend(const Tensor& input, const Tensor& weight, const Params& p);

/// Output sizes of a convolution (or transposed convolution).
IntList outputSizes(const IntList& input, const IntList& weight, const Params& p);

struct Grads {
    Tensor input, weight, bias;
};
using Mask = std::array<bool, 3>;  ///< which of input, weight, bias gradients to compute

// im2col + GEMM (PyTorch's "slow" kernels: slow_conv2d/3d, slow_conv_dilated2d/3d,
// slow_conv_transpose2d/3d). Tensors are contiguous, 4-d or 5-d, of one dtype; groups == 1.
Tensor im2colForward(const Tensor& input, const Tensor& weight, const Tensor& bias, const Params& p);
Grads im2colBackward(const Tensor& gradOut, const Tensor& input, const Tensor& weight, const Params& p, Mask mask);
/// slow_conv2d's channels-last paths (Note [slow_conv2d channels last]): a 4-d floating
/// input, groups == 1; the results are laid out channels last.
Tensor im2colForwardChannelsLast(const Tensor& input, const Tensor& weight, const Tensor& bias, const Params& p);
Tensor im2colGradInputChannelsLast(const Tensor& gradOut, const Tensor& input, const Tensor& weight, const Params& p);
Tensor im2colGradWeightChannelsLast(const Tensor& gradOut, const Tensor& input, const Tensor& weight, const Params& p);
Tensor im2colTransposedForward(const Tensor& input, const Tensor& weight, const Tensor& bias, const Params& p);
Grads im2colTransposedBackward(const Tensor& gradOut, const Tensor& input, const Tensor& weight, const Params& p,
                               Mask mask);

// oneDNN (what PyTorch calls mkldnn): float32, contiguous, 4-d or 5-d, any groups.
/// With `channelsLast` (a 4-d input), the activations are described as NHWC, as ideep
/// describes a channels-last convolution's (Note [Channels-last convolutions]).
Tensor onednnForward(const Tensor& input, const Tensor& weight, const Tensor& bias, const Params& p,
                     bool channelsLast = false);
Grads onednnBackward(const Tensor& gradOut, const Tensor& input, const Tensor& weight, const Params& p, Mask mask,
                     bool channelsLast = false);

}  // namespace agv::ops::conv
