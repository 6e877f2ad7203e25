#pragma once
// torch.bilinear (F.bilinear, nn.Bilinear) as PyTorch 1.13 composes it: inputs flattened
// to 2-D, one _trilinear (TrilinearBackward0), the result reshaped and the bias added
// (bilinear.cpp). Kept apart from ops.h so adding it rebuilds only its users.

#include "core/tensor/tensor.h"

namespace agv::ops {

/// ATen's _trilinear: i1, i2, i3 unsqueezed at expand1/2/3 to a common rank, multiplied
/// and summed over sumdim, one slice of unrollDim at a time (sumproduct_pair twice per
/// slice). Its gradients are _trilinear calls with the roles exchanged.
Tensor trilinear(const Tensor& i1, const Tensor& i2, const Tensor& i3, const IntList& expand1, const IntList& expand2,
                 const IntList& expand3, const IntList& sumdim, int64_t unrollDim = 1);

/// y[..., k] = x1[..., :] @ weight[k] @ x2[..., :] (+ bias[k]).
Tensor bilinear(const Tensor& input1, const Tensor& input2, const Tensor& weight, const Tensor& bias = Tensor());

}  // namespace agv::ops
