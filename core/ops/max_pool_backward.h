#pragma once
// The backward of the max pools that return indices (max_pool2d/3d_with_indices,
// adaptive_max_pool2d) as an op of its own, shared by pooling.cpp and pooling3d.cpp.

#include "core/tensor/tensor.h"

namespace agv::ops::internal {

/// The input gradient: each output's gradient added at the input position its index names
/// (over the last `spatialDims` dims, in output order), recorded as `nodeName` (under
/// create_graph: max_pool_double_backward for grad_output, zeros for self; saves the
/// indices). `kernelName` names the kernel in its "not implemented for" error.
Tensor maxPoolIndicesBackward(const Tensor& gradOutput, const Tensor& self, const Tensor& indices, int spatialDims,
                              const char* nodeName, const char* kernelName);

}  // namespace agv::ops::internal
