// Big graphs drawn with their repeats collapsed (Note [Collapsed repeats]): a 100,000-node
// loop becomes a handful of items, each group counts exactly what it holds, every drawn
// edge is a real one, small graphs are drawn as before, a group expands, and an expanded
// run collapses again (its frame's title, its members' context menu and the shortcut) to
// the very drawing it had, which a re-run remembers. A re-run with remembered choices
// lays its graph out once, off the GUI thread, and shows what the user chose meanwhile
// (Note [Collapse choices survive a re-run]).

#include "core/trace/graph_state.h"
#include "tests/common/collapse_checks.h"
#include "tests/common/fake_runner.h"
#include "tests/common/synthetic_recordings.h"

#include <QtTest>

#include <QApplication>
#include <QContextMenuEvent>
#include <QMenu>
#include <QTimer>

#include <map>
#include <set>

#include "ui/export/exporter.h"
#include "ui/graph/layered_layout.h"
#include "ui/graph/module_collapse.h"
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

namespace {

/// `drawn` draws what `expected` draws: the same items (keys, titles, groups and what
/// they hold) and the same edges.
void checkSameDrawing(const GraphLayoutModel& drawn, const GraphLayoutModel& expected)
{
    QCOMPARE(drawn.nodes.size(), expected.nodes.size());
    QCOMPARE(drawn.edges.size(), expected.edges.size());
    for (size_t i = 0; i < drawn.nodes.size(); ++i) {
        QCOMPARE(drawn.nodes[i].key, expected.nodes[i].key);
        QCOMPARE(bool(drawn.nodes[i].group), bool(expected.nodes[i].group));
        if (drawn.nodes[i].group) {
            QCOMPARE(drawn.nodes[i].group->repeats, expected.nodes[i].group->repeats);
            QCOMPARE(drawn.nodes[i].group->memberCount, expected.nodes[i].group->memberCount);
        }
    }
    QCOMPARE(drawn.expandedGroups, expected.expandedGroups);
    QCOMPARE(drawn.signature(), expected.signature());
}

/// The frame of the expanded run of repeats `key` in `scene` (nullptr when none).
ModuleClusterItem* runFrameOf(GraphScene* scene, const QString& key)
{
    for (QGraphicsItem* item : scene->items())
        if (auto* frame = qgraphicsitem_cast<ModuleClusterItem*>(item); frame && frame->runKey() == key)
            return frame;
    return nullptr;
}

/// The key of the one group of repeats `scene` draws ("" unless there is exactly one).
QString onlyGroupKey(GraphScene* scene)
{
    return scene->groupItems().size() == 1 ? scene->groupItems().front()->key() : QString();
}

/// A runner whose every script records a loop of `steps` steps.
std::shared_ptr<FakeRunner> loopRunner(size_t steps)
{
    return std::make_shared<FakeRunner>([steps](const std::string&) { return SyntheticRun{"loop.py", "", loopRecording(steps)}; });
}

}  // namespace

class TestRepeatCollapse : public QObject {
    Q_OBJECT

    /// Opens "loop.py", a loop of `steps` steps, in `w` (the window shown).
    void showLoop(MainWindow& w, size_t steps)
    {
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        openLoop(w, steps);
    }

    /// Opens "loop.py" again: what a re-run of the same script shows.
    void openLoop(MainWindow& w, size_t steps)
    {
        const auto r = std::make_shared<trace::Recording>(loopRecording(steps));
        w.loadRecording(r, QStringLiteral("# loop\n"), QStringLiteral("loop.py"), r->size());
        QCOMPARE(w.scene()->groupItems().size(), size_t(1));
    }

private Q_SLOTS:
    void initTestCase()
    {
        // Windows open with the default settings: the backward graph alone.
        QCoreApplication::setOrganizationName(QStringLiteral("autogradviz-tests"));
        QSettings().clear();
    }

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

