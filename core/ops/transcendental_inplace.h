#pragma once
// The in-place forms of erf, erfc, expm1, log1p, log2, log10 and exp2 (x.erf_(),
// torch.expm1_(x), ...; core/ops/pointwise.cpp): the out-of-place kernel written into self
// and its node rebased onto self's history; expm1_ and exp2_ save the result, the others a
// copy of self from before the write. Kept apart from ops.h so adding them rebuilds only
// their users.

#include "core/tensor/tensor.h"

namespace agv::ops {

Tensor& erfInplace(Tensor& self);
Tensor& erfcInplace(Tensor& self);
Tensor& expm1Inplace(Tensor& self);
Tensor& log1pInplace(Tensor& self);
Tensor& log2Inplace(Tensor& self);
Tensor& log10Inplace(Tensor& self);
Tensor& exp2Inplace(Tensor& self);

}  // namespace agv::ops
