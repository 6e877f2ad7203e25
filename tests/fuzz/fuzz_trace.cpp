// libFuzzer target over the trace readers: arbitrary bytes as a JSONL trace file.
// Every input must end in a clean error or a Recording that folds; never a crash,
// a hang or unbounded memory.

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "core/trace/graph_state.h"
#include "core/trace/trace_jsonl.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    agv::trace::Recording recording;
    std::string error;
    if (agv::trace::readJsonl(in, recording, &error))
        (void)agv::trace::stateAt(recording, recording.size());
    return 0;
}
