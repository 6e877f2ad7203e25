// The script host's start-up: our torch package comes from the bytecode the build
// compiled (the sandboxed host cannot write any), and the parts that PyTorch imports
// eagerly but few scripts use load on first use. Speed itself is in tests/bench.

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
};

QTEST_GUILESS_MAIN(TestHostStartup)
#include "tst_host_startup.moc"
