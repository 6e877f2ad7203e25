// Gradient checkpointing as the recording shows it: which nodes a checkpointed segment
// created, what they saved and how (recompute placeholders), when backward recomputes
// the segment, and how much memory checkpoint_sequential saves. Runs real scripts
// through `autogradviz --run --trace` and reads their recordings.

#include <QFile>
#include <QTest>

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "core/trace/checkpoint_cut.h"
#include "core/trace/checkpoint_shadowed_hooks.h"
#include "core/trace/graph_state.h"
#include "core/trace/recompute_check.h"
#include "tests/common/script_process.h"

using namespace agv;
using namespace agv::trace;

namespace {

const char* const kBlock = R"(import torch
from torch.utils.checkpoint import checkpoint

w1 = torch.tensor([1.0, 2.0, -1.0], requires_grad=True)
w2 = torch.tensor([0.5, -0.5, 2.0], requires_grad=True)


def block(x):
    h = x * w1
    h = h.relu()
    return h * w2


x = torch.tensor([0.5, -1.0, 0.25], requires_grad=True)
y = checkpoint(block, x, use_reentrant=REENTRANT)
y.sum().backward()
print(x.grad)
)";

// A checkpoint inside OUTER whose function runs inside INNER (Note [A checkpoint that
// shadows save_on_cpu]); its function saves three tensors (x, w, the relu's result).
// Nothing is saved on the checkpoint's line before it begins: a pack hook of the script
// would move the current line into itself, and it stays there after the hook returns.
const char* const kHooked = R"(import contextlib
import torch
from torch.utils.checkpoint import checkpoint

w = torch.tensor([1.0, 2.0, -1.0], requires_grad=True)


def block(x):
    with INNER:
        return (x * w).relu()


x = torch.tensor([0.5, -1.0, 0.25], requires_grad=True)
with OUTER:
    y = checkpoint(block, x, use_reentrant=REENTRANT)
y.sum().backward()
print(w.grad)
)";

QString blockScript(bool reentrant)
{
    return QString::fromLatin1(kBlock).replace(QStringLiteral("REENTRANT"),
                                               reentrant ? QStringLiteral("True") : QStringLiteral("False"));
}

std::vector<const NodeCreated*> nodesWhere(const Recording& r, Id segment, NodePhase phase)
{
    std::vector<const NodeCreated*> out;
    for (const Event& e : r.events())
        if (const auto* n = std::get_if<NodeCreated>(&e.payload))
            if (n->checkpointSegment == segment && n->phase == phase)
                out.push_back(n);
    return out;
}

std::vector<std::string> names(const std::vector<const NodeCreated*>& nodes)
{
    std::vector<std::string> out;
    for (const NodeCreated* n : nodes)
        out.push_back(n->name);
    return out;
}

template <class T> std::vector<size_t> stepsOf(const Recording& r)
{
    std::vector<size_t> out;
    for (const Event& e : r.events())
        if (std::holds_alternative<T>(e.payload))
            out.push_back(e.step);
    return out;
}

template <class T> std::vector<const T*> all(const Recording& r)
{
    std::vector<const T*> out;
    for (const Event& e : r.events())
        if (const auto* p = std::get_if<T>(&e.payload))
            out.push_back(p);
    return out;
}

/// Highest cpu bytes in use after the first event on `line`, minus the bytes in use then.
uint64_t extraPeakFromLine(const Recording& r, int line)
{
    bool started = false;
    uint64_t base = 0, current = 0, peak = 0;
    for (const Event& e : r.events()) {
        if (!started && e.line == line) {
            started = true;
            base = current;
            peak = current;
        }
        if (const auto* m = std::get_if<MemoryChanged>(&e.payload); m && m->device == "cpu") {
            current = m->current;
            peak = std::max(peak, current);
        }
    }
    return started ? peak - base : 0;
}

}  // namespace

