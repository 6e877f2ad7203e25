#pragma once
// Note [Versions of results computed from inference tensors]
// Outside inference_mode, an op whose tensor inputs are all inference tensors skips
// PyTorch's autograd kernel, and with it the guard that keeps the kernel's own calls
// below ADInplaceOrView. The in-place and out= calls such a kernel makes on its fresh
// output then bump that output's version: clone() (empty + copy_) gives _version 1,
// mean() (sum_out + div_) 2, sum() and max() 1 (out= / fill_), elementwise ops 0
// (structured kernels write their output directly). The counts below were read from
// PyTorch 1.13 (tests/conformance/torch/inference_inputs_result_versions.py prints them).

#include <cstdint>
#include <string_view>

#include "core/tensor/tensor.h"

namespace agv::ops {

/// The _version 1.13 leaves on `out`, the result of the op recorded as `node`, when all of
/// that op's tensor inputs were inference tensors (0: none of its calls bumps it).
uint32_t versionFromInferenceInputs(std::string_view node, const Tensor& out);

}  // namespace agv::ops
