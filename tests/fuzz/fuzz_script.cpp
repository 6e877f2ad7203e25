// libFuzzer entry point: every input is a script, run the way `autogradviz --run`
// and the GUI run one (runScript: parser, resolver, interpreter, torch binding,
// engine, with a Recording attached so every trace event is built too).
//
// Limits are lowered so that a script asking for a lot ends in the error PyTorch
// or Python would raise, well before libFuzzer's own memory limit (-rss_limit_mb):
// an out-of-memory kill or a timeout is then always a finding, never noise.

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/device/allocator.h"
#include "core/script/script_runner.h"

namespace {
constexpr uint64_t kFuzzDeviceCapacity = uint64_t(256) << 20;
constexpr uint64_t kFuzzStepBudget = 20'000;
constexpr int64_t kFuzzMaxSequenceLength = 1'000'000;
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    agv::allocatorFor(agv::Device::cpu()).setCapacity(kFuzzDeviceCapacity);
    agv::setGpuMode(agv::GpuMode::Simulated);
    agv::allocatorFor(agv::Device::cuda(0)).setCapacity(kFuzzDeviceCapacity);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string source(reinterpret_cast<const char*>(data), size);
    agv::script::ScriptRunOptions options;
    options.record = true;
    options.stepBudget = kFuzzStepBudget;
    options.maxSequenceLength = kFuzzMaxSequenceLength;
    agv::script::runScript(source, "fuzz.py", options);
    return 0;
}
