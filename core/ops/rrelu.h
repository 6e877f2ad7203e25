#pragma once
// torch.rrelu / rrelu_ (F.rrelu, nn.RReLU): PyTorch 1.13's rrelu_with_noise, whose noise
// tensor holds each element's slope: in training a draw from U(lower, upper) for x <= 0
// (one double from the generator per such element, in order) and 1 elsewhere; in eval
// leaky_relu with slope (lower + upper) / 2 (RreluWithNoiseBackward0, and ...1 in place).
// Kept apart from ops.h so adding it rebuilds only its users.

#include "core/ops/scalar.h"
#include "core/tensor/tensor.h"

namespace agv {
class Generator;
}

namespace agv::ops {

/// `generator` null means the default generator.
Tensor rrelu(const Tensor& self, Scalar lower, Scalar upper, bool training, Generator* generator = nullptr);
Tensor& rreluInplace(Tensor& self, Scalar lower, Scalar upper, bool training, Generator* generator = nullptr);

}  // namespace agv::ops
