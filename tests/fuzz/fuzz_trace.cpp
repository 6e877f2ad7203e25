// libFuzzer target over the trace readers: arbitrary bytes as a trace file, read by
// the reader its first bytes choose (the binary trace after the magic, JSON lines
// otherwise), then read again by the binary decoder in small pieces as a pipe
// delivers them. Every input must end in a clean error or a Recording that folds;
// never a crash, a hang or unbounded memory.

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "core/trace/graph_state.h"
#include "core/trace/trace_binary.h"
#include "core/trace/trace_jsonl.h"

namespace {
constexpr uint64_t kFuzzBudget = 256u << 20;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    agv::trace::Recording recording;
    std::string error;
    std::istringstream in{std::string(bytes)};
    const bool ok = agv::trace::looksLikeBinaryTrace(bytes) ? agv::trace::readBinaryTrace(in, recording, &error, kFuzzBudget)
                                                            : agv::trace::readJsonl(in, recording, &error, kFuzzBudget);
    if (ok)
        (void)agv::trace::stateAt(recording, recording.size());

    agv::trace::Recording streamed;
    agv::trace::BinaryTraceDecoder decoder(streamed, kFuzzBudget);
    for (size_t at = 0; at < size && decoder.feed(bytes.substr(at, 7)); at += 7) {
    }
    if (decoder.finish())
        (void)agv::trace::stateAt(streamed, streamed.size());
    return 0;
}
