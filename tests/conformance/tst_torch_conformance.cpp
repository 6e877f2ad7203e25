// Runs every PyTorch script of tests/conformance/torch/ and every demo of
// resources/demos/ with `autogradviz --run` and compares with what real Python +
// PyTorch 1.13 printed (tests/conformance/torch/regenerate.sh):
//  - stdout byte for byte, after replacing every 0x... address in both by 0xADDR
//    (our fake addresses never equal CPython's real ones);
//  - the exit code (0, or 1 for scripts named *_error.py);
//  - for *_error.py, the last stderr line (the exception);
//  - the stderr lines that the script itself determines: warning headers
//    (`UserWarning: text`, without the file:line prefix, which for warnings raised
//    inside torch names a torch file) and `File "<script>", line N, in f` frames,
//    both of error tracebacks and of anomaly mode's forward traces. Frames inside
//    torch's own Python files are left out: ours are C++ or our prelude.

#include <QDir>
#include <QMap>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStringList>
#include <QTest>

#include <string_view>

namespace {

struct Suite {
    QString scriptDir;    ///< where the .py files live (and where they run)
    QString expectedDir;  ///< where regenerate.sh wrote the expected outputs
};

QString torchDir() { return QStringLiteral(AGV_SOURCE_DIR "/tests/conformance/torch"); }
QString demoDir() { return QStringLiteral(AGV_SOURCE_DIR "/resources/demos"); }
QString demoExpectedDir() { return QStringLiteral(AGV_SOURCE_DIR "/tests/conformance/demos"); }
QString externalDir() { return QStringLiteral(AGV_SOURCE_DIR "/tests/conformance/external"); }

QByteArray readFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

QString normaliseAddresses(QString text)
{
    static const QRegularExpression address(QStringLiteral("0x[0-9a-fA-F]+"));
    return text.replace(address, QStringLiteral("0xADDR"));
}

QString lastLine(const QString& text)
{
    const QStringList lines = text.split('\n', Qt::SkipEmptyParts);
    return lines.isEmpty() ? QString() : lines.last();
}

/// What of stderr the script controls: warning headers and the script's own frames.
QStringList stderrDigest(const QString& text, const QString& scriptName)
{
    static const QRegularExpression warningHeader(QStringLiteral("^\\S.*:\\d+: (\\w*Warning: .*)$"));
    const QString ownFrame = QStringLiteral("  File \"%1\", line ").arg(scriptName);
    // Python prints the script's path relative or absolute depending on how it was
    // started; frames are compared by file name.
    static const QRegularExpression framePath(QStringLiteral("^  File \"(?:[^\"]*/)?([^\"/]+)\", line "));
    QStringList digest;
    for (QString line : text.split('\n')) {
        line.replace(framePath, QStringLiteral("  File \"\\1\", line "));
        if (line.startsWith(ownFrame))
            digest << line;
        else if (QRegularExpressionMatch m = warningHeader.match(line); m.hasMatch())
            digest << m.captured(1);
    }
    return digest;
}

/// external/pending.txt: "name: what stops it" for the external scripts that do not pass yet.
QMap<QString, QString> pendingExternal()
{
    QMap<QString, QString> pending;
    for (const QString& line : QString::fromUtf8(readFile(externalDir() + "/pending.txt")).split('\n')) {
        const qsizetype colon = line.indexOf(QLatin1Char(':'));
        if (line.startsWith(QLatin1Char('#')) || colon <= 0)
            continue;
        pending.insert(line.left(colon).trimmed(), line.mid(colon + 1).trimmed());
    }
    return pending;
}

// Note [Pinned BLAS kernels for expected outputs]
// OpenBLAS and oneDNN pick their kernels from the CPU they run on, and a matrix product's
// last bits follow the kernel: PyTorch 1.13 itself prints other digits on another CPU
// (Debian 12's OpenBLAS 0.3.21 does not know Sapphire Rapids and falls back to its
// Prescott kernels there). autogradviz links the same OpenBLAS and a oneDNN that honours
// the same switches, so it agrees with PyTorch on any one machine; the expected outputs
// are pinned to one choice, OpenBLAS's Haswell kernels and oneDNN's AVX-512 ones at most
// (what they pick on the machine the outputs were made on), so that they hold on every
// machine with AVX2 and FMA. regenerate.sh pins the same.
void pinBlasKernels()
{
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma"))
        return;  // the Haswell kernels would not run; such a CPU also misses the AVX2 paths
    for (const char* name : {"OPENBLAS_CORETYPE", "DNNL_MAX_CPU_ISA", "ONEDNN_MAX_CPU_ISA"}) {
        if (!qEnvironmentVariableIsEmpty(name))
            continue;
        qputenv(name, std::string_view(name) == "OPENBLAS_CORETYPE" ? "Haswell" : "AVX512_CORE");
    }
}

}  // namespace

