#pragma once
// The max pools that return indices (max_pool2d/3d_with_indices, adaptive_max_pool2d): their
// node and its backward op, shared by pooling.cpp and pooling3d.cpp.

#include <functional>
#include <utility>

#include "core/ops/op_recorder.h"

namespace agv::ops::internal {

/// The input gradient: each output's gradient added at the input position its index names
/// (over the last `spatialDims` dims, in output order), recorded as `nodeName` (under
/// create_graph: max_pool_double_backward for grad_output, zeros for self; saves the
/// indices). `kernelName` names the kernel in its "not implemented for" error.
Tensor maxPoolIndicesBackward(const Tensor& gradOutput, const Tensor& self, const Tensor& indices, int spatialDims,
                              const char* nodeName, const char* kernelName);

/// The names of one max pool's nodes.
struct MaxPoolNodes {
    int spatialDims;
    const char* node;            ///< "MaxPool2DWithIndicesBackward0"
    const char* backwardNode;    ///< its backward's node under create_graph
    const char* backwardKernel;  ///< its backward's kernel, for the "not implemented for" error
};

/// Records the pool's node over self (what `saveArguments` saves, in 1.13's order, then the
/// indices as result1; forward AD gathers the tangent at the indices) and returns
/// {out, indices}.
std::pair<Tensor, Tensor> recordMaxPoolWithIndices(const Tensor& self, Tensor out, const Tensor& indices,
                                                   const MaxPoolNodes& nodes,
                                                   const std::function<void(OpRecorder&)>& saveArguments);

/// saveArguments for the windowed max pools (2-d and 3-d): their attributes and self in
/// 1.13's (alphabetical) order.
std::function<void(OpRecorder&)> saveWindowArguments(const Tensor& self, const IntList& kernel, const IntList& stride,
                                                     const IntList& padding, const IntList& dilation, bool ceilMode);

}  // namespace agv::ops::internal
