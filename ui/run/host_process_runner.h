#pragma once
// The real ScriptRunner: every run is a fresh `autogradviz --host FILE.py` process
// (embedded CPython, app/host_mode.h) whose recording streams back through a pipe as
// JSON lines. The GUI never runs Python. Cancel, a wall-clock limit and a recording cap
// end the host; a host that dies is reported; whatever was recorded is kept.

#include <QString>

#include "ui/run/script_runner.h"

namespace agv::ui {

struct HostLimits {
    int wallClockSeconds = 60;             ///< a run is stopped after this long
    size_t maxEvents = 2'000'000;          ///< "recording stopped after N events"
    quint64 memoryBytes = 4ull << 30;      ///< the host's RLIMIT_DATA
    int progressIntervalMs = 300;          ///< how often partial recordings are reported
};

class HostProcessRunner final : public ScriptRunner {
public:
    /// `executable`: the autogradviz binary (it is its own script host).
    explicit HostProcessRunner(QString executable, HostLimits limits = {});

    RunOutcome run(const std::string& source, const std::string& fileName, const std::atomic<bool>& cancel,
                   const RunProgress& progress = {}) override;
    RunOutcome runWithCheckpointConfig(const std::string& source, const std::string& fileName,
                                       const std::string& checkpointConfig, const std::atomic<bool>& cancel,
                                       const RunProgress& progress = {}) override;

    const HostLimits& limits() const { return m_limits; }

private:
    QString m_executable;
    HostLimits m_limits;
};

}  // namespace agv::ui
