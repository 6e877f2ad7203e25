#pragma once
// The in-place form of a unary op (x.tan_(), x.sqrt_(), ...), for the files that define
// the out-of-place op and its backward formula, so both share them (core/ops/inplace.cpp).

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/ops/op_recorder.h"

namespace agv::ops {

/// What an in-place unary op's node saves: nothing, a clone of self before the write
/// (PyTorch's codegen saves `self.clone()` for formulas that read self), or self itself
/// after the write (formulas that read `result`; See Note [Saved output cycles]).
enum class InplaceSaves { Nothing, OriginalSelf, Result };

/// self = values(self): PyTorch's checks (a leaf, overlap, and for float-valued ops its
/// "result type Float can't be cast" on an integer self), the version bump, and the node
/// `nodeName` rebased onto self's history with `rule` (which reads the saved tensor as
/// saved(0)). `values` is the out-of-place kernel, run muted and without grad. `attrs` are
/// the node's saved non-tensor arguments (polygamma_'s n).
Tensor& unaryInplace(Tensor& self, const char* opName, const char* nodeName, InplaceSaves saves,
                     const std::function<Tensor(const Tensor&)>& values, BackwardNode::Rule rule,
                     ForwardRule forwardRule, bool floatResult,
                     const std::vector<std::pair<const char*, SavedAttr>>& attrs = {});

}  // namespace agv::ops
