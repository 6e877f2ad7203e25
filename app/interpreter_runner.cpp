#include "app/interpreter_runner.h"

#include "core/script/script_runner.h"

agv::ui::RunOutcome InterpreterRunner::run(const std::string& source, const std::string& fileName,
                                           const std::atomic<bool>& cancel)
{
    agv::script::ScriptRunOptions options;
    options.cancel = &cancel;
    agv::script::ScriptRunOutcome outcome = agv::script::runScript(source, fileName, options);
    agv::ui::RunOutcome result;
    result.recording = std::move(outcome.recording);
    result.exitCode = outcome.exitCode;
    result.stdoutText = std::move(outcome.stdoutText);
    result.stderrText = std::move(outcome.stderrText);
    result.cancelled = cancel.load() || (outcome.error && outcome.error->isAbort && outcome.error->typeName == "KeyboardInterrupt");
    return result;
}