    void collapsingAnExpandedRunDrawsItsGroupAgain()
    {
        // A plain loop, and a stack of layers whose group holds each layer's weight.
        for (const trace::Recording& r : {loopRecording(50000), layerStackRecording(200)}) {
            const GraphLayoutModel m = backwardModel(r);
            const int g = groupIndices(m).front();
            const LayoutGroup& group = *m.nodes[g].group;
            const QString key = m.nodes[g].key;
            const GraphLayoutModel once = expandGroup(m, key, metrics());
            // The expanded run knows what its group held.
            QCOMPARE(once.expandedRuns.size(), size_t(1));
            QVERIFY(once.expandedRuns.count(key));
            const LayoutGroup& held = *once.expandedRuns.at(key);
            QCOMPARE(held.repeats, group.repeats);
            QCOMPARE(held.motif, group.motif);
            QCOMPARE(held.nodes, group.nodes);
            QCOMPARE(held.tensors, group.tensors);
            QCOMPARE(held.memberCount, group.memberCount);
            QCOMPARE(held.privateInputs, group.privateInputs);

            const QString middle = once.nodes[groupIndices(once).front()].key;
            const GraphLayoutModel twice = expandGroup(once, middle, metrics());
            QCOMPARE(twice.expandedRuns.size(), size_t(2));
            // The middle collapses back to `once`; the run closes with its middle inside.
            checkSameDrawing(collapseRepeats(twice, middle, metrics()), once);
            const GraphLayoutModel back = collapseRepeats(twice, key, metrics());
            checkSameDrawing(back, m);
            QCOMPARE(back.nodes[g].group->repeats, group.repeats);
            QVERIFY(back.expandedRuns.empty());
            checkTruthful(back);
            // A key that is not an expanded run changes nothing.
            checkSameDrawing(collapseRepeats(once, middle, metrics()), once);
            checkSameDrawing(collapseExpandedRun(once, QStringLiteral("m1"), metrics()), once);
        }
    }

