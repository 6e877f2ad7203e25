#pragma once
// The ui's only view of "running a script". The ui never runs Python itself: the real
// runner (ui/run/host_process_runner.h) starts the script host process for each run;
// tests use fakes that return synthetic recordings.

#include <atomic>
#include <functional>
#include <string>

#include "core/trace/recording.h"

namespace agv::ui {

struct RunOutcome {
    trace::Recording recording;  ///< every event of the run, in order
    int exitCode = 0;            ///< 0 ok, 1 uncaught exception (as `python x.py` would)
    std::string stdoutText;      ///< also present as Output events; kept for headless use
    std::string stderrText;
    bool cancelled = false;      ///< stopped because `cancel` became true
};

/// Called now and then during a run with everything recorded so far (on the runner's thread).
using RunProgress = std::function<void(const trace::Recording& soFar)>;

class ScriptRunner {
public:
    virtual ~ScriptRunner() = default;

    /// Runs `source` to the end (or an uncaught error, a limit, or cancel) and returns
    /// what it recorded, also when cancelled. Called on a worker thread, one run at a
    /// time per runner; must poll `cancel` regularly and should not throw (RunController
    /// catches anything that escapes and reports it as a failed run).
    virtual RunOutcome run(const std::string& source, const std::string& fileName, const std::atomic<bool>& cancel,
                           const RunProgress& progress = {}) = 0;
};

}  // namespace agv::ui
