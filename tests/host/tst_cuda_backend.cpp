// The real CUDA backend through the real binary (Note [The real GPU]). Without a GPU
// (CI, most laptops) it checks the fallback: `--gpu auto` finds none and answers as
// CPU-only PyTorch, `--gpu real` is refused with the reason, nothing crashes. With a
// GPU, the tests that need one run: cuda results equal the CPU's, the caching
// allocator's figures are PyTorch's, and the sandbox still holds.

#include <QProcess>
#include <QTest>

#include "tests/common/script_process.h"

using namespace agv;

namespace {

/// Whether `--gpu auto` finds a usable GPU on this machine.
bool realGpuPresent()
{
    static const bool present = [] {
        const testing::ScriptRun run = testing::runScriptProcess(
            QStringLiteral("import torch\nprint(torch.cuda.is_available())\n"), QStringLiteral("probe.py"));
        return run.exitCode == 0 && run.stdoutText == "True\n";
    }();
    return present;
}

QStringList lines(const std::string& text) { return QString::fromStdString(text).split('\n', Qt::SkipEmptyParts); }

const QStringList kReal{QStringLiteral("--gpu"), QStringLiteral("real")};

}  // namespace

class TestCudaBackend : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void withoutGpuAutoAnswersAsCpuOnlyPyTorch()
    {
        if (realGpuPresent())
            QSKIP("this machine has a GPU");
        const testing::ScriptRun run = testing::runScriptProcess(QStringLiteral(R"(import torch
device = "cuda" if torch.cuda.is_available() else "cpu"
print(device, torch.cuda.device_count(), torch.cuda.memory_allocated())
try:
    torch.ones(2).cuda()
except AssertionError as e:
    print(e)
)"),
                                                                 QStringLiteral("auto.py"));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(lines(run.stdoutText), (QStringList{QStringLiteral("cpu 0 0"), QStringLiteral("Torch not compiled with CUDA enabled")}));
    }

    void withoutGpuRealIsRefusedWithTheReason()
    {
        if (realGpuPresent())
            QSKIP("this machine has a GPU");
        QProcess process;
        process.start(QStringLiteral(AGV_AUTOGRADVIZ_BIN),
                      {QStringLiteral("--run"), QStringLiteral("x.py"), QStringLiteral("--gpu"), QStringLiteral("real")});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 2);
        const QString err = QString::fromUtf8(process.readAllStandardError());
        QVERIFY2(err.contains(QStringLiteral("--gpu real: no CUDA device is usable (")), qPrintable(err));
        // The reason is the driver's or the build's, never empty.
        QVERIFY2(!err.contains(QStringLiteral("usable ()")), qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("use --gpu simulated")), qPrintable(err));
    }

    void cudaResultsEqualTheCpus()
    {
        if (!realGpuPresent())
            QSKIP("needs a GPU (run on a machine with one)");
        const QString script = QStringLiteral(R"(import torch
torch.manual_seed(0)
a = torch.randn(64, 33)
b = torch.randn(33, 17)
w = torch.randn(64, 17, requires_grad=True)
def run(dev):
    x, y, v = a.to(dev), b.to(dev), w.detach().to(dev).requires_grad_()
    z = (x @ y).relu() * v + v.sigmoid()
    loss = z.softmax(dim=1).log().sum() + (z * z).mean()
    loss.backward()
    return loss.item(), v.grad.cpu(), z.cpu()
cpu = run("cpu")
gpu = run("cuda")
print(torch.cuda.is_available(), gpu[2].device, torch.cuda.get_device_name(0) != "")
print(abs(cpu[0] - gpu[0]) <= 1e-4 * abs(cpu[0]))
print(torch.allclose(cpu[1], gpu[1], rtol=1e-4, atol=1e-5), torch.allclose(cpu[2], gpu[2], rtol=1e-4, atol=1e-5))
torch.cuda.synchronize()
)");
        const testing::ScriptRun run = testing::runScriptProcess(script, QStringLiteral("same.py"), kReal);
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(lines(run.stdoutText),
                 (QStringList{QStringLiteral("True cpu True"), QStringLiteral("True"), QStringLiteral("True True")}));
    }

    void realGpuMemoryFollowsTheCachingAllocator()
    {
        if (!realGpuPresent())
            QSKIP("needs a GPU (run on a machine with one)");
        const testing::ScriptRun run = testing::runScriptProcess(QStringLiteral(R"(import torch
x = torch.zeros(3, device='cuda')
y = torch.zeros(300000, device='cuda')
print(torch.cuda.memory_allocated(), torch.cuda.memory_reserved())
del y
torch.cuda.empty_cache()
print(torch.cuda.memory_allocated(), torch.cuda.memory_reserved())
free, total = torch.cuda.mem_get_info()
print(0 < free <= total)
)"),
                                                                 QStringLiteral("memory.py"), kReal);
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(lines(run.stdoutText), (QStringList{QStringLiteral("1200640 23068672"),
                                                     QStringLiteral("512 2097152"), QStringLiteral("True")}));
    }

    void sandboxStillRefusesProcessesWithAGpu()
    {
        if (!realGpuPresent())
            QSKIP("needs a GPU (run on a machine with one)");
        const testing::ScriptRun run = testing::runScriptProcess(QStringLiteral(R"(import os, torch
x = torch.ones(4, device='cuda') * 2
print(x.sum().item())
try:
    os.fork()
except PermissionError as e:
    print("refused")
)"),
                                                                 QStringLiteral("sandbox.py"), kReal);
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(lines(run.stdoutText), (QStringList{QStringLiteral("8.0"), QStringLiteral("refused")}));
    }
};

QTEST_GUILESS_MAIN(TestCudaBackend)
#include "tst_cuda_backend.moc"
