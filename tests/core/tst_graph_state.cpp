// The fold Recording + step -> GraphState: hand-computed expectations on the classic
// example, back-stepping equals forward, and snapshots equal folding from scratch.


#include "core/trace/graph_state.h"
#include "tests/common/synthetic_recordings.h"

#include <QtTest>

using namespace agv;
using namespace agv::trace;
using namespace agv::testing;

namespace {

size_t stepAfterFirst(const Recording& r, auto pred)
{
    for (size_t i = 0; i < r.size(); ++i)
        if (pred(r[i]))
            return i + 1;
    return r.size();
}

const NodeView* nodeNamed(const GraphState& s, const std::string& name, int nth = 0)
{
    for (const auto& [id, n] : s.nodes)
        if (n.name == name && nth-- == 0)
            return &n;
    return nullptr;
}

const TensorView* tensorLabeled(const GraphState& s, const std::string& label)
{
    for (const auto& [id, t] : s.tensors)
        if (t.label == label)
            return &t;
    return nullptr;
}

}  // namespace

class TestGraphState : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void emptyAtStepZero()
    {
        const SyntheticRun run = classicRun();
        const GraphState s = stateAt(run.recording, 0);
        QCOMPARE(s.step, 0u);
        QVERIFY(s.tensors.empty());
        QVERIFY(s.nodes.empty());
        QCOMPARE(s.line, 0);
        QVERIFY(!s.error);
    }

    void classicForward()
    {
        const SyntheticRun run = classicRun();
        const Recording& r = run.recording;
        const size_t begin = stepAfterFirst(r, [](const Event& e) { return std::holds_alternative<BackwardBegin>(e.payload); });
        const GraphState s = stateAt(r, begin - 1);
        QCOMPARE(s.tensors.size(), 9u);  // input w1 w2 w3 l1 l2 l3 l4 loss
        QCOMPARE(s.nodes.size(), 8u);    // 3 AccumulateGrad, 3 Mul, Add, Mean
        const TensorView* l1 = tensorLabeled(s, "l1");
        QVERIFY(l1);
        QVERIFY(!l1->isLeaf);
        QCOMPARE(s.node(l1->gradFn)->name, std::string("MulBackward0"));
        QCOMPARE(s.versionOf(*l1), 0u);
        QVERIFY(tensorLabeled(s, "w1")->isLeaf);
        QVERIFY(tensorLabeled(s, "w1")->requiresGrad);
        QVERIFY(!tensorLabeled(s, "input")->requiresGrad);
        // MulBackward0 of l3 saved self=l1 and other=w3, both fresh.
        const NodeView* mul2 = nodeNamed(s, "MulBackward0", 1);
        QVERIFY(mul2);
        QCOMPARE(mul2->saved.size(), 2u);
        for (Id id : mul2->saved)
            QVERIFY(!s.isStale(s.saved.at(id)));
        QCOMPARE(s.memory.at("cpu").current, uint64_t(16 + 4 * 3 + 16 * 4 + 4));
        QVERIFY(!s.inBackward);
        QCOMPARE(s.line, 15);  // "loss.backward()": BackwardBegin is its first event
    }

    void classicBackward()
    {
        const SyntheticRun run = classicRun();
        const GraphState end = stateAt(run.recording, run.recording.size());
        QCOMPARE(tensorLabeled(end, "w1")->gradPreview, std::string("tensor(28.)"));
        QCOMPARE(tensorLabeled(end, "w2")->gradPreview, std::string("tensor(8.)"));
        QCOMPARE(tensorLabeled(end, "w3")->gradPreview, std::string("tensor(10.)"));
        QVERIFY(!tensorLabeled(end, "l1")->hasGrad);  // non-leaves keep no .grad
        QCOMPARE(consoleText(run.recording, run.recording.size()), std::string("tensor(28.) tensor(8.) tensor(10.)\n"));
        Timeline timeline(run.recording);
        QCOMPARE(timeline.console(timeline.seek(run.recording.size())), std::string_view("tensor(28.) tensor(8.) tensor(10.)\n"));
        QCOMPARE(timeline.console(timeline.seek(0)), std::string_view());
        QCOMPARE(end.consoleLength, uint64_t(35));
        QCOMPARE(end.executedCount, 8);
        QVERIFY(!end.inBackward);
        QCOMPARE(end.executingNode, Id(0));
        for (const auto& [id, n] : end.nodes)
            QVERIFY2(n.executed, n.name.c_str());
        for (const auto& [id, sv] : end.saved)
            QVERIFY(sv.released);
        QCOMPARE(nodeNamed(end, "MeanBackward0")->executionOrder, 0);

        // Right after MulBackward0 (l4) ran: gradients in flight towards Add and Mul.
        const Recording& r = run.recording;
        size_t seen = 0;
        const size_t afterMul3 = stepAfterFirst(r, [&](const Event& e) {
            return std::holds_alternative<NodeExecuted>(e.payload) && ++seen == 2;
        });
        const GraphState mid = stateAt(r, afterMul3);
        QVERIFY(mid.inBackward);
        QCOMPARE(mid.node(mid.executingNode)->name, std::string("MulBackward0"));
        QCOMPARE(mid.gradientsInFlight.size(), 2u);
        QCOMPARE(mid.node(mid.gradientsInFlight[0].to)->name, std::string("AddBackward0"));
    }

    void versionMismatch()
    {
        const SyntheticRun run = classicRun(true);
        const Recording& r = run.recording;
        const size_t bump = stepAfterFirst(r, [](const Event& e) { return std::holds_alternative<VersionBumped>(e.payload); });
        const GraphState before = stateAt(r, bump - 1);
        const GraphState after = stateAt(r, bump);
        const NodeView* mul2 = nodeNamed(after, "MulBackward0", 1);
        const SavedView& self = after.saved.at(mul2->saved[0]);
        QCOMPARE(self.slot, std::string("self"));
        QVERIFY(!before.isStale(before.saved.at(mul2->saved[0])));
        QVERIFY(after.isStale(self));
        QCOMPARE(after.currentVersion(self), 1u);
        QCOMPARE(self.savedVersion, 0u);
        QCOMPARE(after.versionOf(*tensorLabeled(after, "l1")), 1u);

        const GraphState end = stateAt(r, r.size());
        QVERIFY(end.error);
        QCOMPARE(end.error->kind, ErrorKind::VersionMismatch);
        QCOMPARE(end.error->failingNode, mul2->id);
        QCOMPARE(end.error->staleTensor, tensorLabeled(end, "l1")->id);
        QCOMPARE(end.error->forwardTrace.size(), 1u);
        QCOMPARE(end.error->forwardTrace[0].sourceLine, std::string("l3 = l1 * w3"));
        QCOMPARE(end.executingNode, mul2->id);
        QVERIFY(QString::fromStdString(consoleText(r, r.size())).contains("RuntimeError: one of the variables"));
    }

    void staleSavedTensorsPointAtTheirCause()
    {
        const SyntheticRun run = classicRun(true);
        const Recording& r = run.recording;
        const size_t bump = stepAfterFirst(r, [](const Event& e) { return std::holds_alternative<VersionBumped>(e.payload); });
        const GraphState before = stateAt(r, bump - 1);
        const NodeView* mul2 = nodeNamed(before, "MulBackward0", 1);
        QCOMPARE(mul2->createdLine, 12);  // l3 = l1 * w3
        QCOMPARE(tensorLabeled(before, "l3")->createdLine, 12);
        QVERIFY(!before.staleningBump(before.saved.at(mul2->saved[0])));
        QVERIFY(!before.lastBump(*tensorLabeled(before, "l1")));

        const GraphState end = stateAt(r, r.size());
        const SavedView& self = end.saved.at(mul2->saved[0]);
        const VersionBump* cause = end.staleningBump(self);
        QVERIFY(cause);
        QCOMPARE(cause->op, std::string("add_"));
        QCOMPARE(cause->line, 13);  // l1 += 1
        QCOMPARE(cause->oldVersion, 0u);
        QCOMPARE(cause->newVersion, 1u);
        QCOMPARE(cause->step, uint64_t(bump - 1));
        // The node the in-place op recorded (announced after the bump) is the cause's node.
        QVERIFY(cause->node != 0);
        QCOMPARE(end.node(cause->node)->name, std::string("AddBackward0"));
        QCOMPARE(end.lastBump(*tensorLabeled(end, "l1")), cause);
        // The other saved tensor of that node is fresh: no cause.
        QVERIFY(!end.staleningBump(end.saved.at(mul2->saved[1])));
    }

    void linesFollowLineReached()
    {
        const SyntheticRun run = classicRun();
        Timeline tl(run.recording);
        QCOMPARE(tl.lineAt(0), 0);
        // Stepping by line visits each statement once, in order.
        std::vector<int> visited;
        for (size_t s = tl.nextLineStep(0); s < tl.size(); s = tl.nextLineStep(s))
            visited.push_back(tl.lineAt(s));
        QCOMPARE(visited.front(), 3);
        QCOMPARE(visited.back(), 16);
        QVERIFY(std::is_sorted(visited.begin(), visited.end()));
        // Previous line goes back through the same run starts.
        size_t s = tl.size();
        std::vector<int> back;
        while (s > 0) {
            s = tl.previousLineStep(s);
            if (s > 0)
                back.push_back(tl.lineAt(s));
        }
        std::reverse(back.begin(), back.end());
        QCOMPARE(back, visited);
        QCOMPARE(tl.seek(tl.nextLineStep(0)).line, 3);
    }

    void backwardNodeNavigation()
    {
        const SyntheticRun run = classicRun();
        Timeline tl(run.recording);
        std::vector<std::string> order;
        for (size_t s = tl.nextBackwardNodeStep(0), prev = 0; s != prev; prev = s, s = tl.nextBackwardNodeStep(s))
            order.push_back(tl.seek(s).node(tl.seek(s).executingNode)->name);
        QCOMPARE(order.size(), 8u);
        QCOMPARE(order.front(), std::string("MeanBackward0"));
        QCOMPARE(order.back(), std::string("AccumulateGrad"));
        const size_t last = tl.previousBackwardNodeStep(tl.size());
        QCOMPARE(tl.nextBackwardNodeStep(last), last);
        QCOMPARE(tl.previousBackwardNodeStep(tl.nextBackwardNodeStep(0)), tl.nextBackwardNodeStep(0));
    }

    void markers()
    {
        const SyntheticRun run = classicRun(true);
        Timeline tl(run.recording);
        int kinds[3] = {0, 0, 0};
        for (const Marker& m : tl.markers())
            kinds[static_cast<int>(m.kind)]++;
        QCOMPARE(kinds[int(MarkerKind::BackwardBegin)], 1);
        QCOMPARE(kinds[int(MarkerKind::ErrorRaised)], 1);
        QCOMPARE(kinds[int(MarkerKind::VersionBumped)], 1);
    }

    void stepBackEqualsStepForward()
    {
        for (bool mismatch : {false, true}) {
            const SyntheticRun run = classicRun(mismatch);
            Timeline tl(run.recording, 4);  // tiny interval: exercise snapshots
            std::vector<GraphState> forward;
            for (size_t s = 0; s <= tl.size(); ++s)
                forward.push_back(tl.seek(s));
            for (size_t s = tl.size() + 1; s-- > 0;)
                QVERIFY2(tl.seek(s) == forward[s], qPrintable(QString("step %1").arg(s)));
            for (size_t s = 0; s <= tl.size(); ++s)
                QVERIFY(forward[s] == stateAt(run.recording, s));
        }
    }

    void snapshotsOnLargeRecording()
    {
        const Recording r = randomRecording(100000, 42);
        QCOMPARE(r.size(), 100000u);
        Timeline tl(r);
        // Snapshots are taken as seeks first pass them (Note [Lazy snapshots]).
        QCOMPARE(tl.snapshotCount(), size_t(1));
        tl.seek(r.size());
        QVERIFY(tl.snapshotCount() > 1);
        QVERIFY(tl.snapshotCount() < 400);
        const size_t taken = tl.snapshotCount();
        tl.seek(r.size() / 2);
        QCOMPARE(tl.snapshotCount(), taken);
        Lcg rng(3);
        // Random seeks equal folding from scratch.
        for (int i = 0; i < 12; ++i) {
            const size_t step = rng.below(r.size() + 1);
            QVERIFY2(tl.seek(step) == stateAt(r, step), qPrintable(QString("step %1").arg(step)));
        }
        // Stepping back from the end equals stepping forward to the same place.
        const GraphState atEndMinus = stateAt(r, r.size() - 300);
        tl.seek(r.size());
        for (size_t s = r.size(); s-- > r.size() - 300;)
            tl.seek(s);
        QVERIFY(tl.current() == atEndMinus);

        // Seeking is fast because snapshots are dense: reaching any step folds at most
        // one snapshot interval of events. (The time itself is measured in bench_ui, not
        // asserted here: timing asserts fail on a loaded or sanitized build.)
        QVERIFY(tl.snapshotCount() > 0);
        QVERIFY2(r.size() / tl.snapshotCount() <= 1024,
                 qPrintable(QString("%1 events, %2 snapshots").arg(r.size()).arg(tl.snapshotCount())));
    }

    void finalGraphHasEverything()
    {
        const SyntheticRun run = classicRun(true);
        const FinalGraph g = finalGraph(run.recording);
        QCOMPARE(g.nodes.size(), 9u);  // includes the in-place AddBackward0
        QCOMPARE(g.tensors.size(), 9u);
        QCOMPARE(g.savedLinks.size(), 5u);
        int roots = 0;
        for (const FinalTensor& t : g.tensors)
            roots += t.isBackwardRoot;
        QCOMPARE(roots, 1);
        // Creation order is preserved (used to reveal nodes during playback).
        for (size_t i = 1; i < g.nodes.size(); ++i)
            QVERIFY(g.nodes[i - 1].createdStep < g.nodes[i].createdStep);
    }

    void aModuleCalledTwiceIsTwoCalls()
    {
        // See Note [Module calls]: `model(x)` twice, each call wrapping a call of `model.0`.
        Recording r;
        RecordingBuilder b(r);
        b.line(1);
        std::vector<Id> created;
        for (int pass = 0; pass < 2; ++pass) {
            b.add(ModuleEnter{7, "model", "Sequential"});
            b.add(ModuleEnter{8, "0", "Linear"});
            created.push_back(b.node("AddmmBackward0", {}));
            b.add(ModuleExit{8});
            b.add(ModuleExit{7});
        }
        const FinalGraph g = finalGraph(r);
        QCOMPARE(g.modules.size(), size_t(4));
        const Id first = g.nodes[0].module, second = g.nodes[1].module;
        QCOMPARE(first, Id(8));  // the first call keeps the module's id
        QVERIFY(second != first);
        QCOMPARE(g.modules.at(second).name, std::string("0"));
        QCOMPARE(g.modules.at(first).parent, Id(7));
        const Id secondModel = g.modules.at(second).parent;
        QVERIFY(secondModel != Id(7));
        QCOMPARE(g.modules.at(secondModel).name, std::string("model"));
        QCOMPARE(g.modules.at(secondModel).parent, Id(0));
    }
};

QTEST_APPLESS_MAIN(TestGraphState)
#include "tst_graph_state.moc"