    void clickingARunsFrameCollapsesItAgain()
    {
        MainWindow w;
        showLoop(w, 2000);
        const GraphLayoutModel opened = *w.scene()->layoutModel();
        const QString key = onlyGroupKey(w.scene());
        const QString title = w.scene()->groupItems().front()->layoutNode().title;
        Q_EMIT w.scene()->groupExpansionRequested(key);
        QCOMPARE(w.scene()->layoutModel()->nodes.size(), opened.nodes.size() + 4 * kExpandedEnds);

        // The expanded run is framed, titled as its group was; the header collapses it.
        ModuleClusterItem* frame = runFrameOf(w.scene(), key);
        QVERIFY(frame && frame->isVisible());
        QCOMPARE(frame->title(), title + QStringLiteral(" \u00d7 ") + QLocale().toString(2000));
        for (int i = 0; i < int(w.scene()->layoutModel()->nodes.size()); ++i) {
            const LayoutNode& n = w.scene()->layoutModel()->nodes[i];
            const bool inRun = n.title != QLatin1String("AccumulateGrad") && n.kind != LayoutNodeKind::Parameter &&
                               n.title != QLatin1String("SumBackward0") && n.kind != LayoutNodeKind::Root;
            QCOMPARE(w.scene()->expandedRunFramesHolding(i).size(), size_t(inRun ? 1 : 0));
        }
        // A click on its disclosure triangle, at the left of the title.
        const QRectF strip = frame->headerRect();
        const QPointF header = frame->mapToScene(QPointF(strip.left() + 14, strip.center().y()));
        QCOMPARE(w.scene()->collapsibleHeaderAt(header), frame);
        GraphView* view = w.graphView();
        view->centerOn(header);
        QSignalSpy collapsed(w.scene(), &GraphScene::runCollapseRequested);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->mapFromScene(header));
        QCOMPARE(collapsed.count(), 1);
        QCOMPARE(collapsed.first().first().toString(), key);
        checkSameDrawing(*w.scene()->layoutModel(), opened);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(onlyGroupKey(w.scene()), key);
        QCOMPARE(w.scene()->groupItems().front()->group().repeats, 2000);
        QVERIFY(w.scene()->groupItems().front()->isSelected());
        QVERIFY(!runFrameOf(w.scene(), key));
        // Collapsed again, it is no longer remembered as opened: the script opens as it opens.
        openLoop(w, 2000);
        checkSameDrawing(*w.scene()->layoutModel(), opened);
    }

    void aMembersContextMenuAndTheShortcutCollapseTheRun()
    {
        MainWindow w;
        showLoop(w, 2000);
        const GraphLayoutModel opened = *w.scene()->layoutModel();
        const QString key = onlyGroupKey(w.scene());
        GraphView* view = w.graphView();

        // The context menu of a node of the expanded run.
        Q_EMIT w.scene()->groupExpansionRequested(key);
        const Id member = w.scene()->layoutModel()->expandedRuns.at(key)->nodes.front();
        FunctionNodeItem* node = w.scene()->functionItem(member);
        QVERIFY(node && node->isVisible());
        const QString action = QStringLiteral("Collapse %1").arg(runFrameOf(w.scene(), key)->title());
        QStringList offered;
        QTimer::singleShot(0, this, [&offered, &action] {
            // Runs inside the menu's own event loop, while it is open.
            auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
            if (!menu)
                return;
            QAction* chosen = nullptr;
            for (QAction* a : menu->actions()) {
                offered << a->text();
                if (a->text() == action)
                    chosen = a;
            }
            if (chosen)
                chosen->trigger();
            menu->close();
        });
        view->centerOn(node);
        const QPoint at = view->mapFromScene(node->sceneBoundingRect().center());
        QContextMenuEvent event(QContextMenuEvent::Mouse, at, view->viewport()->mapToGlobal(at));
        QApplication::sendEvent(view->viewport(), &event);
        QCOMPARE(offered, QStringList{action});
        checkSameDrawing(*w.scene()->layoutModel(), opened);
        if (QTest::currentTestFailed())
            return;

        // View > Collapse Module on a selected member collapses the run it is in.
        Q_EMIT w.scene()->groupExpansionRequested(key);
        w.scene()->clearSelection();
        w.scene()->functionItem(member)->setSelected(true);
        QAction* collapseModule = nullptr;
        for (QAction* a : w.findChildren<QAction*>())
            if (a->text() == QLatin1String("&Collapse Module"))
                collapseModule = a;
        QVERIFY(collapseModule);
        collapseModule->trigger();
        checkSameDrawing(*w.scene()->layoutModel(), opened);
    }

    void aRerunRemembersARunCollapsedAgainAndLaysOutOnce()
    {
        MainWindow w(loopRunner(2000));
        w.resize(1280, 800);
        w.show();
        QSignalSpy loaded(&w, &MainWindow::recordingLoaded);
        QVERIFY(w.runScript());
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        const GraphLayoutModel opened = *w.scene()->layoutModel();
        const QString key = onlyGroupKey(w.scene());
        QVERIFY(!key.isEmpty());

        // Expanded: a re-run shows it expanded, laid out once, on the run's thread.
        Q_EMIT w.scene()->groupExpansionRequested(key);
        const GraphLayoutModel expanded = *w.scene()->layoutModel();
        int64_t layouts = layoutsRequested(), onGuiThread = layoutsRequestedOnGuiThread();
        QVERIFY(w.runScript());
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 2, 20000);
        QCOMPARE(layoutsRequested() - layouts, int64_t(1));
        QCOMPARE(layoutsRequestedOnGuiThread() - onGuiThread, int64_t(0));
        checkSameDrawing(*w.scene()->layoutModel(), expanded);
        QVERIFY(runFrameOf(w.scene(), key));

        // Collapsed again: the choice is forgotten, and a re-run opens it collapsed.
        Q_EMIT w.scene()->runCollapseRequested(key);
        checkSameDrawing(*w.scene()->layoutModel(), opened);
        layouts = layoutsRequested();
        onGuiThread = layoutsRequestedOnGuiThread();
        QVERIFY(w.runScript());
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 3, 20000);
        QCOMPARE(layoutsRequested() - layouts, int64_t(1));
        QCOMPARE(layoutsRequestedOnGuiThread() - onGuiThread, int64_t(0));
        checkSameDrawing(*w.scene()->layoutModel(), opened);
        QCOMPARE(onlyGroupKey(w.scene()), key);
        QCOMPARE(w.scene()->groupItems().front()->group().repeats, 2000);
    }

    void aChoiceMadeWhileARunGoesOnIsShownWhenItEnds()
    {
        MainWindow w(loopRunner(2000));
        w.resize(1280, 800);
        w.show();
        QSignalSpy loaded(&w, &MainWindow::recordingLoaded);
        QVERIFY(w.runScript());
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        const QString key = onlyGroupKey(w.scene());
        QVERIFY(!key.isEmpty());
        // The run takes the choices as they are when it starts; its result reaches the
        // window only through the event loop, after this expansion.
        QVERIFY(w.runScript());
        Q_EMIT w.scene()->groupExpansionRequested(key);
        const GraphLayoutModel expanded = *w.scene()->layoutModel();
        QVERIFY(expanded.expandedGroups.contains(key));
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 2, 20000);
        checkSameDrawing(*w.scene()->layoutModel(), expanded);
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
