#pragma once
// The GUI's ScriptRunner backed by the real interpreter (core/script).

#include "ui/run/script_runner.h"

class InterpreterRunner final : public agv::ui::ScriptRunner {
public:
    agv::ui::RunOutcome run(const std::string& source, const std::string& fileName,
                            const std::atomic<bool>& cancel) override;
};
