#pragma once
// `autogradviz --run FILE.py`: runs a script headless and behaves like `python3 FILE.py`.

#include <string>

struct HeadlessRunOptions {
    std::string scriptPath;
    std::string tracePath;  ///< --trace OUT.jsonl (empty: none)
};

/// Returns the process exit code (0, or 1 on an uncaught exception, 2 on usage errors).
int runHeadless(const HeadlessRunOptions& options);
