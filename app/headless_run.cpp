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
