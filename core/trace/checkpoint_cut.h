#pragma once
// Note [A reentrant checkpoint that cuts the graph]
// A reentrant checkpoint (1.13's default) whose inputs do not require grad returns a
// tensor without grad_fn: its function ran under no_grad, and with no input to connect,
// CheckpointFunction records no node. Backward never reaches the function, so the
// parameters it uses get no gradient. PyTorch only warns ("None of the inputs have
// requires_grad=True"); the recording shows it as a reentrant segment that created no
// node at all between CheckpointBegin and CheckpointEnd.

#include <vector>

#include "core/trace/recording.h"

namespace agv::trace {

struct CutCheckpoint {
    Id segment = 0;
    int line = 0;          ///< the checkpoint() call
    size_t endStep = 0;    ///< CheckpointEnd: from here on the cut is known
};

/// Every reentrant checkpoint whose output was cut from the graph, in order.
std::vector<CutCheckpoint> findCutCheckpoints(const Recording& recording);

}  // namespace agv::trace
