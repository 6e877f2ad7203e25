#pragma once
// Checkpointed segments (torch.utils.checkpoint): the nodes created while a segment's
// forward runs, and again while backward recomputes it, carry the segment's id and
// phase in the trace, so the picture can frame the segment, show its recompute and
// compare the two runs. torch/utils/checkpoint.py opens and closes the scopes.

#include <cstdint>

namespace agv {

class CheckpointSegments {
public:
    /// A fresh segment id (ids are never reused within a run).
    static uint64_t newSegment();
    /// The forward of a checkpointed segment starts (publishes CheckpointBegin, with the
    /// label of the saved-tensor hooks in force).
    static void enterForward(uint64_t segment, bool reentrant, bool preserveRngState);
    /// Backward recomputes `segment` (publishes RecomputeBegin): nodes created until the
    /// matching leave() are in phase recompute. A recompute runs inside a node's
    /// backward, where the engine's own arithmetic is not traced; the recompute is.
    static void enterRecompute(uint64_t segment);
    /// Leaves the innermost scope (publishes CheckpointEnd or RecomputeEnd).
    static void leave();

    /// The innermost segment (0: none) and whether it is being recomputed.
    static uint64_t current();
    static bool recomputing();
};

}  // namespace agv
