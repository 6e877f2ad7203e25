// The script host's start-up: our torch package comes from the bytecode the build
// compiled (the sandboxed host cannot write any), and the parts that PyTorch imports
// eagerly but few scripts use load on first use; every run allocates from jemalloc's
// huge-page heap (Note [Huge pages for the heap]). Speed itself is in tests/bench.

#include <QProcess>
#include <QTest>

#include "tests/common/script_process.h"

using namespace agv;

class TestHostStartup : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void packageLoadsFromBuildBytecode()
    {
        const testing::ScriptRun run = testing::runScriptProcess(
            QStringLiteral("import os, sys\nimport torch\nimport torch.nn.modules.module as m\n"
                           "print(os.path.exists(m.__cached__), os.path.exists(torch.autograd.function.__cached__))\n"
                           "print('torch.utils.data' in sys.modules, 'torch.optim.lr_scheduler' in sys.modules)\n"
                           "print(torch.utils.data.TensorDataset.__name__, torch.optim.lr_scheduler.StepLR.__name__)\n"
                           "print('torch.utils.data' in sys.modules, 'typing' in sys.modules)\n"),
            QStringLiteral("startup.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(QString::fromStdString(run.stdoutText),
                 QStringLiteral("True True\nFalse False\nTensorDataset StepLR\nTrue False\n"));
    }

    void everyRunGetsTheHugePageHeap_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("plain run") << QStringList{};
        QTest::newRow("recorded") << QStringList{QStringLiteral("--trace"), QStringLiteral("t.agvtrace")};
    }

    /// jemalloc with huge pages asked for (Note [Huge pages for the heap]), from the first
    /// start: no restart, nothing in the environment the script sees.
    void everyRunGetsTheHugePageHeap()
    {
        QFETCH(QStringList, arguments);
        QTemporaryDir dir;
        QFile script(dir.filePath(QStringLiteral("env.py")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("import os\nprint(os.environ.get('GLIBC_TUNABLES'), os.environ.get('MALLOC_CONF'))\n");
        script.close();
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("GLIBC_TUNABLES"));
        env.remove(QStringLiteral("MALLOC_CONF"));
        env.insert(QStringLiteral("AGV_HEAP_REPORT"), QStringLiteral("1"));
        process.setProcessEnvironment(env);
        process.setWorkingDirectory(dir.path());
        process.start(QStringLiteral(AGV_AUTOGRADVIZ_BIN), QStringList{QStringLiteral("--run"), QStringLiteral("env.py")} + arguments);
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(process.readAllStandardOutput()).trimmed(), QStringLiteral("None None"));
        const QString report = QString::fromUtf8(process.readAllStandardError());
        QVERIFY2(report.contains(QStringLiteral("autogradviz: heap: jemalloc ")), qPrintable(report));
        QVERIFY2(report.contains(QStringLiteral("thp always, metadata_thp always")), qPrintable(report));
    }
};

QTEST_GUILESS_MAIN(TestHostStartup)
#include "tst_host_startup.moc"
