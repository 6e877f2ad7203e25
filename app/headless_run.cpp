#include "app/headless_run.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/python/host.h"
#include "core/script/script_runner.h"
#include "core/trace/trace_jsonl.h"

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
    // CPython 3.11 reports the main script by its absolute path in tracebacks and warnings.
    std::error_code ec;
    std::string displayName = std::filesystem::absolute(options.scriptPath, ec).lexically_normal().string();
    if (ec)
        displayName = options.scriptPath;
    agv::script::ScriptRunOutcome outcome = agv::script::runScript(buffer.str(), displayName, runOptions);
    std::fflush(stdout);
    if (!options.tracePath.empty()) {
        std::string error;
        if (!agv::trace::saveJsonl(outcome.recording, options.tracePath, &error)) {
            std::fprintf(stderr, "autogradviz: could not write the trace: %s\n", error.c_str());
            return outcome.exitCode == 0 ? 2 : outcome.exitCode;
        }
    }
    return outcome.exitCode;
}

int runHeadlessPython(const HeadlessRunOptions& options)
{
    std::error_code ec;
    if (std::filesystem::is_directory(options.scriptPath, ec)) {
        // python3 DIR looks for DIR/__main__.py; a folder of scripts is a usage error here.
        std::fprintf(stderr, "autogradviz: can't find '__main__' module in '%s'\n", options.scriptPath.c_str());
        return 2;
    }
    agv::trace::Recording recording;
    agv::python::HostOptions host;
    host.scriptPath = options.scriptPath;
    host.packageDir = agv::python::findPackageDir(options.executable);
    host.sink = options.tracePath.empty() ? nullptr : &recording;
    const int exitCode = agv::python::runHost(host);
    if (!options.tracePath.empty()) {
        std::string error;
        if (!agv::trace::saveJsonl(recording, options.tracePath, &error)) {
            std::fprintf(stderr, "autogradviz: could not write the trace: %s\n", error.c_str());
            return exitCode == 0 ? 2 : exitCode;
        }
    }
    return exitCode;
}
