#include "core/trace/recording.h"

namespace agv::trace {

void Recording::record(Payload payload, int line)
{
    Event e;
    e.step = m_events.size();
    e.line = line;
    e.payload = std::move(payload);
    m_events.push_back(std::move(e));
}

const char* eventName(const Payload& payload)
{
    static constexpr const char* names[] = {
        "LineReached",   "TensorCreated",   "TensorLabeled", "NodeCreated",    "TensorSaved",
        "VersionBumped", "GradFnChanged",   "Packed",        "Unpacked",       "BackwardBegin",
        "BackwardEnd",   "NodeExecuted",    "GradAccumulated", "HookCalled",   "SavedReleased",
        "CheckpointBegin", "CheckpointEnd", "RecomputeBegin", "RecomputeEnd",   "MemoryChanged", "ModuleEnter",    "ModuleExit",
        "Output",        "ErrorRaised",     "SelectiveCheckpointOp", "TensorDataSet", "DeviceCopied",
    };
    static_assert(std::size(names) == std::variant_size_v<Payload>);
    return names[payload.index()];
}

}  // namespace agv::trace
