// Replays every input the fuzzer once crashed, hung or leaked on
// (tests/fuzz/regressions/*.py) through the same pipeline and limits as the
// fuzz target. Each file says what it must print with `# expect: <text>` lines
// (matched against stdout + stderr); the sanitizer build (AGV_SANITIZE=ON) turns
// any memory error or leak back into a failure.

// Core headers come first: core/trace/sink.h declares a function named `emit`,
// which Qt defines as a macro.
#include "core/device/allocator.h"
#include "core/script/script_runner.h"

#include <QDir>
#include <QFile>
#include <QTest>

namespace {
// The fuzz target's limits (tests/fuzz/fuzz_script.cpp).
constexpr uint64_t kFuzzDeviceCapacity = uint64_t(256) << 20;
constexpr uint64_t kFuzzStepBudget = 20'000;
constexpr int64_t kFuzzMaxSequenceLength = 1'000'000;
}  // namespace

class TestFuzzRegressions : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        agv::allocatorFor(agv::Device::cpu()).setCapacity(kFuzzDeviceCapacity);
        agv::allocatorFor(agv::Device::cuda(0)).setCapacity(kFuzzDeviceCapacity);
    }

    void replay_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(AGV_SOURCE_DIR "/tests/fuzz/regressions"));
        const QStringList files = dir.entryList({"*.py"}, QDir::Files, QDir::Name);
        QVERIFY2(!files.isEmpty(), "no regression inputs found");
        for (const QString& file : files)
            QTest::newRow(qPrintable(file)) << dir.filePath(file);
    }

    void replay()
    {
        QFETCH(QString, path);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray source = file.readAll();

        agv::script::ScriptRunOptions options;
        options.stepBudget = kFuzzStepBudget;
        options.maxSequenceLength = kFuzzMaxSequenceLength;
        agv::script::ScriptRunOutcome outcome =
            agv::script::runScript(source.toStdString(), "fuzz.py", options);

        QVERIFY(outcome.exitCode == 0 || outcome.exitCode == 1);
        const QString output = QString::fromStdString(outcome.stdoutText + outcome.stderrText);
        for (const QByteArray& line : source.split('\n')) {
            if (!line.startsWith("# expect: "))
                continue;
            const QString expected = QString::fromUtf8(line.mid(10)).trimmed();
            QVERIFY2(output.contains(expected), qPrintable("missing \"" + expected + "\" in:\n" + output));
        }
    }
};

QTEST_APPLESS_MAIN(TestFuzzRegressions)
#include "tst_fuzz_regressions.moc"
