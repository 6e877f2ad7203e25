#pragma once
// Note [A checkpoint that shadows save_on_cpu]
// Saved-tensor hooks form a stack and only the innermost pair packs a tensor. A
// non-reentrant checkpoint is itself such a pair: it packs every tensor its function
// saves into a placeholder that the recompute fills. Inside
// `with save_on_cpu(): checkpoint(fn, x, use_reentrant=False)` the checkpoint's pair is
// innermost, so save_on_cpu (or any saved_tensors_hooks around it) packs nothing the
// function saves, and the function's inputs are kept by the checkpoint itself (1.13's
// recompute closure), not saved through the outer hooks: none of the segment is
// offloaded. PyTorch 1.13 raises nothing. A reentrant checkpoint differs: its
// CheckpointFunctionBackward saves the inputs with save_for_backward, which the outer
// hooks do pack. The recording shows the trap as a non-reentrant segment whose
// CheckpointBegin names the script's hooks and whose saved tensors were all packed by
// the checkpoint's own pack hook.

#include <string>
#include <vector>

#include "core/trace/recording.h"

namespace agv::trace {

struct HooksShadowedByCheckpoint {
    Id segment = 0;
    int line = 0;            ///< the checkpoint() call
    std::string hooks;       ///< CheckpointBegin::outerHooks: "save_on_cpu", "saved_tensors_hooks"
    uint64_t savedInside = 0;  ///< tensors the segment's forward saved (each a checkpoint placeholder)
    size_t endStep = 0;      ///< CheckpointEnd: from here on the shadowing is known
};

/// The pack hook of a non-reentrant checkpoint (torch/utils/checkpoint.py), as Packed names it.
inline constexpr const char* kCheckpointPackHook = "pack_for_recompute";

/// Every non-reentrant checkpoint that ran inside the script's saved-tensor hooks and
/// kept all it saved from them, in order.
std::vector<HooksShadowedByCheckpoint> findHooksShadowedByCheckpoints(const Recording& recording);

}  // namespace agv::trace
