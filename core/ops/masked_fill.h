#pragma once
// masked_fill and masked_fill_ (masked_fill.cpp; the in-place ones in inplace.cpp): the
// value a Python number (MaskedFillBackward0) or a 0-d tensor (MaskedFillBackward1).
// maskedFill(self, mask, Scalar) itself is declared in ops.h, as backward formulas use it.

#include "core/ops/ops.h"

namespace agv::ops {

/// The mask as PyTorch 1.13's CPU masked_fill_ kernel reads it (See Note [Masks that are
/// not bool]): a bool mask as it is; any other dtype by the first byte of each element,
/// which must be 0 or 1.
Tensor maskedFillMask(const Tensor& mask);

/// The fill value as a 0-d tensor of self's dtype, with Scalar::to<T>()'s overflow error.
Tensor maskedFillValue(Scalar value, const Tensor& self);
/// The same for a 0-d tensor value (its item()).
Tensor maskedFillValue(const Tensor& value, const Tensor& self);

/// self with `value` where mask is true, self broadcast to the mask's shape.
Tensor maskedFill(const Tensor& self, const Tensor& mask, const Tensor& value);

Tensor& maskedFillInplace(Tensor& self, const Tensor& mask, Scalar value);
Tensor& maskedFillInplace(Tensor& self, const Tensor& mask, const Tensor& value);

/// masked_fill_backward: the gradient of the fill value, grad.masked_select(mask).sum().
Tensor maskedFillValueGrad(const Tensor& grad, const Tensor& mask);

}  // namespace agv::ops
