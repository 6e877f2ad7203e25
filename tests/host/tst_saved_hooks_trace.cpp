// Saved-tensor hooks and devices as the recording shows them: save_on_cpu moving saved
// activations off the (simulated) GPU and back, the GPU memory it saves, and --gpu
// choosing what torch.cuda.is_available() answers.

#include <QProcess>
#include <QTest>

#include <algorithm>

#include "core/trace/graph_state.h"
#include "tests/common/script_process.h"

using namespace agv;
using namespace agv::trace;

namespace {

const char* const kMlp = R"(import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, 1)).cuda()
x = torch.ones(1024, 256, device="cuda")
OFFLOAD
loss.backward()
print(torch.cuda.max_memory_allocated() > 0)
)";

/// Bytes in use on `device` when backward begins (what forward left alive).
uint64_t inUseAtBackward(const Recording& r, const std::string& device)
{
    uint64_t current = 0;
    for (const Event& e : r.events()) {
        if (std::holds_alternative<BackwardBegin>(e.payload))
            return current;
        if (const auto* m = std::get_if<MemoryChanged>(&e.payload); m && m->device == device)
            current = m->current;
    }
    return current;
}

uint64_t peakOn(const Recording& r, const std::string& device)
{
    uint64_t peak = 0;
    for (const Event& e : r.events())
        if (const auto* m = std::get_if<MemoryChanged>(&e.payload); m && m->device == device)
            peak = std::max(peak, m->current);
    return peak;
}

}  // namespace

