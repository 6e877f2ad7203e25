// autogradviz: command line and wiring only (DESIGN.md, "The four layers").
#include <cstdio>
#include <cstring>
#include <memory>

#ifdef AGV_WITH_UI
#include "ui/gui_app.h"
#include "ui/run/script_runner.h"
#endif

namespace {

#ifdef AGV_WITH_UI
// Extension point: return the interpreter-backed runner here once core/script exists,
// e.g. `return std::make_shared<InterpreterRunner>();` where InterpreterRunner
// implements agv::ui::ScriptRunner::run() by attaching a trace::Recording as the sink
// (trace::ScopedSink), running the script with the cancel flag as its stop condition,
// and returning the recording, exit code and captured stdout/stderr. `--run x.py
// --trace out.jsonl` can reuse the same runner with trace::saveJsonl().
std::shared_ptr<agv::ui::ScriptRunner> makeScriptRunner() { return nullptr; }
#endif

}  // namespace

int main(int argc, char** argv)
{
#ifdef AGV_WITH_UI
    return agv::ui::runApp(argc, argv, makeScriptRunner());
#else
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--help") == 0)
            std::puts("usage: autogradviz [FILE.py]");
    return 0;
#endif
}
