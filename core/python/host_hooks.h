#pragma once
// What the host records from CPython (DESIGN.md, "Scripts run in real Python"):
// LineReached from a C trace function, TensorLabeled from the frame's variables,
// ModuleEnter/Exit and parameter labels from torch.nn, Output from sys.stdout and
// sys.stderr, ErrorRaised with the Python traceback from sys.excepthook, and the live
// Python stack for anomaly mode's forward traces.

#include "core/python/host.h"

namespace agv::python {

/// Installs the recording hooks into the initialised interpreter for one run.
class HostSession {
public:
    explicit HostSession(const HostOptions& options);
    ~HostSession();
    HostSession(const HostSession&) = delete;
    HostSession& operator=(const HostSession&) = delete;

    /// Imports `_agv_host` (builtins, output capture, excepthook) and starts tracing.
    /// Prints the Python error and returns false when set-up fails.
    bool start();

private:
    const HostOptions& m_options;
    trace::ScopedSink m_sink;
};

}  // namespace agv::python
