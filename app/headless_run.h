#pragma once
// `autogradviz --run FILE.py`: runs a script headless in the embedded CPython host
// (core/python) and behaves like `python3 FILE.py`; --trace also records the run.

#include <string>

struct HeadlessRunOptions {
    std::string scriptPath;
    std::string tracePath;  ///< --trace OUT (.agvtrace binary, .jsonl JSON lines; empty: none)
    std::string executable; ///< argv[0], to find our torch package next to the binary
    bool sandbox = true;    ///< --no-sandbox turns the host's sandbox off
};

/// Returns the process exit code (0, or 1 on an uncaught exception, 2 on usage errors).
int runHeadless(const HeadlessRunOptions& options);
