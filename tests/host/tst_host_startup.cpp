// The script host's start-up: our torch package comes from the bytecode the build
// compiled (the sandboxed host cannot write any), and the parts that PyTorch imports
// eagerly but few scripts use load on first use; every run allocates from jemalloc's
// huge-page heap (Note [Huge pages for the heap]). Speed itself is in tests/bench.

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
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
                           "print('torch.utils.data.dataloader' in sys.modules, 'zipfile' in sys.modules, "
                           "'inspect' in sys.modules)\n"
                           "print(torch.utils.data.TensorDataset.__name__, torch.optim.lr_scheduler.StepLR.__name__)\n"
                           "print('torch.utils.data.dataloader' in sys.modules, 'typing' in sys.modules)\n"
                           "print(torch.serialization.DEFAULT_PROTOCOL, type(torch.serialization).__name__)\n"
                           "print('zipfile' in sys.modules)\n"),
            QStringLiteral("startup.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        // The modules are there from the start, as in PyTorch; their bodies (and what they
        // import: zipfile for torch.serialization, inspect) run on first use.
        QCOMPARE(QString::fromStdString(run.stdoutText),
                 QStringLiteral("True True\nTrue True\nFalse False False\nTensorDataset StepLR\nTrue False\n"
                                "2 module\nTrue\n"));
    }

    /// torch.nn's layers and torch.optim's optimisers load the first time their name is
    /// read (Note [Names loaded on first use]): half of `import torch` went to them. A
    /// mistyped name gets CPython's own error, with no frame of ours in the traceback.
    void layersAndOptimisersLoadOnFirstUse()
    {
        const testing::ScriptRun run = testing::runScriptProcess(
            QStringLiteral("import sys\nimport torch\n"
                           "loaded = lambda: sorted(m for m in sys.modules if m.startswith(('torch.nn.modules.', "
                           "'torch.optim.', 'torch.nn.init', 'torch.nn.utils', 'torch.nn.parallel')))\n"
                           "print(loaded())\n"
                           "layer = torch.nn.Linear(2, 1)\n"
                           "print(loaded())\n"
                           "from torch.optim import SGD\n"
                           "print(loaded(), hasattr(torch.optim, 'sgd'), 'SGD' in vars(torch.optim))\n"
                           "torch.nn.Linearr\n"),
            QStringLiteral("lazy.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 1);
        // lr_scheduler is in sys.modules from the start (its body is lazy, _lazy_module.py).
        QCOMPARE(QString::fromStdString(run.stdoutText),
                 QStringLiteral("['torch.optim.lr_scheduler']\n"
                                "['torch.nn.init', 'torch.nn.modules.lazy', 'torch.nn.modules.linear', "
                                "'torch.nn.modules.module', "
                                "'torch.optim.lr_scheduler']\n"
                                "['torch.nn.init', 'torch.nn.modules.lazy', 'torch.nn.modules.linear', "
                                "'torch.nn.modules.module', "
                                "'torch.optim.lr_scheduler', 'torch.optim.optimizer', 'torch.optim.sgd'] False True\n"));
        const QString err = QString::fromStdString(run.stderrText);
        QVERIFY2(err.endsWith(QStringLiteral("AttributeError: module 'torch.nn' has no attribute 'Linearr'. "
                                             "Did you mean: 'Linear'?\n")),
                 qPrintable(err));
        QCOMPARE(err.count(QStringLiteral("File \"")), 1);  // the script's line only
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

    /// The host the window starts for every run loads none of the window's libraries
    /// (Qt, Graphviz): they were a third of a run's start-up.
    void theHostBinaryLoadsNoWindowLibraries()
    {
        QProcess ldd;
        ldd.start(QStringLiteral("ldd"), QStringList{QStringLiteral(AGV_AUTOGRADVIZ_HOST_BIN)});
        QVERIFY(ldd.waitForFinished(30000));
        QCOMPARE(ldd.exitCode(), 0);
        const QString libraries = QString::fromUtf8(ldd.readAllStandardOutput());
        QVERIFY2(libraries.contains(QLatin1String("libpython3.11")), qPrintable(libraries));
        for (const char* windowLibrary : {"libQt6", "libgvc", "libcgraph", "libX11"})
            QVERIFY2(!libraries.contains(QLatin1String(windowLibrary)), windowLibrary);
    }

    /// A killed host cannot remove its run folder (nor may a sandboxed one remove folders
    /// beside its own); the next run removes the folders of hosts that have ended, so
    /// they never pile up in /tmp and slow down scripts started from there.
    void runFoldersOfEndedHostsAreRemoved()
    {
        QTemporaryDir tmp;
        QTemporaryDir scriptDir;
        QProcess ended;
        ended.start(QStringLiteral("true"), QStringList{});
        QVERIFY(ended.waitForStarted());
        const qint64 endedPid = ended.processId();
        QVERIFY(ended.waitForFinished());
        const QString stale = tmp.filePath(QStringLiteral("autogradviz-run-%1-abcdef").arg(endedPid));
        const QString live =
            tmp.filePath(QStringLiteral("autogradviz-run-%1-ghijkl").arg(QCoreApplication::applicationPid()));
        const QString foreign = tmp.filePath(QStringLiteral("autogradviz-run-notapid"));
        for (const QString& folder : {stale, live, foreign})
            QVERIFY(QDir().mkpath(folder));
        QFile kept(scriptDir.filePath(QStringLiteral("kept.txt")));
        QVERIFY(kept.open(QIODevice::WriteOnly));
        kept.write("data");
        kept.close();
        QVERIFY(QFile::link(kept.fileName(), stale + QStringLiteral("/kept.txt")));
        QFile script(scriptDir.filePath(QStringLiteral("s.py")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("import os\nprint(os.path.basename(os.getcwd()).startswith('autogradviz-run-%d-' % os.getpid()))\n");
        script.close();

        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("TMPDIR"), tmp.path());
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(AGV_AUTOGRADVIZ_BIN), QStringList{QStringLiteral("--run"), script.fileName()});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(process.readAllStandardOutput()), QStringLiteral("True\n"));
        QVERIFY(!QFileInfo::exists(stale));
        QVERIFY(QFileInfo::exists(live));
        QVERIFY(QFileInfo::exists(foreign));
        QVERIFY(QFileInfo::exists(kept.fileName()));  // a link was removed, not its target
        // The run's own folder went at its end: only the live and the foreign one remain.
        QCOMPARE(QDir(tmp.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(), 2);
    }
};

QTEST_GUILESS_MAIN(TestHostStartup)
#include "tst_host_startup.moc"
