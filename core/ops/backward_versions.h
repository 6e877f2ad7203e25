#pragma once
// Note [Versions of gradients built in place]
// Many of 1.13's backward formulas build the gradient they return in place: at::zeros (its
// zero_ goes through autograd when called from a formula: one bump) then scatter_ or
// index_add_ (another), or new_zeros / zeros_like (no bump) then masked_fill_,
// scatter_add_ or index_put_ (one). The bumps show as the _version of what
// torch.autograd.grad returns and of a .grad that steals it, so our formulas, which build
// the same values out of place, stamp the same count on their fresh result.

#include <cstdint>

#include "core/tensor/tensor.h"

namespace agv::ops {

/// `grad`, a tensor the formula just made and nobody else holds, at `version`.
inline Tensor builtInPlace(Tensor grad, uint32_t version)
{
    if (grad.defined())
        grad.impl()->versionCounter()->version = version;
    return grad;
}

}  // namespace agv::ops
