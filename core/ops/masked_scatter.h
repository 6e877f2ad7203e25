#pragma once
// masked_scatter and masked_scatter_: the source's elements, in order, written where the
// mask is set (MaskedScatterBackward0).

#include "core/tensor/tensor.h"

namespace agv::ops {

/// self.masked_scatter(mask, source): self and mask broadcast together (expand_outplace).
Tensor maskedScatter(const Tensor& self, const Tensor& mask, const Tensor& source);
/// self.masked_scatter_(mask, source): the mask broadcasts to self's shape.
Tensor& maskedScatterInplace(Tensor& self, const Tensor& mask, const Tensor& source);
/// masked_scatter_backward: the gradient read back at the mask, zero-padded to the source's
/// element count and shaped as the source.
Tensor maskedScatterBackward(const Tensor& grad, const Tensor& mask, const IntList& sourceSizes);

}  // namespace agv::ops
