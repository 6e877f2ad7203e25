#pragma once
// F.unfold / F.fold (nn.Unfold, nn.Fold): torch._C._nn.im2col and col2im, PyTorch 1.13's
// CPU kernels, shape checks and errors; each is the other's gradient (Im2ColBackward0,
// Col2ImBackward0). Kept apart from ops.h so adding them rebuilds only their users.

#include "core/tensor/tensor.h"

namespace agv::ops {

/// (N, C, H, W) or (C, H, W) -> (N, C*kh*kw, L) or (C*kh*kw, L): every kernel-sized block
/// of the zero-padded input as one column, L blocks in row-major order.
Tensor im2col(const Tensor& self, const IntList& kernelSize, const IntList& dilation, const IntList& padding,
              const IntList& stride);

/// The inverse arrangement: (N, C*kh*kw, L) or (C*kh*kw, L) -> (N, C, H, W) or (C, H, W)
/// with H, W = outputSize, overlapping block elements summed.
Tensor col2im(const Tensor& self, const IntList& outputSize, const IntList& kernelSize, const IntList& dilation,
              const IntList& padding, const IntList& stride);

}  // namespace agv::ops
