// The GPU kernels' bodies inside the script host (Note [GPU kernels]): with
// AGV_EMULATE_GPU_KERNELS set, cuda tensors of the simulated GPU go through the bodies the
// GPU runs. The demos that need a GPU print and record exactly what they do through the
// CPU kernels, and a division by a Python number gives PyTorch's CUDA answer, a * (1 / b).
// (The bodies op by op: tests/core/tst_gpu_kernels.cpp.)

#include <QDir>
#include <QTest>

#include "tests/common/script_process.h"

using namespace agv;

namespace {

const QStringList kSimulated{QStringLiteral("--gpu"), QStringLiteral("simulated")};

/// Runs `source` on the simulated GPU, through the bodies or the CPU kernels.
testing::ScriptRun runOnSimulatedGpu(const QString& source, const QString& name, bool bodies)
{
    if (bodies)
        qputenv("AGV_EMULATE_GPU_KERNELS", "1");
    else
        qunsetenv("AGV_EMULATE_GPU_KERNELS");
    testing::ScriptRun run = testing::runScriptProcess(source, name, kSimulated);
    qunsetenv("AGV_EMULATE_GPU_KERNELS");
    return run;
}

/// Each event's kind, in order: what the graph and the memory chart are drawn from.
QStringList eventKinds(const trace::Recording& recording)
{
    QStringList kinds;
    for (const trace::Event& e : recording.events())
        kinds << QString::number(e.payload.index());
    return kinds;
}

}  // namespace

class TestGpuKernelBodies : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void divisionByANumberIsPyTorchsCudaAnswer()
    {
        const QString script = QStringLiteral(R"(import torch
x = torch.tensor([5., 7., 10.], device='cuda')
print((x / 3).tolist())
print(x.div(3.0).tolist(), (x / torch.tensor(3., device='cuda')).tolist())
)");
        const testing::ScriptRun cpu = runOnSimulatedGpu(script, QStringLiteral("div.py"), false);
        const testing::ScriptRun bodies = runOnSimulatedGpu(script, QStringLiteral("div.py"), true);
        QVERIFY2(cpu.failure.isEmpty() && bodies.failure.isEmpty(), qPrintable(cpu.failure + bodies.failure));
        QCOMPARE(cpu.exitCode, 0);
        QCOMPARE(bodies.exitCode, 0);
        const std::string quotient = "[1.6666666269302368, 2.3333332538604736, 3.3333332538604736]";
        const std::string product = "[1.6666667461395264, 2.3333334922790527, 3.3333334922790527]";
        QCOMPARE(cpu.stdoutText, quotient + "\n" + quotient + " " + quotient + "\n");
        // By a number: times float32(1/3); by a cuda tensor: divided.
        QCOMPARE(bodies.stdoutText, product + "\n" + product + " " + quotient + "\n");
    }

    void gpuDemosRunAlikeThroughTheBodies_data()
    {
        QTest::addColumn<QString>("path");
        const QDir demos(QStringLiteral(AGV_SOURCE_DIR "/resources/demos"));
        int found = 0;
        for (const QString& name : demos.entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name)) {
            QFile file(demos.filePath(name));
            if (file.open(QIODevice::ReadOnly) && file.readAll().contains("# Device: gpu")) {
                QTest::newRow(qPrintable(name)) << demos.filePath(name);
                ++found;
            }
        }
        QVERIFY(found >= 4);
    }

    void gpuDemosRunAlikeThroughTheBodies()
    {
        QFETCH(QString, path);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString source = QString::fromUtf8(file.readAll());
        const QString name = QFileInfo(path).fileName();
        const testing::ScriptRun cpu = runOnSimulatedGpu(source, name, false);
        const testing::ScriptRun bodies = runOnSimulatedGpu(source, name, true);
        QVERIFY2(cpu.failure.isEmpty() && bodies.failure.isEmpty(), qPrintable(cpu.failure + bodies.failure));
        QCOMPARE(bodies.exitCode, cpu.exitCode);
        QVERIFY(!cpu.stdoutText.empty());
        QCOMPARE(bodies.stdoutText, cpu.stdoutText);
        QCOMPARE(bodies.stderrText, cpu.stderrText);
        QCOMPARE(eventKinds(bodies.recording), eventKinds(cpu.recording));
    }
};

QTEST_GUILESS_MAIN(TestGpuKernelBodies)
#include "tst_gpu_kernel_bodies.moc"
