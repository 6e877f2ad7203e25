#include "app/headless_run.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <memory>

#include "app/heap.h"
#include "core/python/host.h"
#include "core/trace/stream_sink.h"

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
    // The events go to the file as they happen (the run is never held in memory), in
    // the encoding the file's name asks for.
    int traceFd = -1;
    std::unique_ptr<agv::trace::StreamSink> sink;
    if (!options.tracePath.empty()) {
        traceFd = open(options.tracePath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (traceFd < 0) {
            std::fprintf(stderr, "autogradviz: could not write the trace: cannot open %s\n", options.tracePath.c_str());
            return 2;
        }
        sink = std::make_unique<agv::trace::StreamSink>(traceFd, agv::trace::traceFormatForPath(options.tracePath));
    }
    keepFreedPages();  // Note [Freed pages stay with a script run]
    agv::python::HostOptions host;
    host.scriptPath = options.scriptPath;
    host.packageDir = agv::python::findPackageDir(options.executable);
    host.sink = sink.get();
    host.sandbox = options.sandbox;
    const int exitCode = agv::python::runHost(host);
    if (sink) {
        const bool written = sink->flush();
        sink.reset();
        if (!written || close(traceFd) != 0) {
            std::fprintf(stderr, "autogradviz: could not write the trace to %s\n", options.tracePath.c_str());
            return exitCode == 0 ? 2 : exitCode;
        }
    }
    return exitCode;
}
