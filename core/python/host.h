#pragma once
// The script host: runs one script in embedded CPython 3.11 exactly as
// `python3 FILE.py` would (stdout, stderr, exit code), with `import torch` bound to
// our engine, and records what the learner needs into a trace::Sink. One host per
// process: the interpreter is initialised once and finalised at the end of the run.

#include <cstdint>
#include <string>

#include "core/trace/sink.h"

namespace agv::python {

struct HostOptions {
    std::string scriptPath;        ///< the script, as given on the command line
    std::string packageDir;        ///< folder holding our `torch` package (resources/python)
    trace::Sink* sink = nullptr;   ///< record into this; nullptr: no recording, no line tracing
    bool echoOutput = true;        ///< also write the script's output to the real stdout/stderr
    bool sandbox = false;          ///< apply the kernel sandbox before the script runs
    uint64_t memoryLimitBytes = 0; ///< RLIMIT_DATA for the host (0: none); exceeding it is a MemoryError
};

/// Runs the script; returns the process exit code `python3 FILE.py` would return.
int runHost(const HostOptions& options);

/// The folder of our `torch` package for a binary at `executablePath`: `python/` next
/// to it (installed and build trees), else the source tree's resources/python.
std::string findPackageDir(const std::string& executablePath);

}  // namespace agv::python
