#pragma once
// Ops that never record a node (comparisons, logical ops) still reach a dispatch mode in
// PyTorch: `x > 0` inside a selectively checkpointed region is aten.gt.Scalar to its
// policy. OpRecorder::finish offers the ops that record one; these call this instead.

#include <initializer_list>
#include <string_view>

#include "core/tensor/tensor.h"

namespace agv::ops {

/// Offers the op aten.<name>.<overload> ("gt", "Scalar") to the innermost interceptor,
/// which may replace `out`; publishes what it decided (with no node). Builds nothing while
/// no interceptor is pushed: every comparison calls it.
void offerNodelessOp(std::string_view name, std::string_view overload, std::initializer_list<const Tensor*> inputs,
                     Tensor& out);

}  // namespace agv::ops
