#include "core/script/script_runner.h"

#include "core/autograd/grad_mode.h"
#include "core/random/generator.h"
#include "core/script/torch/torch_binding.h"
#include "core/tensor/tensor.h"
#include "core/tensor/tensor_print.h"
#include "core/warning.h"

namespace agv::script {

namespace {
/// Process-wide engine state a script may change; restored so runs are independent.
class EngineStateGuard {
public:
    EngineStateGuard() : m_printOptions(printOptions()), m_defaultFloat(defaultFloatType())
    {
        GradMode::setEnabled(true);
        InferenceMode::setEnabled(false);
        AnomalyMode::setEnabled(false, true);
        defaultGenerator().manualSeed(Generator::kDefaultSeed);
        printOptions() = PrintOptions{};
        resetObjectIds();
    }
    ~EngineStateGuard()
    {
        GradMode::setEnabled(true);
        InferenceMode::setEnabled(false);
        AnomalyMode::setEnabled(false, true);
        AnomalyMode::setStackProvider(nullptr);
        setWarningHandler(nullptr);
        printOptions() = m_printOptions;
        setDefaultFloatType(m_defaultFloat);
    }

private:
    PrintOptions m_printOptions;
    ScalarType m_defaultFloat;
};
}  // namespace

ScriptRunOutcome runScript(const std::string& source, const std::string& fileName, const ScriptRunOptions& options)
{
    ScriptRunOutcome outcome;
    EngineStateGuard state;
    InterpreterOptions interpreterOptions;
    interpreterOptions.writeStdout = [&](std::string_view text) {
        outcome.stdoutText.append(text);
        if (options.onStdout)
            options.onStdout(text);
    };
    interpreterOptions.writeStderr = [&](std::string_view text) {
        outcome.stderrText.append(text);
        if (options.onStderr)
            options.onStderr(text);
    };
    interpreterOptions.stepBudget = options.stepBudget;
    interpreterOptions.maxSequenceLength = options.maxSequenceLength;
    interpreterOptions.cancelFlag = options.cancel;
    {
        // The interpreter (and every tensor it holds) dies inside the sink's scope,
        // so the recording sees the memory being released.
        trace::ScopedSink sink(options.record ? &outcome.recording : nullptr);
        Interpreter interpreter(interpreterOptions);
        try {
            trace::MuteGuard mute;  // the prelude's own work is not part of the user's story
            torch::installTorch(interpreter);
        } catch (const std::exception& e) {
            outcome.exitCode = 1;
            outcome.stderrText = std::string("autogradviz: internal error while setting up torch: ") + e.what() + "\n";
            if (options.onStderr)
                options.onStderr(outcome.stderrText);
            torch::releaseTorchState();
            return outcome;
        }
        RunResult result = interpreter.run(source, fileName);
        outcome.exitCode = result.exitCode;
        outcome.error = result.error;
    }
    torch::releaseTorchState();
    return outcome;
}

}  // namespace agv::script
