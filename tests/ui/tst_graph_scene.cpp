// GraphScene restyling: tokens animate on forward steps, version bumps flash, module
// frames, recomputed nodes, packed/offloaded saved tensors, tooltips.

#include "core/trace/graph_state.h"
#include "tests/common/synthetic_recordings.h"

#include <QtTest>

#include "ui/graph/layered_layout.h"
#include "ui/run/run_controller.h"
#include "ui/scene/graph_items.h"
#include "ui/scene/graph_scene.h"
#include "ui/theme.h"

using namespace agv;
using namespace agv::testing;
using namespace agv::ui;

namespace {

/// Two Linear-like modules, the second checkpointed (recomputed) with an offloaded save.
trace::Recording moduleRecording()
{
    trace::Recording r;
    RecordingBuilder b(r);
    b.line(1);
    const Id x = b.tensor("x", {4}, true, 0, "x");
    b.add(trace::ModuleEnter{900, "net.0", "Linear"});
    const Id acc = b.node("AccumulateGrad", {}, x);
    const Id mul = b.node("MulBackward0", {{acc, 0}});
    b.save(mul, "self", x, 0, 16);
    const Id h = b.tensor("h", {4}, true, mul, "h");
    b.add(trace::ModuleExit{900});
    b.add(trace::ModuleEnter{901, "net.1", "ReLU"});
    b.add(trace::RecomputeBegin{1});
    trace::NodeCreated relu;
    relu.node = 500;
    relu.name = "ReluBackward0";
    relu.nextEdges = {{mul, 0}};
    relu.phase = trace::NodePhase::Recompute;
    relu.checkpointSegment = 1;
    b.add(relu);
    trace::TensorSaved saved;
    saved.saved = 600;
    saved.node = 500;
    saved.slot = "result";
    saved.tensor = h;
    saved.holding = trace::SavedHolding::Offloaded;
    b.add(saved);
    b.add(trace::Packed{600, "save_on_cpu", "cuda:0", "cpu", 16});
    b.add(trace::RecomputeEnd{1});
    b.add(trace::ModuleExit{901});
    b.add(trace::VersionBumped{h, h, 0, 1, "mul_"});
    return r;
}

std::shared_ptr<GraphScene> sceneFor(const trace::Recording& r)
{
    auto scene = std::make_shared<GraphScene>();
    scene->setLayoutModel(RunController::layoutFor(r, GraphScene::metricsFor(Theme::current())));
    return scene;
}

}  // namespace

