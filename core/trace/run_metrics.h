#pragma once
// What a recording cost, in counts only (never clock time, so the same script gives the
// same numbers on every machine): the figures "Compare Runs" sets side by side to show
// what gradient checkpointing trades — memory kept for backward against work done again.
//
// Note [Saved-activation bytes]
// The bytes the autograd graph keeps alive for backward, at the moment they are most:
// - a saved variable holds its tensor from its TensorSaved event until SavedReleased of
//   its node (backward freed it); only the holdings that keep the tensor itself count
//   (Original, DataOnly): a tensor packed by a hook or offloaded is held as whatever the
//   hook returned — a non-reentrant checkpoint's placeholder holds nothing;
// - tensors sharing a version counter share storage (views, detach): they count once,
//   with the most bytes any of them saved;
// - storage of a leaf that requires grad (parameters, inputs such as `x`) is not an
//   activation: it stays alive whatever autograd saves, so it never counts;
// - a reentrant checkpoint keeps its inputs as saved tensors of CheckpointFunctionBackward,
//   so they count like any saved activation (unless they are leaves, as above);
// - selective checkpointing's cache holds an op's outputs from its forward (Cached) until
//   the recompute takes them (Restored, matched per op in call order, as PyTorch does).
// Not seen: tensors kept alive only by Python objects (a non-reentrant checkpoint's
// stash during its recompute); MemoryChanged, which the memory chart plots, sees those.

#include <cstdint>
#include <vector>

#include "core/trace/recording.h"

namespace agv::trace {

struct RunMetrics {
    uint64_t peakSavedBytes = 0;   ///< see Note [Saved-activation bytes]
    uint64_t peakSavedStep = 0;    ///< the first step at which that peak is reached
    uint64_t peakTotalBytes = 0;   ///< the most bytes allocated at once, all devices together
    uint64_t peakTotalStep = 0;
    /// Operations the forward pass ran: grad_fn nodes built in phase forward (not
    /// AccumulateGrad, not a reentrant checkpoint's own CheckpointFunctionBackward),
    /// plus the operations of reentrant checkpointed segments, which ran under no_grad
    /// and left no node: their recompute shows how many there were.
    uint64_t forwardOps = 0;
    /// Operations run again by checkpoint recomputes: nodes built in phase recompute
    /// (the extra forward work checkpointing costs).
    /// Nodes built in phase recompute whose op ran again (selective checkpointing's
    /// restored ops are built again but not run: they are restoredOps).
    uint64_t recomputedOps = 0;
    uint64_t restoredOps = 0;
    uint64_t segmentsCheckpointed = 0;  ///< CheckpointBegin events
    uint64_t segmentsRecomputed = 0;    ///< RecomputeBegin events
    bool failed = false;                ///< an ErrorRaised event is in the recording
};

RunMetrics computeRunMetrics(const Recording& recording);

/// One point per event: the bytes the graph holds for backward after that event
/// (Note [Saved-activation bytes]); [i] is the state after event i.
std::vector<uint64_t> savedBytesOverTime(const Recording& recording);

/// One point per event: bytes allocated on all devices together after that event.
std::vector<uint64_t> totalBytesOverTime(const Recording& recording);

}  // namespace agv::trace