class TestTorchConformance : public QObject {
    Q_OBJECT

private:
    void addRows(const QString& scriptDir, const QString& expectedDir, const QString& prefix, int minimum)
    {
        const QStringList scripts = QDir(scriptDir).entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name);
        QVERIFY2(scripts.size() >= minimum, qPrintable(QStringLiteral("expected at least %1 scripts in %2")
                                                           .arg(minimum)
                                                           .arg(scriptDir)));
        for (const QString& script : scripts)
            QTest::newRow(qPrintable(prefix + script.chopped(3))) << scriptDir << expectedDir << script.chopped(3);
    }

private slots:
    void initTestCase() { pinBlasKernels(); }

    void scripts_data()
    {
        QTest::addColumn<QString>("scriptDir");
        QTest::addColumn<QString>("expectedDir");
        QTest::addColumn<QString>("name");
        addRows(torchDir(), torchDir(), QString(), 80);
        addRows(demoDir(), demoExpectedDir(), QStringLiteral("demo:"), 10);
        addRows(externalDir(), externalDir(), QStringLiteral("external:"), 30);
    }

    void scripts()
    {
        QFETCH(QString, scriptDir);
        QFETCH(QString, expectedDir);
        QFETCH(QString, name);
        const QString scriptName = name + ".py";
        // Current PyTorch's features (selective checkpointing) have no 1.13 output to
        // compare with; tests/host/tst_selective_checkpoint checks what they do.
        if (QString::fromUtf8(readFile(scriptDir + "/" + scriptName)).contains(QStringLiteral("\n# Needs: PyTorch >= 2")))
            QSKIP("needs a PyTorch newer than 1.13: checked by tst_selective_checkpoint");
        const QString expected = expectedDir + "/" + name;
        QVERIFY2(QFile::exists(expected + ".expected"),
                 qPrintable(expected + ".expected is missing: run tests/conformance/torch/regenerate.sh"));
        const bool expectError = name.endsWith(QStringLiteral("_error"));

        QProcess process;
        process.setWorkingDirectory(scriptDir);
        // PyTorch 1.13 here is CPU-only: so is every run it is compared with, on any machine.
        process.start(QStringLiteral(AGV_AUTOGRADVIZ_BIN),
                      {QStringLiteral("--run"), scriptName, QStringLiteral("--gpu"), QStringLiteral("none")});
        QVERIFY2(process.waitForFinished(120000), "autogradviz --run did not finish");
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        const QString out = QString::fromUtf8(process.readAllStandardOutput());
        const QString err = QString::fromUtf8(process.readAllStandardError());

        // The external yardstick (code we did not write): a script listed as pending is
        // expected to differ, and must be taken off the list once it passes.
        if (scriptDir == externalDir()) {
            static const QMap<QString, QString> pending = pendingExternal();
            if (auto it = pending.find(name); it != pending.end()) {
                const bool same = process.exitCode() == 0 &&
                                  normaliseAddresses(out) ==
                                      normaliseAddresses(QString::fromUtf8(readFile(expected + ".expected")));
                QEXPECT_FAIL("", qPrintable(QStringLiteral("pending: ") + it.value()), Abort);
                QVERIFY2(same, "prints what PyTorch 1.13 prints (if this passes, delete it from external/pending.txt)");
                return;
            }
        }

        // Line lists make QCOMPARE report the first differing line.
        QCOMPARE(normaliseAddresses(out).split('\n'),
                 normaliseAddresses(QString::fromUtf8(readFile(expected + ".expected"))).split('\n'));
        const QString expectedErr = QString::fromUtf8(readFile(expected + ".expected_stderr"));
        QCOMPARE(normaliseAddresses(stderrDigest(err, scriptName).join('\n')),
                 normaliseAddresses(stderrDigest(expectedErr, scriptName).join('\n')));
        if (expectError) {
            QCOMPARE(process.exitCode(), 1);
            QCOMPARE(normaliseAddresses(lastLine(err)),
                     normaliseAddresses(lastLine(QString::fromUtf8(readFile(expected + ".expected_stderr_last")))));
        } else {
            if (expectedErr.isEmpty())
                QCOMPARE(err, QString());
            QCOMPARE(process.exitCode(), 0);
        }
    }
};

QTEST_GUILESS_MAIN(TestTorchConformance)
#include "tst_torch_conformance.moc"
