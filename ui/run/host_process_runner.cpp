#include "ui/run/host_process_runner.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>

#include "core/trace/trace_binary.h"
#include "ui/logging.h"

namespace agv::ui {

namespace {

/// Why the GUI ended a run (empty: it ended by itself).
struct StopReason {
    QString message;
    bool cancelled = false;
};

/// Ends the host: terminate, then kill when it has not gone within a second.
void stopProcess(QProcess& process)
{
    if (process.state() == QProcess::NotRunning)
        return;
    process.terminate();
    if (!process.waitForFinished(1000)) {
        process.kill();
        process.waitForFinished(1000);
    }
}

/// Records a failure of the run itself (not of the script) so the console and the error
/// panel show it like any error.
void recordFailure(trace::Recording& recording, const QString& message)
{
    const std::string text = message.toStdString();
    recording.record(trace::Output{trace::OutputStream::Stderr, text + "\n"}, 0);
    trace::ErrorRaised error;
    error.exceptionType = "autogradviz";
    error.message = text;
    recording.record(std::move(error), 0);
}

}  // namespace

HostProcessRunner::HostProcessRunner(QString executable, HostLimits limits)
    : m_executable(std::move(executable)), m_limits(limits)
{
}

RunOutcome HostProcessRunner::run(const std::string& source, const std::string& fileName,
                                  const std::atomic<bool>& cancel, const RunProgress& progress)
{
    return runWithCheckpointConfig(source, fileName, "as-written", cancel, progress);
}

RunOutcome HostProcessRunner::runWithCheckpointConfig(const std::string& source, const std::string& fileName,
                                                      const std::string& checkpointConfig,
                                                      const std::atomic<bool>& cancel, const RunProgress& progress)
{
    RunOutcome outcome;
    QTemporaryDir folder;
    const QString name = fileName.empty() ? QStringLiteral("script.py") : QFileInfo(QString::fromStdString(fileName)).fileName();
    const QString scriptPath = folder.filePath(name);
    QFile script(scriptPath);
    if (!folder.isValid() || !script.open(QIODevice::WriteOnly)) {
        recordFailure(outcome.recording, QStringLiteral("cannot write the script to a temporary folder"));
        outcome.exitCode = 1;
        return outcome;
    }
    script.write(QByteArray::fromStdString(source));
    script.close();

    QProcess process;
    process.setWorkingDirectory(folder.path());
    process.start(m_executable, {QStringLiteral("--host"), scriptPath, QStringLiteral("--memory-limit"),
                                 QString::number(m_limits.memoryBytes), QStringLiteral("--gpu"),
                                 QString::fromStdString(gpuMode()), QStringLiteral("--pcie"),
                                 QString::fromStdString(pcieBandwidth()), QStringLiteral("--checkpoint-config"),
                                 QString::fromStdString(checkpointConfig)});
    if (!process.waitForStarted(10000)) {
        recordFailure(outcome.recording, QStringLiteral("cannot start the script host %1: %2")
                                             .arg(m_executable, process.errorString()));
        outcome.exitCode = 1;
        return outcome;
    }

    trace::BinaryTraceDecoder reader(outcome.recording);
    auto feed = [&](const QByteArray& bytes) { reader.feed(std::string_view(bytes.constData(), size_t(bytes.size()))); };
    StopReason stop;
    QElapsedTimer clock;
    clock.start();
    qint64 lastProgress = 0;
    size_t reportedEvents = 0;
    while (process.state() != QProcess::NotRunning) {
        process.waitForReadyRead(50);
        feed(process.readAllStandardOutput());
        if (cancel.load()) {
            stop.cancelled = true;
        } else if (reader.overBudget()) {
            stop.message = QStringLiteral("recording stopped after %1 events: it reached the %2 MB a recording may take")
                               .arg(outcome.recording.size())
                               .arg(trace::kDefaultTraceBudgetBytes >> 20);
        } else if (reader.failed()) {
            stop.message = QStringLiteral("the script process sent a malformed recording (%1)")
                               .arg(QString::fromStdString(reader.error()));
        } else if (outcome.recording.size() > m_limits.maxEvents) {
            stop.message = QStringLiteral("recording stopped after %1 events").arg(m_limits.maxEvents);
        } else if (clock.elapsed() > qint64(m_limits.wallClockSeconds) * 1000) {
            stop.message = QStringLiteral("the script was stopped after the time limit of %1 s")
                               .arg(m_limits.wallClockSeconds);
        }
        if (stop.cancelled || !stop.message.isEmpty()) {
            stopProcess(process);
            break;
        }
        if (progress && outcome.recording.size() != reportedEvents &&
            clock.elapsed() - lastProgress >= m_limits.progressIntervalMs) {
            lastProgress = clock.elapsed();
            reportedEvents = outcome.recording.size();
            progress(outcome.recording);
        }
    }
    if (!stop.cancelled && stop.message.isEmpty()) {
        process.waitForFinished(-1);
        feed(process.readAllStandardOutput());
        if (reader.failed())
            stop.message = QStringLiteral("the script process sent a malformed recording (%1)")
                               .arg(QString::fromStdString(reader.error()));
    }
    // What the host wrote to its own stderr: CPython's fatal errors, never the script's output.
    const QByteArray hostErrors = process.readAllStandardError();
    if (!hostErrors.isEmpty())
        outcome.recording.record(trace::Output{trace::OutputStream::Stderr, hostErrors.toStdString()}, 0);

    outcome.cancelled = stop.cancelled;
    if (stop.cancelled) {
        outcome.exitCode = 1;
    } else if (!stop.message.isEmpty()) {
        recordFailure(outcome.recording, stop.message);
        outcome.exitCode = 1;
    } else if (process.exitStatus() == QProcess::CrashExit) {
        recordFailure(outcome.recording,
                      QStringLiteral("the script process ended unexpectedly (signal %1)").arg(process.exitCode()));
        outcome.exitCode = 1;
    } else {
        outcome.exitCode = process.exitCode();
    }
    qCDebug(lcRun) << "host run ended:" << outcome.exitCode << outcome.recording.size() << "events";
    for (const trace::Event& e : outcome.recording.events())
        if (const auto* out = std::get_if<trace::Output>(&e.payload))
            (out->stream == trace::OutputStream::Stdout ? outcome.stdoutText : outcome.stderrText) += out->text;
    return outcome;
}

}  // namespace agv::ui
