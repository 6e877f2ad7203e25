#pragma once
// Tensor.lerp_: self += weight * (end - self) in place, with a number or a tensor weight
// (LerpBackward0 / LerpBackward1 on the modified self, as 1.13 records them).

#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv::ops {

Tensor& lerpInplace(Tensor& self, const Tensor& end, Scalar weight);
Tensor& lerpInplace(Tensor& self, const Tensor& end, const Tensor& weight);

}  // namespace agv::ops
