#pragma once
// `autogradviz --host FILE.py [--memory-limit BYTES]`: the script host the GUI starts
// for every run. Runs the script in embedded CPython with recording on and streams the
// recording as JSON lines on stdout while it is produced; the script's own output
// travels only inside the stream (Output events).

#include <cstdint>
#include <string>

struct HostModeOptions {
    std::string scriptPath;
    std::string executable;
    uint64_t memoryLimitBytes = 0;
};

int runHostMode(const HostModeOptions& options);
