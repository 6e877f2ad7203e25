#pragma once
// A ScriptRunner for ui tests: returns a synthetic recording instead of interpreting.

#include <chrono>
#include <functional>
#include <thread>

#include "tests/common/synthetic_recordings.h"
#include "ui/run/script_runner.h"

namespace agv::testing {

class FakeRunner : public agv::ui::ScriptRunner {
public:
    /// `make` builds the recording for a source text; `delayMs` simulates a slow run
    /// (polling cancel like a real interpreter would).
    explicit FakeRunner(std::function<SyntheticRun(const std::string&)> make, int delayMs = 0)
        : m_make(std::move(make)), m_delayMs(delayMs)
    {
    }

    agv::ui::RunOutcome run(const std::string& source, const std::string&, const std::atomic<bool>& cancel,
                            const agv::ui::RunProgress& = {}) override
    {
        ++m_runs;
        agv::ui::RunOutcome out;
        for (int waited = 0; waited < m_delayMs; waited += 5) {
            if (cancel.load()) {
                out.cancelled = true;
                return out;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        SyntheticRun run = m_make(source);
        out.recording = std::move(run.recording);
        out.exitCode = out.recording.all<ErrorRaised>().empty() ? 0 : 1;
        return out;
    }

    std::atomic<int> m_runs{0};

private:
    std::function<SyntheticRun(const std::string&)> m_make;
    int m_delayMs;
};

/// Classic example, with the in-place error when the source contains "+=".
inline std::shared_ptr<FakeRunner> classicFakeRunner(int delayMs = 0)
{
    return std::make_shared<FakeRunner>(
        [](const std::string& source) { return classicRun(source.find("+=") != std::string::npos); }, delayMs);
}

}  // namespace agv::testing
