#include "core/trace/checkpoint_cut.h"

#include <unordered_map>

namespace agv::trace {

std::vector<CutCheckpoint> findCutCheckpoints(const Recording& recording)
{
    struct Open {
        int line = 0;
        bool reentrant = false;
        bool createdNode = false;
    };
    std::unordered_map<Id, Open> open;  // segment -> its forward so far
    std::vector<CutCheckpoint> cut;
    for (const Event& e : recording.events()) {
        if (const auto* b = std::get_if<CheckpointBegin>(&e.payload)) {
            open[b->segment] = {e.line, b->reentrant, false};
        } else if (std::holds_alternative<NodeCreated>(e.payload)) {
            // Segments nest (a checkpoint inside a checkpointed function): a node made
            // inside the inner one is inside the outer one too.
            for (auto& [segment, o] : open)
                o.createdNode = true;
        } else if (const auto* end = std::get_if<CheckpointEnd>(&e.payload)) {
            const auto it = open.find(end->segment);
            if (it == open.end())
                continue;
            if (it->second.reentrant && !it->second.createdNode)
                cut.push_back({end->segment, it->second.line, e.step});
            open.erase(it);
        }
    }
    return cut;
}

}  // namespace agv::trace
