// Big graphs drawn with their repeats collapsed (Note [Collapsed repeats]): a 100,000-node
// loop becomes a handful of items, each group counts exactly what it holds, every drawn
// edge is a real one, small graphs are drawn as before, and a group expands.

#include "core/trace/graph_state.h"
#include "tests/common/collapse_checks.h"
#include "tests/common/synthetic_recordings.h"

#include <QtTest>

#include <map>
#include <set>

#include "ui/export/exporter.h"
#include "ui/graph/layered_layout.h"
#include "ui/graph/repeat_collapse.h"
#include "ui/main_window.h"
#include "ui/playback/player.h"
#include "ui/run/run_controller.h"
#include "ui/scene/graph_scene.h"
#include "ui/scene/graph_view.h"
#include "ui/theme.h"

using namespace agv;
using namespace agv::testing;
using namespace agv::ui;

class TestRepeatCollapse : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void smallGraphsAreDrawnAsTheyAre()
    {
        const GraphLayoutModel classic = backwardModel(classicRun().recording);
        QVERIFY(groupIndices(classic).empty());
        QVERIFY(!classic.uncollapsed);
        // 250 repetitions, 504 items: under the limit, drawn node by node.
        const GraphLayoutModel loop = backwardModel(loopRecording(250));
        QCOMPARE(loop.nodes.size(), size_t(504));
        QVERIFY(loop.nodes.size() <= kGraphvizNodeLimit);
        QVERIFY(groupIndices(loop).empty());
    }

    void aLongLoopIsOneGroup()
    {
        const GraphLayoutModel m = backwardModel(loopRecording(50000));
        // y, its AccumulateGrad, the group, SumBackward0 and the loss.
        QCOMPARE(m.nodes.size(), size_t(5));
        const std::vector<int> groups = groupIndices(m);
        QCOMPARE(groups.size(), size_t(1));
        const LayoutNode& group = m.nodes[groups.front()];
        QCOMPARE(group.group->motif, (QStringList{QStringLiteral("MulBackward0"), QStringLiteral("AddBackward0")}));
        QCOMPARE(group.group->repeats, 50000);
        QCOMPARE(group.group->nodes.size(), size_t(100000));
        QCOMPARE(group.group->memberCount, 100000);
        QCOMPARE(group.group->privateInputs, 0);
        QVERIFY(group.title.contains(QStringLiteral("MulBackward0")));
        QCOMPARE(m.indexOfNode(group.group->nodes[12345]), groups.front());
        // What the loop started from and what came after it are drawn, with their edges.
        const int accumulate = m.indexOfNode(100);
        QCOMPARE(m.nodes[accumulate].title, QStringLiteral("AccumulateGrad"));
        QCOMPARE(m.uncollapsed->nodes.size(), size_t(100004));
        checkTruthful(m);
        QVERIFY(!m.toDot().isEmpty());
    }

    void privateInputsJoinTheirGroup()
    {
        // 200 layers of w_k -> AccumulateGrad -> TBackward0 -> MmBackward0 -> ReluBackward0.
        const GraphLayoutModel m = backwardModel(layerStackRecording(200));
        const std::vector<int> groups = groupIndices(m);
        QCOMPARE(groups.size(), size_t(1));
        const LayoutGroup& group = *m.nodes[groups.front()].group;
        QCOMPARE(group.motif, (QStringList{QStringLiteral("MmBackward0"), QStringLiteral("ReluBackward0")}));
        QCOMPARE(group.repeats, 200);
        // Each layer's weight, its AccumulateGrad and TBackward0 went in with it, except
        // the first layer's: they come before the run on its chain and are drawn.
        QCOMPARE(group.privateInputs, 199 * 3);
        QCOMPARE(group.tensors.size(), size_t(199));
        QVERIFY(m.indexOfTensor(1) >= 0 && m.nodes[m.indexOfTensor(1)].kind == LayoutNodeKind::Parameter);
        // w0, AccumulateGrad, TBackward0, the group, SumBackward0, loss.
        QCOMPARE(m.nodes.size(), size_t(6));
        checkTruthful(m);
    }

    void unrepeatedGraphsStayWhole()
    {
        const trace::Recording r = wideGraphRecording(3000);
        const GraphLayoutModel m = backwardModel(r);
        if (m.uncollapsed)
            checkTruthful(m);
        int drawn = 0;
        for (const LayoutNode& n : m.nodes)
            drawn += n.group ? n.group->memberCount : 1;
        QCOMPARE(drawn, 3300);
    }

    void forwardGraphCollapsesToo()
    {
        const trace::Recording r = loopRecording(20000);
        const GraphLayoutModel m = GraphLayoutModel::forwardFromFinalGraph(trace::finalGraph(r), metrics());
        const std::vector<int> groups = groupIndices(m);
        QCOMPARE(groups.size(), size_t(1));
        const LayoutGroup& group = *m.nodes[groups.front()].group;
        QCOMPARE(group.motif, (QStringList{QStringLiteral("mul"), QStringLiteral("add")}));
        QVERIFY(group.repeats >= 19999);
        QVERIFY(m.nodes.size() < 10);
        checkTruthful(m);
    }

    void theSceneStaysSmallAndCounts()
    {
        const trace::Recording r = loopRecording(50000, 1, 30001);
        GraphScene scene;
        scene.setLayoutModel(RunController::layoutFor(r, metrics()));
        QVERIFY(scene.items().size() <= 20);
        QCOMPARE(scene.groupItems().size(), size_t(1));
        GroupNodeItem* group = scene.groupItems().front();

        trace::Timeline timeline(r);
        // Halfway through the loop: half of its nodes exist.
        size_t halfway = 0;
        for (size_t created = 0; halfway < r.size() && created < 50001; ++halfway)
            created += std::holds_alternative<trace::NodeCreated>(r[halfway].payload);
        scene.applyState(timeline.seek(halfway), nullptr, 0);
        QVERIFY(group->isVisible());
        QCOMPARE(group->createdCount(), 50000);  // AccumulateGrad is not in the group
        QCOMPARE(group->executedCount(), 0);
        // At the end backward has run SumBackward0 and 30,000 nodes of the loop.
        scene.applyState(timeline.seek(r.size()), nullptr, 0);
        QCOMPARE(group->createdCount(), 100000);
        QCOMPARE(group->executedCount(), 30000);
        QVERIFY(!group->allExecuted());
        QVERIFY(group->statusText().contains(QLocale().toString(30000)));
        QCOMPARE(scene.itemShowingNode(group->group().nodes.front()), group);
    }

    void theExportIsAReadablePicture()
    {
        const trace::Recording r = loopRecording(50000);
        GraphScene scene;
        scene.setLayoutModel(RunController::layoutFor(r, metrics()));
        scene.applyState(trace::stateAt(r, r.size()), nullptr, 0);
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("loop.png"));
        QVERIFY(exportScene(&scene, png));
        const QImage image(png);
        // Five boxes one above the other, at the export's scale: not a one-pixel-wide
        // strip of 100,000 boxes.
        QVERIFY(image.width() >= 400 && image.width() <= 4000);
        QVERIFY(image.height() >= 600 && image.height() <= 4000);
    }

    void expandingOpensTheEnds()
    {
        const GraphLayoutModel m = backwardModel(loopRecording(50000));
        const QString key = m.nodes[groupIndices(m).front()].key;
        const GraphLayoutModel once = expandGroup(m, key, metrics());
        // The first and last kExpandedEnds repetitions, node by node, around the rest.
        QCOMPARE(once.nodes.size(), size_t(5 + 4 * kExpandedEnds));
        const std::vector<int> groups = groupIndices(once);
        QCOMPARE(groups.size(), size_t(1));
        QCOMPARE(once.nodes[groups.front()].group->repeats, 50000 - 2 * kExpandedEnds);
        checkTruthful(once);
        const GraphLayoutModel twice = expandGroup(once, once.nodes[groups.front()].key, metrics());
        QCOMPARE(twice.nodes[groupIndices(twice).front()].group->repeats, 50000 - 4 * kExpandedEnds);
        QCOMPARE(twice.expandedGroups.size(), 2);
        checkTruthful(twice);
        // A group of a few repetitions opens whole: 60 loops of 6 (960 items).
        const GraphLayoutModel loops = backwardModel(loopRecording(6, 60));
        QCOMPARE(groupIndices(loops).size(), size_t(60));
        const GraphLayoutModel opened = expandGroup(loops, loops.nodes[groupIndices(loops).front()].key, metrics());
        QCOMPARE(groupIndices(opened).size(), size_t(59));
        QCOMPARE(opened.nodes.size(), loops.nodes.size() + 11);
        checkTruthful(opened);
    }

    void doubleClickExpandsInTheWindow()
    {
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const trace::Recording r = loopRecording(2000);
        w.loadRecording(std::make_shared<trace::Recording>(r), QStringLiteral("# loop\n"), QStringLiteral("loop.py"), r.size());
        QCOMPARE(w.scene()->groupItems().size(), size_t(1));
        GroupNodeItem* group = w.scene()->groupItems().front();
        const int items = static_cast<int>(w.scene()->layoutModel()->nodes.size());
        GraphView* view = w.graphView();
        view->centerOn(group);
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, view->mapFromScene(group->sceneBoundingRect().center()));
        QCoreApplication::processEvents();  // the expansion is queued (it deletes the item clicked)
        QCOMPARE(static_cast<int>(w.scene()->layoutModel()->nodes.size()), items + 4 * kExpandedEnds);
        QCOMPARE(w.scene()->groupItems().front()->group().repeats, 2000 - 2 * kExpandedEnds);
        // The new items show the current step: everything executed.
        QVERIFY(w.scene()->groupItems().front()->allExecuted());
    }
};

QTEST_MAIN(TestRepeatCollapse)
#include "tst_repeat_collapse.moc"
