#pragma once
// Runs a script the way users do — `autogradviz --run FILE.py --trace OUT.jsonl` in its
// own process — and loads the recording it wrote. Tests of the GUI use this instead of
// running Python themselves: the GUI and its tests never link the interpreter.

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <string>

#include "core/trace/recording.h"
#include "core/trace/trace_file.h"

namespace agv::testing {

struct ScriptRun {
    int exitCode = -1;
    std::string stdoutText;
    std::string stderrText;
    trace::Recording recording;
    QString failure;  ///< non-empty when the process could not be run or the trace not read
};

/// Runs `source` saved as `fileName` in a temporary folder; `extraArguments` go to
/// `autogradviz --run` (e.g. {"--gpu", "simulated"}).
inline ScriptRun runScriptProcess(const QString& source, const QString& fileName,
                                  const QStringList& extraArguments = {})
{
    ScriptRun run;
    QTemporaryDir dir;
    const QString script = dir.filePath(fileName);
    const QString tracePath = dir.filePath(QStringLiteral("trace.agvtrace"));
    QFile file(script);
    if (!file.open(QIODevice::WriteOnly)) {
        run.failure = QStringLiteral("cannot write ") + script;
        return run;
    }
    file.write(source.toUtf8());
    file.close();
    QProcess process;
    process.setWorkingDirectory(dir.path());
    process.start(QStringLiteral(AGV_AUTOGRADVIZ_BIN),
                  QStringList{QStringLiteral("--run"), fileName, QStringLiteral("--trace"), tracePath} + extraArguments);
    if (!process.waitForFinished(120000) || process.exitStatus() != QProcess::NormalExit) {
        run.failure = QStringLiteral("autogradviz --run did not finish normally");
        return run;
    }
    run.exitCode = process.exitCode();
    run.stdoutText = process.readAllStandardOutput().toStdString();
    run.stderrText = process.readAllStandardError().toStdString();
    std::string error;
    if (!trace::loadTrace(tracePath.toStdString(), run.recording, &error))
        run.failure = QStringLiteral("cannot read the trace: ") + QString::fromStdString(error);
    return run;
}

/// Runs a script file where it lies (its own folder is the working directory).
inline ScriptRun runScriptFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ScriptRun run;
        run.failure = QStringLiteral("cannot read ") + path;
        return run;
    }
    return runScriptProcess(QString::fromUtf8(file.readAll()), QFileInfo(path).fileName());
}

}  // namespace agv::testing
