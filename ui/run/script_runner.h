#pragma once
// The ui's only view of "running a script". The ui does not depend on the interpreter:
// app/main.cpp implements ScriptRunner with the real one (core/script) and hands it to
// the GUI (see ui/gui_app.h). Tests use fakes that return synthetic recordings.

#include <atomic>
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

class ScriptRunner {
public:
    virtual ~ScriptRunner() = default;

    /// Runs `source` to the end (or an uncaught error, a step budget, or cancel) and
    /// returns what it recorded. Called on a worker thread, one run at a time per
    /// runner; must poll `cancel` regularly and should not throw (RunController
    /// catches anything that escapes and reports it as a failed run).
    virtual RunOutcome run(const std::string& source, const std::string& fileName, const std::atomic<bool>& cancel) = 0;
};

}  // namespace agv::ui
