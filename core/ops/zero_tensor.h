#pragma once
// Note [ZeroTensor]
// PyTorch 1.13 has a tensor that stands for zeros without holding any
// (at::_efficientzerotensor, `t._is_zerotensor()`): a dispatch key on its TensorImpl and no
// storage. Its only source a script meets is sgn's backward of a real tensor
// (sgn_backward returns one), so double backward through abs, norm(p=1 or inf), l1_loss
// and sgn itself hands one out. What a script sees of it:
//  - add, sub, mul, div and dot have ZeroTensor kernels that do no arithmetic: zt * x and
//    zt / x are ZeroTensors, zt + x is a copy of x (so a -0. stays -0., where 0. + -0. is
//    0.), with alpha a multiplication of that copy (zt - x is x * -1), x / zt is all inf
//    and zt / zt all nan;
//  - every other op materialises it (the ZeroTensor fallback passes zeros) and returns an
//    ordinary tensor, while views of it (and .data, .detach()) are ZeroTensors too;
//  - writes into it are refused (the fallback's "ZeroTensors are immutable", copy_'s own
//    words); copy_ from it zeroes the destination;
//  - tolist() refuses (it reads the storage it has not got); item(), printing and
//    comparisons see zeros;
//  - AccumulateGrad may steal it as a leaf's .grad, which then refuses the next backward's
//    in-place accumulation.
// Here a ZeroTensor is a tensor whose storage (zero-filled, so every other kernel reads
// zeros, as the fallback's materialised zeros) this file has marked as one: views share
// the storage, so they share the mark, as views of a ZeroTensor share its key in PyTorch.
// The mark lives here, not in Storage: only the few ops above ask for it. Its memory is
// counted, where 1.13's allocates none.

#include <optional>

#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

/// at::_efficientzerotensor(sizes, dtype, device): contiguous zeros marked as a ZeroTensor.
Tensor efficientZeroTensor(const IntList& sizes, ScalarType dtype, Device device);

/// t._is_zerotensor(): t views the storage of a ZeroTensor.
bool isZeroTensor(const Tensor& t);

/// The ZeroTensor fallback's refusal of a write into `self` when it is a ZeroTensor.
void checkNotZeroTensor(const Tensor& self);

/// add_zerotensor: `a + alpha * b` when a or b is a ZeroTensor (nullopt otherwise), in
/// `resultType` over the broadcast shape. sub_zerotensor is this with -alpha.
std::optional<Tensor> zeroTensorAdd(const Tensor& a, const Tensor& b, const Scalar& alpha, ScalarType resultType);
/// mul_zerotensor: a ZeroTensor of the broadcast shape when a or b is one.
std::optional<Tensor> zeroTensorMul(const Tensor& a, const Tensor& b, ScalarType resultType);
/// div_zerotensor: 0 / x a ZeroTensor, x / 0 all inf, 0 / 0 all nan.
std::optional<Tensor> zeroTensorDiv(const Tensor& a, const Tensor& b, ScalarType resultType);

}  // namespace agv::ops