class TestSavedHooksTrace : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void saveOnCpuMovesSavedTensorsToTheHostAndBack()
    {
        const QString offloaded = QString::fromLatin1(kMlp).replace(
            QStringLiteral("OFFLOAD"), QStringLiteral("with torch.autograd.graph.save_on_cpu():\n    loss = model(x).sum()"));
        const testing::ScriptRun run = testing::runScriptProcess(offloaded, QStringLiteral("offload.py"),
                                                                 {QStringLiteral("--gpu"), QStringLiteral("simulated")});
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.stdoutText, std::string("True\n"));
        int offloadedSaves = 0;
        std::vector<Id> savedIds;
        for (const Event& e : run.recording.events()) {
            if (const auto* s = std::get_if<TensorSaved>(&e.payload)) {
                QCOMPARE(s->holding, SavedHolding::Offloaded);
                savedIds.push_back(s->saved);
                ++offloadedSaves;
            }
        }
        QVERIFY(offloadedSaves >= 5);  // 3 inputs of addmm, 2 relu results (+ weights)
        for (Id id : savedIds) {
            int packed = 0, unpacked = 0;
            for (const Event& e : run.recording.events()) {
                if (const auto* p = std::get_if<Packed>(&e.payload); p && p->saved == id) {
                    ++packed;
                    QCOMPARE(p->fromDevice, std::string("cuda:0"));
                    QCOMPARE(p->toDevice, std::string("cpu"));
                    QCOMPARE(p->hook, std::string("pack_to_cpu"));
                    QVERIFY(p->bytes > 0);
                }
                if (const auto* u = std::get_if<Unpacked>(&e.payload); u && u->saved == id) {
                    ++unpacked;
                    QCOMPARE(u->fromDevice, std::string("cpu"));
                    QCOMPARE(u->toDevice, std::string("cuda:0"));
                    QCOMPARE(u->hook, std::string("unpack_from_cpu"));
                }
            }
            QCOMPARE(packed, 1);
            QCOMPARE(unpacked, 1);
        }
        // The simulated GPU says what it is in the memory events.
        bool simulated = false;
        for (const Event& e : run.recording.events())
            if (const auto* m = std::get_if<MemoryChanged>(&e.payload); m && m->device == "cuda:0")
                simulated = m->deviceKind == "simulated";
        QVERIFY(simulated);
    }

    void saveOnCpuLowersTheGpuPeak()
    {
        const QString plain = QString::fromLatin1(kMlp).replace(QStringLiteral("OFFLOAD"),
                                                                QStringLiteral("loss = model(x).sum()"));
        const QString offloaded = QString::fromLatin1(kMlp).replace(
            QStringLiteral("OFFLOAD"), QStringLiteral("with torch.autograd.graph.save_on_cpu():\n    loss = model(x).sum()"));
        const QStringList gpu{QStringLiteral("--gpu"), QStringLiteral("simulated")};
        const testing::ScriptRun a = testing::runScriptProcess(plain, QStringLiteral("plain.py"), gpu);
        const testing::ScriptRun b = testing::runScriptProcess(offloaded, QStringLiteral("offload.py"), gpu);
        QCOMPARE(a.exitCode, 0);
        QCOMPARE(b.exitCode, 0);
        const uint64_t activation = 1024 * 256 * 4;
        const uint64_t plainPeak = peakOn(a.recording, "cuda:0");
        const uint64_t offloadedPeak = peakOn(b.recording, "cuda:0");
        const uint64_t plainKept = inUseAtBackward(a.recording, "cuda:0");
        const uint64_t offloadedKept = inUseAtBackward(b.recording, "cuda:0");
        qInfo("GPU at the start of backward: %llu KiB without offloading, %llu KiB with save_on_cpu; "
              "GPU peak: %llu KiB and %llu KiB",
              static_cast<unsigned long long>(plainKept / 1024), static_cast<unsigned long long>(offloadedKept / 1024),
              static_cast<unsigned long long>(plainPeak / 1024), static_cast<unsigned long long>(offloadedPeak / 1024));
        // The two saved ReLU results (1 MiB each) wait for backward in host memory instead.
        QVERIFY(offloadedKept + 2 * activation <= plainKept);
        QVERIFY(offloadedPeak < plainPeak);
        QVERIFY(inUseAtBackward(b.recording, "cpu") >= inUseAtBackward(a.recording, "cpu") + 2 * activation);
    }

    void gpuModeDecidesWhatCudaIsAvailableAnswers_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("expected");
        QTest::newRow("default") << QStringList{} << QStringLiteral("False cpu\n");
        QTest::newRow("auto") << QStringList{QStringLiteral("--gpu"), QStringLiteral("auto")} << QStringLiteral("False cpu\n");
        QTest::newRow("none") << QStringList{QStringLiteral("--gpu"), QStringLiteral("none")} << QStringLiteral("False cpu\n");
        QTest::newRow("simulated") << QStringList{QStringLiteral("--gpu"), QStringLiteral("simulated")}
                                   << QStringLiteral("True cuda\n");
    }

    void gpuModeDecidesWhatCudaIsAvailableAnswers()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, expected);
        const testing::ScriptRun run = testing::runScriptProcess(
            QStringLiteral("import torch\ndevice = 'cuda' if torch.cuda.is_available() else 'cpu'\n"
                           "print(torch.cuda.is_available(), torch.zeros(1, device=device).device.type)\n"),
            QStringLiteral("device.py"), arguments);
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(QString::fromStdString(run.stdoutText), expected);
    }

    void simulatedGpuHasTheCapacityAskedFor()
    {
        // 4 MiB asks the caching allocator for a 20 MiB segment, which 3 MiB cannot hold;
        // 4,000 bytes fit a 2 MiB segment.
        const testing::ScriptRun run = testing::runScriptProcess(
            QStringLiteral("import torch\ntry:\n    torch.zeros(1024 * 1024, device='cuda')\n"
                           "except torch.cuda.OutOfMemoryError as e:\n    print('OOM', str(e)[:160])\n"
                           "print(torch.zeros(1000, device='cuda').sum())\n"),
            QStringLiteral("capacity.py"), {QStringLiteral("--gpu"), QStringLiteral("simulated=3M")});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(QString::fromStdString(run.stdoutText),
                 QStringLiteral("OOM CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 3.00 MiB total capacity; 0 "
                                "bytes already allocated; 3.00 MiB free; 0 bytes reserved in total by PyTorch)\n"
                                "tensor(0., device='cuda:0')\n"));
    }

    void badGpuModeIsACommandLineError()
    {
        QProcess process;
        process.start(QStringLiteral(AGV_AUTOGRADVIZ_BIN),
                      {QStringLiteral("--run"), QStringLiteral("x.py"), QStringLiteral("--gpu"), QStringLiteral("fast")});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardError().contains("--gpu takes auto, real, simulated[=SIZE] or none, not 'fast'"));
        process.start(QStringLiteral(AGV_AUTOGRADVIZ_BIN),
                      {QStringLiteral("--run"), QStringLiteral("x.py"), QStringLiteral("--gpu"), QStringLiteral("simulated=lots")});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardError().contains("cannot read the size 'lots'"));
    }
};

QTEST_GUILESS_MAIN(TestSavedHooksTrace)
#include "tst_saved_hooks_trace.moc"
