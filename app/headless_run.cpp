#include "app/headless_run.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "core/script/script_runner.h"

int runHeadless(const HeadlessRunOptions& options)
{
    std::ifstream file(options.scriptPath, std::ios::binary);
    if (!file) {
        std::fprintf(stderr, "autogradviz: can't open file '%s': [Errno 2] No such file or directory\n",
                     options.scriptPath.c_str());
        return 2;
    }
    std::stringstream buffer;
    buffer << file.rdbuf();

    agv::script::ScriptRunOptions runOptions;
    runOptions.record = !options.tracePath.empty();
    runOptions.onStdout = [](std::string_view text) { std::fwrite(text.data(), 1, text.size(), stdout); };
    runOptions.onStderr = [](std::string_view text) {
        std::fflush(stdout);
        std::fwrite(text.data(), 1, text.size(), stderr);
    };
    std::string displayName = options.scriptPath;
    agv::script::ScriptRunOutcome outcome = agv::script::runScript(buffer.str(), displayName, runOptions);
    std::fflush(stdout);
    return outcome.exitCode;
}
