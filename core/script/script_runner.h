#pragma once
// Runs one script end to end the way the app does: a fresh interpreter with the
// torch-like API, a fresh Recording attached as the trace sink, object ids reset so
// two runs of the same script record the same events. Used by `--run` and by the GUI.

#include <atomic>
#include <string>

#include "core/script/interpreter.h"
#include "core/trace/recording.h"

namespace agv::script {

struct ScriptRunOptions {
    bool record = true;                          ///< attach a Recording
    uint64_t stepBudget = 50'000'000;            ///< statements before "possible infinite loop"
    int64_t maxSequenceLength = InterpreterOptions{}.maxSequenceLength;  ///< largest list/str one operation builds
    const std::atomic<bool>* cancel = nullptr;   ///< set from another thread to stop
    std::function<void(std::string_view)> onStdout;  ///< live output (optional)
    std::function<void(std::string_view)> onStderr;
};

struct ScriptRunOutcome {
    int exitCode = 0;
    std::string stdoutText;
    std::string stderrText;
    std::optional<ScriptErrorInfo> error;
    trace::Recording recording;
};

ScriptRunOutcome runScript(const std::string& source, const std::string& fileName, const ScriptRunOptions& options = {});

}  // namespace agv::script