class TestCheckpointTrace : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void reentrantCheckpointWithoutGradInputsIsCut()
    {
        const testing::ScriptRun run =
            testing::runScriptFile(QStringLiteral(AGV_SOURCE_DIR "/resources/demos/22_checkpoint_no_grad_inputs.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        // The reentrant checkpoint on line 33 is cut; the non-reentrant one on line 41 is not.
        const std::vector<CutCheckpoint> cut = findCutCheckpoints(run.recording);
        QCOMPARE(cut.size(), size_t(1));
        QCOMPARE(cut[0].line, 33);
        QCOMPARE(cut[0].segment, Id(1));
        // A reentrant checkpoint whose input requires grad is connected.
        const testing::ScriptRun connected = testing::runScriptProcess(blockScript(true), QStringLiteral("block.py"));
        QVERIFY2(connected.failure.isEmpty(), qPrintable(connected.failure));
        QVERIFY(findCutCheckpoints(connected.recording).empty());
    }

    void saveOnCpuAroundNonReentrantCheckpointOffloadsNothing()
    {
        // Demo 25: the non-reentrant checkpoint on line 42 under save_on_cpu is flagged;
        // the reentrant one on line 50, under the same save_on_cpu, is not.
        const testing::ScriptRun run =
            testing::runScriptFile(QStringLiteral(AGV_SOURCE_DIR "/resources/demos/25_checkpoint_inside_save_on_cpu.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        const std::vector<HooksShadowedByCheckpoint> shadowed = findHooksShadowedByCheckpoints(run.recording);
        QCOMPARE(shadowed.size(), size_t(1));
        QCOMPARE(shadowed[0].segment, Id(1));
        QCOMPARE(shadowed[0].line, 42);
        QCOMPARE(shadowed[0].hooks, std::string("save_on_cpu"));
        // block saves h and w1 (mm), tanh's result, and it twice (mul): 5, as PyTorch 1.13 packs.
        QCOMPARE(shadowed[0].savedInside, uint64_t(5));
        const auto begins = all<CheckpointBegin>(run.recording);
        QCOMPARE(begins.size(), size_t(2));
        QVERIFY(!begins[0]->reentrant);
        QVERIFY(begins[1]->reentrant);
        QCOMPARE(begins[0]->outerHooks, std::string("save_on_cpu"));
        QCOMPARE(begins[1]->outerHooks, std::string("save_on_cpu"));
        QVERIFY(shadowed[0].endStep > 0 && shadowed[0].endStep < run.recording.size());

        // On a GPU the reentrant checkpoint's input goes to host memory; nothing the
        // non-reentrant one saved does.
        QFile demo(QStringLiteral(AGV_SOURCE_DIR "/resources/demos/25_checkpoint_inside_save_on_cpu.py"));
        QVERIFY(demo.open(QIODevice::ReadOnly));
        const testing::ScriptRun gpu = testing::runScriptProcess(QString::fromUtf8(demo.readAll()), QStringLiteral("demo.py"),
                                                                 {QStringLiteral("--gpu"), QStringLiteral("simulated")});
        QVERIFY2(gpu.failure.isEmpty(), qPrintable(gpu.failure));
        QCOMPARE(gpu.exitCode, 0);
        QCOMPARE(findHooksShadowedByCheckpoints(gpu.recording).size(), size_t(1));
        std::unordered_map<Id, std::string> nodeNames;
        std::unordered_map<Id, Id> nodeSegment;
        int offloadedInTrap = 0, offloadedCheckpointInputs = 0;
        for (const Event& e : gpu.recording.events()) {
            if (const auto* n = std::get_if<NodeCreated>(&e.payload)) {
                nodeNames[n->node] = n->name;
                nodeSegment[n->node] = n->checkpointSegment;
            } else if (const auto* t = std::get_if<TensorSaved>(&e.payload)) {
                if (t->holding != SavedHolding::Offloaded)
                    continue;
                offloadedInTrap += nodeSegment[t->node] == 1;
                offloadedCheckpointInputs += nodeNames[t->node] == "CheckpointFunctionBackward";
            }
        }
        QCOMPARE(offloadedInTrap, 0);
        QCOMPARE(offloadedCheckpointInputs, 1);
    }

    void onlyHooksAroundANonReentrantCheckpointAreShadowed_data()
    {
        QTest::addColumn<QString>("outer");
        QTest::addColumn<QString>("inner");
        QTest::addColumn<bool>("reentrant");
        QTest::addColumn<QString>("outerHooks");  // CheckpointBegin::outerHooks
        QTest::addColumn<bool>("shadowed");
        const QString none = QStringLiteral("contextlib.nullcontext()");
        const QString onCpu = QStringLiteral("torch.autograd.graph.save_on_cpu()");
        const QString own = QStringLiteral("torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t)");
        QTest::newRow("save_on_cpu around non-reentrant") << onCpu << none << false << "save_on_cpu" << true;
        QTest::newRow("own hooks around non-reentrant") << own << none << false << "saved_tensors_hooks" << true;
        QTest::newRow("save_on_cpu around reentrant") << onCpu << none << true << "save_on_cpu" << false;
        QTest::newRow("non-reentrant without hooks") << none << none << false << "" << false;
        QTest::newRow("save_on_cpu inside the function too") << onCpu << onCpu << false << "save_on_cpu" << false;
    }

    void onlyHooksAroundANonReentrantCheckpointAreShadowed()
    {
        QFETCH(QString, outer);
        QFETCH(QString, inner);
        QFETCH(bool, reentrant);
        QFETCH(QString, outerHooks);
        QFETCH(bool, shadowed);
        const QString script = QString::fromLatin1(kHooked)
                                   .replace(QStringLiteral("OUTER"), outer)
                                   .replace(QStringLiteral("INNER"), inner)
                                   .replace(QStringLiteral("REENTRANT"),
                                            reentrant ? QStringLiteral("True") : QStringLiteral("False"));
        const testing::ScriptRun run = testing::runScriptProcess(script, QStringLiteral("hooked.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QVERIFY2(run.exitCode == 0, run.stderrText.c_str());
        const auto begins = all<CheckpointBegin>(run.recording);
        QCOMPARE(begins.size(), size_t(1));
        QCOMPARE(QString::fromStdString(begins[0]->outerHooks), outerHooks);
        const std::vector<HooksShadowedByCheckpoint> found = findHooksShadowedByCheckpoints(run.recording);
        QCOMPARE(found.size(), size_t(shadowed ? 1 : 0));
        if (!shadowed)
            return;
        QCOMPARE(found[0].line, 15);
        QCOMPARE(QString::fromStdString(found[0].hooks), outerHooks);
        QCOMPARE(found[0].savedInside, uint64_t(3));
    }

    void aCheckpointInsideACheckpointShadowsNothingOfTheScript()
    {
        // The inner segment begins under the outer checkpoint's own hooks, not the
        // script's: only the outer one is flagged, and what both saved counts for it.
        const char* const nested = R"(import torch
from torch.utils.checkpoint import checkpoint

w = torch.tensor([1.0, 2.0, -1.0], requires_grad=True)


def inner(x):
    return (x * w).relu()


def outer(x):
    return checkpoint(inner, x * w, use_reentrant=False)


x = torch.tensor([0.5, -1.0, 0.25], requires_grad=True)
with torch.autograd.graph.save_on_cpu():
    y = checkpoint(outer, x, use_reentrant=False)
y.sum().backward()
print(w.grad)
)";
        const testing::ScriptRun run = testing::runScriptProcess(QString::fromLatin1(nested), QStringLiteral("nested.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.stdoutText, std::string("tensor([ 1.0000, -0.0000, -0.5000])\n"));  // PyTorch 1.13's
        // The outer recompute calls checkpoint(inner) again: a third segment, begun under
        // the recompute's own hooks.
        const auto begins = all<CheckpointBegin>(run.recording);
        QCOMPARE(begins.size(), size_t(3));
        QCOMPARE(begins[0]->outerHooks, std::string("save_on_cpu"));
        QCOMPARE(begins[1]->outerHooks, std::string());
        QCOMPARE(begins[2]->outerHooks, std::string());
        const std::vector<HooksShadowedByCheckpoint> found = findHooksShadowedByCheckpoints(run.recording);
        QCOMPARE(found.size(), size_t(1));
        QCOMPARE(found[0].segment, begins[0]->segment);
        QCOMPARE(found[0].line, 17);
        QCOMPARE(found[0].savedInside, uint64_t(5));  // x * w: 2, then the inner mul and relu: 3
    }

    void nonReentrantSegmentIsRecomputedOnFirstUnpack()
    {
        const testing::ScriptRun run = testing::runScriptProcess(blockScript(false), QStringLiteral("block.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        const Recording& r = run.recording;

        const auto begins = all<RecomputeBegin>(r);
        const auto ends = all<RecomputeEnd>(r);
        QCOMPARE(begins.size(), size_t(1));
        QCOMPARE(ends.size(), size_t(1));
        const Id segment = begins[0]->segment;
        QVERIFY(segment != 0);
        QCOMPARE(ends[0]->segment, segment);

        // The segment's forward nodes, then the same ops again as a recompute.
        const std::vector<std::string> ops{"MulBackward0", "ReluBackward0", "MulBackward0"};
        QCOMPARE(names(nodesWhere(r, segment, NodePhase::Forward)), ops);
        QCOMPARE(names(nodesWhere(r, segment, NodePhase::Recompute)), ops);
        QCOMPARE(names(nodesWhere(r, 0, NodePhase::Recompute)), std::vector<std::string>{});
        const auto outside = names(nodesWhere(r, 0, NodePhase::Forward));
        QVERIFY(std::find(outside.begin(), outside.end(), "SumBackward0") != outside.end());

        // The recompute happens inside backward.
        const size_t backwardBegin = stepsOf<BackwardBegin>(r).front();
        const size_t backwardEnd = stepsOf<BackwardEnd>(r).back();
        const size_t recomputeBegin = stepsOf<RecomputeBegin>(r).front();
        QVERIFY(backwardBegin < recomputeBegin && recomputeBegin < backwardEnd);

        // Every tensor the segment's forward saved is a placeholder, unpacked once.
        std::vector<Id> forwardNodes;
        for (const NodeCreated* n : nodesWhere(r, segment, NodePhase::Forward))
            forwardNodes.push_back(n->node);
        int placeholders = 0;
        for (const TensorSaved* s : all<TensorSaved>(r)) {
            if (std::find(forwardNodes.begin(), forwardNodes.end(), s->node) == forwardNodes.end())
                continue;
            ++placeholders;
            QCOMPARE(s->holding, SavedHolding::PackedByHook);
            int packed = 0, unpacked = 0;
            for (const Packed* p : all<Packed>(r))
                if (p->saved == s->saved) {
                    ++packed;
                    QCOMPARE(p->hook, std::string("pack_for_recompute"));
                    QCOMPARE(p->toDevice, std::string());  // a placeholder holds no tensor
                }
            for (const Unpacked* u : all<Unpacked>(r))
                unpacked += u->saved == s->saved;
            QCOMPARE(packed, 1);
            QCOMPARE(unpacked, 1);
        }
        QCOMPARE(placeholders, 5);  // x, w1 / relu's result / h, w2
    }

    void reentrantSegmentRecomputesInsideItsOwnBackward()
    {
        const testing::ScriptRun run = testing::runScriptProcess(blockScript(true), QStringLiteral("block.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        const Recording& r = run.recording;
        const auto begins = all<RecomputeBegin>(r);
        QCOMPARE(begins.size(), size_t(1));
        const Id segment = begins[0]->segment;

        // Forward ran under no_grad: the segment is one node that saved its input.
        QCOMPARE(names(nodesWhere(r, segment, NodePhase::Forward)),
                 std::vector<std::string>{"CheckpointFunctionBackward"});
        QCOMPARE(names(nodesWhere(r, segment, NodePhase::Recompute)),
                 (std::vector<std::string>{"MulBackward0", "ReluBackward0", "MulBackward0"}));

        // Its backward calls backward on the recomputed graph: nested, then both end.
        const auto backwardBegins = stepsOf<BackwardBegin>(r);
        const auto backwardEnds = stepsOf<BackwardEnd>(r);
        QCOMPARE(backwardBegins.size(), size_t(2));
        QCOMPARE(backwardEnds.size(), size_t(2));
        const size_t recomputeEnd = stepsOf<RecomputeEnd>(r).front();
        QVERIFY(backwardBegins[0] < recomputeEnd && recomputeEnd < backwardBegins[1]);
        QVERIFY(backwardBegins[1] < backwardEnds[0] && backwardEnds[1] == backwardEnds.back());

        Timeline timeline(r);
        const GraphState& inner = timeline.seek(backwardBegins[1] + 1);
        QVERIFY(inner.inBackward);
        QCOMPARE(inner.backwardDepth, 2);
        const GraphState& betweenEnds = timeline.seek(backwardEnds[0] + 1);
        QVERIFY2(betweenEnds.inBackward, "the outer backward is still running after the inner one ended");
        const GraphState& end = timeline.seek(r.size());
        QVERIFY(!end.inBackward);
        QCOMPARE(end.backwardDepth, 0);
    }

    void recomputeThatDiffersFromForwardIsCaught_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<bool>("differs");
        QTest::addColumn<QString>("difference");
        QTest::addColumn<int>("line");  // of the first tensor that differs
        const QString dropout = QStringLiteral(
            "import torch\nimport torch.nn.functional as F\nfrom torch.utils.checkpoint import checkpoint\n"
            "torch.manual_seed(0)\nw = torch.ones(64, requires_grad=True)\n\n\ndef f(x):\n"
            "    h = x * w\n    return F.dropout(h, p=0.5, training=True)\n\n\n"
            "x = torch.ones(64, requires_grad=True)\n"
            "y = checkpoint(f, x, use_reentrant=REENTRANT, preserve_rng_state=PRESERVE)\ny.sum().backward()\n");
        auto variant = [&](const char* reentrant, const char* preserve) {
            return QString(dropout)
                .replace(QStringLiteral("REENTRANT"), QLatin1String(reentrant))
                .replace(QStringLiteral("PRESERVE"), QLatin1String(preserve));
        };
        QTest::newRow("dropout, rng preserved, non-reentrant") << variant("False", "True") << false << QString() << 0;
        QTest::newRow("dropout, rng preserved, reentrant") << variant("True", "True") << false << QString() << 0;
        QTest::newRow("dropout, rng not preserved, non-reentrant")
            << variant("False", "False") << true << QStringLiteral("value") << 10;
        QTest::newRow("dropout, rng not preserved, reentrant")
            << variant("True", "False") << true << QStringLiteral("value") << 10;
        QTest::newRow("a global changed before backward")
            << QStringLiteral("import torch\nfrom torch.utils.checkpoint import checkpoint\nscale = 2.0\n\n\n"
                              "def f(x):\n    h = x * 3\n    return h * scale\n\n\n"
                              "x = torch.ones(2, requires_grad=True)\ny = checkpoint(f, x, use_reentrant=False)\n"
                              "scale = 5.0\ny.sum().backward()\nprint(x.grad)\n")
            << true << QStringLiteral("value") << 8;
        QTest::newRow("an input modified after a non-reentrant forward")
            << QStringLiteral("import torch\nfrom torch.utils.checkpoint import checkpoint\n"
                              "w = torch.tensor([1.0, 2.0], requires_grad=True)\n\n\n"
                              "def f(x):\n    return (x * w).exp()\n\n\n"
                              "a = torch.ones(2, requires_grad=True) * 1\ny = checkpoint(f, a, use_reentrant=False)\n"
                              "with torch.no_grad():\n    a.mul_(2)\ny.sum().backward()\nprint(w.grad)\n")
            << true << QStringLiteral("value") << 7;
    }

    void recomputeThatDiffersFromForwardIsCaught()
    {
        QFETCH(QString, script);
        QFETCH(bool, differs);
        QFETCH(QString, difference);
        QFETCH(int, line);
        const testing::ScriptRun run = testing::runScriptProcess(script, QStringLiteral("recompute.py"));
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QVERIFY2(run.exitCode == 0, run.stderrText.c_str());
        const std::vector<RecomputeComparison> checks = compareRecomputes(run.recording);
        QCOMPARE(checks.size(), size_t(1));
        const RecomputeComparison& c = checks.front();
        QVERIFY(!c.forward.empty());
        QCOMPARE(c.firstDifference.has_value(), differs);
        if (!differs) {
            QCOMPARE(c.forward.size(), c.recompute.size());
            return;
        }
        QCOMPARE(QString::fromStdString(c.difference), difference);
        QCOMPARE(c.forward[*c.firstDifference].line, line);
        QCOMPARE(c.recompute[*c.firstDifference].line, line);
        QVERIFY(c.forward[*c.firstDifference].preview != c.recompute[*c.firstDifference].preview);
        QVERIFY(c.recomputeEndStep > c.recompute.back().step);
    }

    void checkpointSequentialKeepsSqrtNActivations()
    {
        // 16 Linear+ReLU layers of 512x64 float activations (128 KiB each); the weights are
        // 16 KiB each. Without checkpointing every layer keeps its activation until
        // backward; with 4 segments only the segment inputs, the last segment and one
        // recomputed segment at a time are alive.
        const QString script = QStringLiteral(R"(import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint_sequential

layers = []
for i in range(16):
    layers += [nn.Linear(64, 64), nn.ReLU()]
model = nn.Sequential(*layers)
x = torch.ones(512, 64, requires_grad=True)
SEGMENTS
out.sum().backward()
)");
        const uint64_t activation = 512 * 64 * 4;
        const testing::ScriptRun plain = testing::runScriptProcess(
            QString(script).replace(QStringLiteral("SEGMENTS"), QStringLiteral("out = model(x)")),
            QStringLiteral("plain.py"));
        const testing::ScriptRun checkpointed = testing::runScriptProcess(
            QString(script).replace(QStringLiteral("SEGMENTS"), QStringLiteral("out = checkpoint_sequential(model, 4, x)")),
            QStringLiteral("checkpointed.py"));
        QVERIFY2(plain.failure.isEmpty() && checkpointed.failure.isEmpty(), "both scripts ran");
        QCOMPARE(plain.exitCode, 0);
        QCOMPARE(checkpointed.exitCode, 0);
        const int forwardLine = 9;
        const double plainPeak = double(extraPeakFromLine(plain.recording, forwardLine)) / double(activation);
        const double checkpointedPeak = double(extraPeakFromLine(checkpointed.recording, forwardLine)) / double(activation);
        qInfo("peak activations beyond the parameters: %.1f without checkpointing, %.1f with 4 segments", plainPeak,
              checkpointedPeak);
        QVERIFY2(plainPeak >= 16, "every layer keeps its activation without checkpointing");
        // 3 segment inputs + 4 layers of the last segment + 4 recomputed layers + gradients in flight.
        QVERIFY2(checkpointedPeak <= 14, "checkpoint_sequential keeps O(sqrt(N)) activations");
        QVERIFY(checkpointedPeak < plainPeak * 0.75);
    }
};

QTEST_GUILESS_MAIN(TestCheckpointTrace)
#include "tst_checkpoint_trace.moc"
