#pragma once
// The ui's only view of "running a script". The ui never runs Python itself: the real
// runner (ui/run/host_process_runner.h) starts the script host process for each run;
// tests use fakes that return synthetic recordings.

#include <atomic>
#include <functional>
#include <mutex>
#include <string>

#include "core/trace/recording.h"

namespace agv::ui {

struct RunOutcome {
    trace::Recording recording;  ///< every event of the run, in order
    int exitCode = 0;            ///< 0 ok, 1 uncaught exception (as `python x.py` would)
    std::string stdoutText;      ///< also present as Output events; kept for headless use
    std::string stderrText;
    bool cancelled = false;      ///< stopped because `cancel` became true
};

/// Called now and then during a run with everything recorded so far (on the runner's thread).
using RunProgress = std::function<void(const trace::Recording& soFar)>;

class ScriptRunner {
public:
    virtual ~ScriptRunner() = default;

    /// The device the runs that start from now on get: "auto" (a real GPU when present,
    /// otherwise none), "simulated" (the simulated GPU) or "none" (autogradviz --gpu).
    void setGpuMode(std::string mode)
    {
        std::lock_guard lock(m_settingsMutex);
        m_gpuMode = std::move(mode);
    }
    std::string gpuMode() const
    {
        std::lock_guard lock(m_settingsMutex);
        return m_gpuMode;
    }

    /// The simulated GPU's PCIe bandwidth in GB/s for the runs that start from now on
    /// (autogradviz --pcie; Note [Modelled PCIe time]).
    void setPcieBandwidth(std::string gigabytesPerSecond)
    {
        std::lock_guard lock(m_settingsMutex);
        m_pcieBandwidth = std::move(gigabytesPerSecond);
    }
    std::string pcieBandwidth() const
    {
        std::lock_guard lock(m_settingsMutex);
        return m_pcieBandwidth;
    }

    /// Runs `source` to the end (or an uncaught error, a limit, or cancel) and returns
    /// what it recorded, also when cancelled. Called on a worker thread, one run at a
    /// time per runner; must poll `cancel` regularly and should not throw (RunController
    /// catches anything that escapes and reports it as a failed run).
    virtual RunOutcome run(const std::string& source, const std::string& fileName, const std::atomic<bool>& cancel,
                           const RunProgress& progress = {}) = 0;

    /// The same run with a checkpoint override (`autogradviz --checkpoint-config`:
    /// "as-written", "off" or "segments=K"), for Compare Runs. A runner that cannot
    /// apply one runs the script as written; the recording says which configuration
    /// it was made with (core/trace/run_configuration.h). Compare Runs calls it on its own
    /// thread, possibly while the window's run() is in flight: HostProcessRunner starts a
    /// process per call, so the two never share anything but the settings above.
    virtual RunOutcome runWithCheckpointConfig(const std::string& source, const std::string& fileName,
                                               const std::string& checkpointConfig, const std::atomic<bool>& cancel,
                                               const RunProgress& progress = {})
    {
        return run(source, fileName, cancel, progress);
    }

private:
    mutable std::mutex m_settingsMutex;  // set from the GUI thread, read by a run's thread
    std::string m_gpuMode = "auto";
    std::string m_pcieBandwidth = "25";
};

}  // namespace agv::ui
