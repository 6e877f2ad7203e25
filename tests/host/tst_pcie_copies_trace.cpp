// What a script's copies between host and the simulated GPU record, through the real
// binary (Note [Modelled PCIe time]): `.cuda()`, `.cpu()`, `.to()`, torch.tensor(...,
// device='cuda'), `copy_` across devices, and save_on_cpu's packs and unpacks, each with
// its bytes, direction and duration modelled on --pcie. Without the simulated GPU nothing
// is recorded; a bad --pcie is refused before anything runs.

#include <QProcess>
#include <QTest>

#include <algorithm>

#include "core/trace/event.h"
#include "core/trace/graph_state.h"
#include "tests/common/script_process.h"

using namespace agv;
using namespace agv::trace;

namespace {

const char* const kScript = R"(import torch
x = torch.ones(1000)
g = x.cuda()
h = g.cpu()
t = torch.tensor([1.0, 2.0], device='cuda')
z = torch.zeros(1000, device='cuda')
z.copy_(x)
n = x.to('cuda', non_blocking=True)
w = torch.ones(10, device='cuda', requires_grad=True)
with torch.autograd.graph.save_on_cpu():
    y = (w * w).sum()
y.backward()
print(h.sum().item(), z.device, w.grad.device)
print(g[:2], g.sum().item(), t.tolist())
)";

struct Copy {
    std::string from, to;
    uint64_t bytes = 0;
    bool operator==(const Copy&) const = default;
};

std::vector<Copy> copiesOf(const Recording& r)
{
    std::vector<Copy> out;
    for (const Event& e : r.events())
        if (const auto* c = std::get_if<DeviceCopied>(&e.payload))
            out.push_back({c->fromDevice, c->toDevice, c->bytes});
    return out;
}

}  // namespace

namespace QTest {
template <> char* toString(const std::vector<Copy>& copies)
{
    std::string text;
    for (const Copy& c : copies)
        text += c.from + "->" + c.to + ":" + std::to_string(c.bytes) + " ";
    return qstrdup(text.c_str());
}
}  // namespace QTest

class TestPcieCopiesTrace : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyCrossingIsRecordedWithItsModelledTime()
    {
        const testing::ScriptRun run = testing::runScriptProcess(
            QString::fromLatin1(kScript), QStringLiteral("copies.py"),
            {QStringLiteral("--gpu"), QStringLiteral("simulated"), QStringLiteral("--pcie"), QStringLiteral("12.5")});
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        // Reading values (print, item, tolist) is no copy of the script's (README).
        QCOMPARE(run.stdoutText,
                 std::string("1000.0 cuda:0 cuda:0\ntensor([1., 1.], device='cuda:0') 1000.0 [1.0, 2.0]\n"));
        const std::vector<Copy> expected = {
            {"cpu", "cuda:0", 4000},  // x.cuda()
            {"cuda:0", "cpu", 4000},  // g.cpu()
            {"cpu", "cuda:0", 8},     // torch.tensor(..., device='cuda') is built on the host
            {"cpu", "cuda:0", 4000},  // z.copy_(x)
            {"cpu", "cuda:0", 4000},  // x.to('cuda', non_blocking=True)
            {"cuda:0", "cpu", 40},    // save_on_cpu packs w as MulBackward0's self ...
            {"cuda:0", "cpu", 40},    // ... and as its other
            {"cpu", "cuda:0", 40},    // backward unpacks them
            {"cpu", "cuda:0", 40},
        };
        QCOMPARE(copiesOf(run.recording), expected);
        for (const Event& e : run.recording.events())
            if (const auto* c = std::get_if<DeviceCopied>(&e.payload)) {
                QCOMPARE(c->bandwidth, uint64_t(12'500'000'000));
                QCOMPARE(c->nanos, 10'000 + (c->bytes * 1'000'000'000 + 6'250'000'000) / 12'500'000'000);
                // torch.tensor's host buffer is no tensor's storage.
                QVERIFY(c->toAllocation != 0);
                QCOMPARE(c->fromAllocation == 0, c->bytes == 8);
            }
        // x.cuda() wrote into g's storage, which the trace names when g is created.
        const auto first = std::find_if(run.recording.events().begin(), run.recording.events().end(),
                                        [](const Event& e) { return std::holds_alternative<DeviceCopied>(e.payload); });
        const Id into = std::get<DeviceCopied>(first->payload).toAllocation;
        Id g = 0;
        bool named = false;
        for (auto it = first; it != run.recording.events().end() && !named; ++it) {
            if (const auto* t = std::get_if<TensorCreated>(&it->payload); t && !g)
                g = t->allocation == into && t->device == "cuda:0" ? t->tensor : 0;
            if (const auto* l = std::get_if<TensorLabeled>(&it->payload))
                named = g != 0 && l->tensor == g && l->label == "g";
        }
        QVERIFY(named);

        const GraphState end = stateAt(run.recording, run.recording.size());
        QCOMPARE(end.hostToDevice.copies, uint64_t(6));
        QCOMPARE(end.hostToDevice.bytes, uint64_t(4000 * 3 + 8 + 40 * 2));
        QCOMPARE(end.deviceToHost.copies, uint64_t(3));
        QCOMPARE(end.deviceToHost.nanos, uint64_t(3 * 10'000 + 320 + 3 + 3));
    }

    void nothingCrossesWithoutTheSimulatedGpu()
    {
        const testing::ScriptRun run = testing::runScriptProcess(
            QStringLiteral("import torch\nx = torch.ones(3)\nprint(x.cpu().sum().item(), torch.cuda.is_available())\n"),
            QStringLiteral("cpu_only.py"), {QStringLiteral("--gpu"), QStringLiteral("none")});
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.stdoutText, std::string("3.0 False\n"));
        QVERIFY(copiesOf(run.recording).empty());
    }

    void aBadBandwidthIsRefused()
    {
        QProcess process;
        process.start(QStringLiteral(AGV_AUTOGRADVIZ_BIN),
                      {QStringLiteral("--run"), QStringLiteral("nothing.py"), QStringLiteral("--pcie"), QStringLiteral("fast")});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 2);
        QCOMPARE(process.readAllStandardError().toStdString(),
                 std::string("autogradviz: --pcie: expected a bandwidth in GB/s above 0 and at most 1000, such as 25 "
                             "or 12.5; got 'fast'\n"));
    }
};

QTEST_GUILESS_MAIN(TestPcieCopiesTrace)
#include "tst_pcie_copies_trace.moc"
