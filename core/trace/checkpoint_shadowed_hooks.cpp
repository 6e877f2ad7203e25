#include "core/trace/checkpoint_shadowed_hooks.h"

#include <unordered_map>

namespace agv::trace {

std::vector<HooksShadowedByCheckpoint> findHooksShadowedByCheckpoints(const Recording& recording)
{
    struct Open {
        int line = 0;
        bool suspect = false;  ///< non-reentrant, inside the script's hooks
        std::string hooks;
        uint64_t saved = 0;
        uint64_t packedByCheckpoint = 0;
    };
    std::unordered_map<Id, Open> open;  // segment -> its forward so far
    std::vector<HooksShadowedByCheckpoint> shadowed;
    for (const Event& e : recording.events()) {
        if (const auto* b = std::get_if<CheckpointBegin>(&e.payload)) {
            open[b->segment] = {e.line, !b->reentrant && !b->outerHooks.empty(), b->outerHooks, 0, 0};
        } else if (std::holds_alternative<TensorSaved>(e.payload)) {
            // Segments nest: a tensor saved inside the inner one is inside the outer one too.
            for (auto& [segment, o] : open)
                ++o.saved;
        } else if (const auto* p = std::get_if<Packed>(&e.payload)) {
            if (p->hook == kCheckpointPackHook)
                for (auto& [segment, o] : open)
                    ++o.packedByCheckpoint;
        } else if (const auto* end = std::get_if<CheckpointEnd>(&e.payload)) {
            const auto it = open.find(end->segment);
            if (it == open.end())
                continue;
            const Open& o = it->second;
            // A pair the script pushed inside the function packs what it saves there:
            // then something in the segment did go through the script's hooks.
            if (o.suspect && o.saved > 0 && o.packedByCheckpoint == o.saved)
                shadowed.push_back({end->segment, o.line, o.hooks, o.saved, e.step});
            open.erase(it);
        }
    }
    return shadowed;
}

}  // namespace agv::trace
