#include "app/headless_run.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/python/host.h"
#include "core/trace/trace_jsonl.h"

int runHeadless(const HeadlessRunOptions& options)
{
    std::error_code ec;
    if (std::filesystem::is_directory(options.scriptPath, ec)) {
        // python3 DIR looks for DIR/__main__.py; a folder of scripts is a usage error here.
        std::fprintf(stderr, "autogradviz: can't find '__main__' module in '%s'\n", options.scriptPath.c_str());
        return 2;
    }
    // The trace file is opened before the script runs: once the sandbox is on, the host
    // may write only inside the run's temporary folder.
    std::ofstream trace;
    if (!options.tracePath.empty()) {
        trace.open(options.tracePath, std::ios::binary | std::ios::trunc);
        if (!trace) {
            std::fprintf(stderr, "autogradviz: could not write the trace: cannot open %s\n", options.tracePath.c_str());
            return 2;
        }
    }
    agv::trace::Recording recording;
    agv::python::HostOptions host;
    host.scriptPath = options.scriptPath;
    host.packageDir = agv::python::findPackageDir(options.executable);
    host.sink = options.tracePath.empty() ? nullptr : &recording;
    host.sandbox = options.sandbox;
    const int exitCode = agv::python::runHost(host);
    if (trace.is_open()) {
        agv::trace::writeJsonl(recording, trace);
        trace.close();
        if (!trace) {
            std::fprintf(stderr, "autogradviz: could not write the trace to %s\n", options.tracePath.c_str());
            return exitCode == 0 ? 2 : exitCode;
        }
    }
    return exitCode;
}
