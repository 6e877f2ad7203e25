#pragma once
// The skeleton of an in-place op whose values come from its out-of-place kernel (the
// ops of linalg_extra.h, index_fill_copy.h and binary_special.h): PyTorch's order of
// checks, the node rebased onto self's history, the version bump. Kept apart from
// inplace.cpp's private helpers so that adding such an op rebuilds only its own file.

#include <functional>
#include <initializer_list>

#include "core/ops/op_recorder.h"

namespace agv::ops {

/// What an in-place op states besides its values.
struct InplaceRecord {
    const char* opName = nullptr;    ///< "addmv_": the version bump and the dispatch modes see it
    const char* nodeName = nullptr;  ///< "AddmvBackward0"
    BackwardNode::Rule rule;
    /// Saves the node's tensors and attributes; `originalSelf` is a clone of self from
    /// before the write when `needsOriginalSelf`, else undefined.
    std::function<void(OpRecorder&, const Tensor& originalSelf)> save;
    bool needsOriginalSelf = false;
    /// The written self is saved as the node's `result` (copysign_: the formula reads it).
    bool savesResult = false;
    ForwardRule forward;
};

/// self = values(): checkInplace (a leaf, a view of one), the internal overlap check,
/// then `values` (the out-of-place kernel, run muted and without grad: its errors come
/// before anything is written), then the write, the bump and the node.
Tensor& recordInplace(Tensor& self, std::initializer_list<const Tensor*> inputs, const InplaceRecord& record,
                      const std::function<Tensor()>& values);

}  // namespace agv::ops