class TestGraphScene : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void tokensTravelWhenSteppingForward()
    {
        const SyntheticRun run = classicRun();
        auto scene = sceneFor(run.recording);
        trace::Timeline tl(run.recording);
        const size_t afterMul3 = tl.nextBackwardNodeStep(tl.nextBackwardNodeStep(0));
        const trace::GraphState before = tl.seek(afterMul3 - 1);
        const trace::GraphState after = tl.seek(afterMul3);
        scene->applyState(after, &before, 200);
        QCOMPARE(scene->tokens().size(), 2u);
        GradientTokenItem* token = scene->tokens().front();
        QCOMPARE(token->progress(), 0.0);
        QTRY_VERIFY(token->progress() > 0.5);
        QVERIFY(token->label().contains(QStringLiteral("2.")) || token->label().contains(QStringLiteral("1.25")));
        // Scrubbing (no previous state): tokens sit still mid-edge.
        scene->applyState(after, nullptr, 0);
        QCOMPARE(scene->tokens().size(), 2u);
        QCOMPARE(scene->tokens().front()->progress(), 0.55);
        // The executing node glows.
        QVERIFY(scene->functionItem(after.executingNode)->isExecuting());
    }

    void compactPreview()
    {
        QCOMPARE(GradientTokenItem::compactPreview(QStringLiteral("tensor(28.)")), QStringLiteral("28."));
        QCOMPARE(GradientTokenItem::compactPreview(QStringLiteral("tensor([[2., 2.],\n        [2., 2.]])")),
                 QStringLiteral("[[2., 2.], [2., 2.]]"));
        QCOMPARE(GradientTokenItem::compactPreview(QStringLiteral("tensor(3., requires_grad=True)")), QStringLiteral("3."));
        QVERIFY(GradientTokenItem::compactPreview(QString(100, QLatin1Char('1'))).size() <= 22);
    }

    void modulesRecomputeAndOffload()
    {
        const trace::Recording r = moduleRecording();
        auto scene = sceneFor(r);
        trace::Timeline tl(r);
        const trace::GraphState& end = tl.seek(r.size());
        scene->applyState(end, nullptr, 0);
        int moduleFrames = 0;
        QStringList checkpointFrames;
        for (QGraphicsItem* item : scene->items()) {
            auto* frame = qgraphicsitem_cast<ModuleClusterItem*>(item);
            if (!frame || !frame->isVisible())
                continue;
            if (frame->style() == ModuleClusterItem::Style::Module)
                ++moduleFrames;
            else
                checkpointFrames << frame->title();
        }
        QCOMPARE(moduleFrames, 2);
        // The recomputed ReLU sits in its segment's recompute frame.
        QCOMPARE(checkpointFrames, QStringList{QStringLiteral("\u27f2 checkpoint 1: recompute")});
        FunctionNodeItem* relu = scene->functionItem(500);
        QVERIFY(relu && relu->isVisible());
        QVERIFY(relu->layoutNode().recompute);
        SavedBadgeItem* badge = scene->badgeItem(600);
        QVERIFY(badge && badge->isVisible());
        QVERIFY(badge->text().contains(QStringLiteral("\u21e2 cpu")));
        QVERIFY(badge->isStale());  // h was bumped after it was saved
        // The offloaded tensor waits in the host-memory lane, joined to its node.
        QVERIFY(scene->hostLane());
        QCOMPARE(scene->hostLane()->title(), QStringLiteral("host memory (cpu)"));
        OffloadedTensorItem* chip = scene->offloadedItem(600);
        QVERIFY(chip && chip->isVisible() && chip->arrow()->isVisible());
        QCOMPARE(chip->where(), OffloadedTensorItem::Where::OnHost);
        QVERIFY(chip->text().endsWith(QStringLiteral("on cpu")));
        QVERIFY(chip->sceneBoundingRect().left() > relu->sceneBoundingRect().right());
        QVERIFY(scene->sceneRect().contains(scene->hostLane()->rect()));
        // Unpacked for backward: back on its device; the arrow lights up as it travels.
        trace::Recording more = r;
        more.record(trace::Unpacked{600, "unpack_from_cpu", "cpu", "cuda:0", 16}, 3);
        trace::Timeline moreTl(more);
        const trace::GraphState before = moreTl.seek(r.size());
        const trace::GraphState after = moreTl.seek(more.size());
        scene->applyState(after, &before, 0);
        QCOMPARE(chip->where(), OffloadedTensorItem::Where::BackOnDevice);
        QVERIFY(chip->travel() > 0.5);
        QVERIFY(chip->text().contains(QStringLiteral("back on its device")));
        QCOMPARE(end.node(500)->module, Id(901));
    }

    void tooltipsDescribeTensors()
    {
        const SyntheticRun run = classicRun();
        auto scene = sceneFor(run.recording);
        scene->applyState(trace::stateAt(run.recording, run.recording.size()), nullptr, 0);
        TensorNodeItem* w1 = scene->tensorItem(2);
        QVERIFY(w1->toolTip().contains(QStringLiteral("torch.float32")));
        QVERIFY(w1->toolTip().contains(QStringLiteral("requires_grad=True")));
        QVERIFY(w1->toolTip().contains(QStringLiteral("tensor(28.)")));
        QVERIFY(scene->functionItem(101)->toolTip().contains(QStringLiteral("executed")));
    }

    void versionBumpFlashes()
    {
        const SyntheticRun run = classicRun(true);
        auto scene = sceneFor(run.recording);
        size_t bump = 0;
        for (size_t i = 0; i < run.recording.size(); ++i)
            if (std::holds_alternative<trace::VersionBumped>(run.recording[i].payload))
                bump = i + 1;
        const trace::GraphState before = trace::stateAt(run.recording, bump - 1);
        const trace::GraphState after = trace::stateAt(run.recording, bump);
        scene->applyState(after, &before, 300);
        FunctionNodeItem* producer = scene->functionItem(101);  // l1's MulBackward0
        QTRY_VERIFY(producer->flash() > 0.2);
        QTRY_COMPARE_WITH_TIMEOUT(producer->flash(), 0.0, 3000);
    }

    // Its speed is measured by tests/bench/bench_ui, not asserted here.
    void bigGraphSceneBuilds()
    {
        const trace::Recording r = wideGraphRecording(3000);
        auto scene = sceneFor(r);
        scene->applyState(trace::stateAt(r, r.size()), nullptr, 0);
        // Every item of the full graph is drawn, by itself or inside the group of a
        // repeated chain (Note [Collapsed repeats]).
        const GraphLayoutModel* m = scene->layoutModel();
        QCOMPARE(scene->visibleNodeCount(), static_cast<int>(m->nodes.size()));
        int drawn = 0;
        for (const LayoutNode& n : m->nodes)
            drawn += n.group ? n.group->memberCount : 1;
        QCOMPARE(drawn, 3300);
    }
};

QTEST_MAIN(TestGraphScene)
#include "tst_graph_scene.moc"
