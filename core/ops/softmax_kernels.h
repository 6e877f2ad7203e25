#pragma once
// PyTorch 1.13's vectorised CPU softmax loops (aten/src/ATen/native/cpu/SoftMaxKernel.cpp)
// for float and double, so that softmax, log_softmax and their backward round as
// PyTorch's do. Each takes contiguous buffers read as [outer, dim, inner]; lastDim
// picks the row kernels (the softmax dim is the tensor's last). Each returns false,
// writing nothing, when this CPU has no AVX2: the caller then uses its own loop.

#include <cstdint>

#include "core/tensor/half.h"

namespace agv::ops::softmax_kernels {

struct Shape {
    int64_t outer = 1;
    int64_t dim = 1;
    int64_t inner = 1;
    bool lastDim = true;
};

/// softmax (_vec_softmax_lastdim / _vec_softmax) or log_softmax (_vec_log_softmax_lastdim /
/// _vec_logsoftmax).
bool forward(const float* in, float* out, const Shape& shape, bool log);
bool forward(const double* in, double* out, const Shape& shape, bool log);

/// _softmax_backward_data / _log_softmax_backward_data from the forward's output.
bool backward(const float* grad, const float* output, float* gradInput, const Shape& shape, bool log);
bool backward(const double* grad, const double* output, double* gradInput, const Shape& shape, bool log);

/// The same for bfloat16, rounded where 1.13's kernels round (softmax_bfloat16.cpp).
bool forward(const BFloat16* in, BFloat16* out, const Shape& shape, bool log);
bool backward(const BFloat16* grad, const BFloat16* output, BFloat16* gradInput, const Shape& shape, bool log);

}  // namespace agv::ops::softmax_kernels
