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

const QStringList kSimulated{QStringLiteral("--gpu"), QStringLiteral("simulated")};

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
        // print is no copy of the script's (README); item() and tolist() are.
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
            {"cuda:0", "cpu", 4},     // g.sum().item(): _local_scalar_dense copies one element
            {"cuda:0", "cpu", 8},     // t.tolist(): the whole tensor to host memory first
        };
        QCOMPARE(copiesOf(run.recording), expected);
        for (const Event& e : run.recording.events())
            if (const auto* c = std::get_if<DeviceCopied>(&e.payload)) {
                // All from or into pageable memory: half the link's 12.5 GB/s.
                QVERIFY(!c->pinned);
                QCOMPARE(c->bandwidth, uint64_t(6'250'000'000));
                QCOMPARE(c->nanos, 10'000 + (c->bytes * 1'000'000'000 + 3'125'000'000) / 6'250'000'000);
                // torch.tensor's host buffer and the Python values read are no tensor's storage.
                const bool readToPython = c->fromDevice == "cuda:0" && c->bytes <= 8;
                QCOMPARE(c->toAllocation == 0, readToPython);
                QCOMPARE(c->fromAllocation == 0, c->bytes == 8 && !readToPython);
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
        QCOMPARE(end.deviceToHost.copies, uint64_t(5));
        // g.cpu(), the two packs, then item()'s 4 bytes and tolist()'s 8 (1 ns each).
        QCOMPARE(end.deviceToHost.nanos, uint64_t(5 * 10'000 + 640 + 6 + 6 + 1 + 1));
    }

    void pinnedMemoryCopiesAtTheLinksFullRate()
    {
        // Note [Pinned host memory]: the factories, Tensor.pin_memory(), save_on_cpu and the
        // DataLoader pin on the simulated GPU; copies from and to pinned memory run at the
        // link's rate, and pinned memory is accounted apart from pageable memory.
        const testing::ScriptRun run = testing::runScriptProcess(QStringLiteral(R"(import torch
from torch.utils.data import DataLoader, TensorDataset
p = torch.ones(1000, pin_memory=True)
q = torch.ones(1000)
print(p.is_pinned(), q.is_pinned(), p[10:].is_pinned(), torch.cuda.memory_allocated())
g = p.cuda()
h = q.cuda()
r = q.pin_memory()
print(r.is_pinned(), r.pin_memory() is r, p.pin_memory() is p, torch.equal(r, q))
s = g.pin_memory()
print(s.device, s.is_pinned(), g.is_pinned())
try:
    torch.empty(2, device='cuda', pin_memory=True)
except RuntimeError as e:
    print(e)
w = torch.ones(10, device='cuda', requires_grad=True)
with torch.autograd.graph.save_on_cpu(pin_memory=True):
    y = w.exp().sum()
y.backward()
loader = DataLoader(TensorDataset(torch.arange(4.0), torch.arange(4)), batch_size=2, pin_memory=True)
batch = next(iter(loader))
print(type(batch).__name__, batch[0].is_pinned(), batch[1].is_pinned())
v = torch.ones(3, requires_grad=True)
print(v.pin_memory().grad_fn.name())
)"),
                                                                 QStringLiteral("pinned.py"), kSimulated);
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.stdoutText, std::string("True False True 0\n"
                                             "True True True True\n"
                                             "cpu True False\n"
                                             "Only dense CPU tensors can be pinned\n"
                                             "list True True\n"
                                             "PinMemoryBackward0\n"));
        std::vector<const DeviceCopied*> copies;
        for (const Event& e : run.recording.events())
            if (const auto* c = std::get_if<DeviceCopied>(&e.payload))
                copies.push_back(c);
        QCOMPARE(copies.size(), size_t(5));  // p.cuda(), q.cuda(), g.pin_memory(), the pack, the unpack
        QVERIFY(copies[0]->pinned);
        QCOMPARE(copies[0]->nanos, uint64_t(10'000 + 160));  // 4,000 B at the link's 25 GB/s
        QVERIFY(!copies[1]->pinned);
        QCOMPARE(copies[1]->nanos, uint64_t(10'000 + 320));  // at half of it
        for (size_t i : {size_t(2), size_t(3), size_t(4)})
            QVERIFY2(copies[i]->pinned, qPrintable(QString::number(i)));
        QCOMPARE(copies[3]->toDevice, std::string("cpu"));  // save_on_cpu(pin_memory=True) packs into pinned memory

        // Pinned host memory has its own MemoryChanged kind; the GPU's figures never count it.
        uint64_t pinnedPeak = 0;
        for (const Event& e : run.recording.events())
            if (const auto* m = std::get_if<MemoryChanged>(&e.payload); m && m->deviceKind == "pinned") {
                QCOMPARE(m->device, std::string("cpu"));
                pinnedPeak = std::max(pinnedPeak, m->peak);
            }
        QVERIFY(pinnedPeak >= 3 * 4000);
        const GraphState end = stateAt(run.recording, run.recording.size());
        QVERIFY(end.memory.count("cpu (pinned)"));
        QVERIFY(end.memory.at("cpu (pinned)").peak >= 3 * 4000);
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
