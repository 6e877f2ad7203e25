// nn.Module calls drawn as one box (Note [Collapsed modules]): a Linear of the MLP demo
// collapses to "model.0 · Linear" with exactly its nodes and true edges, nested calls
// collapse independently, big graphs open collapsed, a box counts what ran at a backward
// step, and in the window a click on a frame's title collapses, the state survives
// stepping, and finding a node or showing it from the inspector expands its box; what
// the user collapsed and expanded survives a re-run of the script.

#include "core/trace/graph_state.h"
#include "tests/common/collapse_checks.h"
#include "tests/common/script_process.h"
#include "tests/common/synthetic_recordings.h"

#include <QtTest>

#include <QLineEdit>
#include <QTemporaryDir>

#include <set>

#include "ui/graph/collapse_choices.h"
#include "ui/graph/layered_layout.h"
#include "ui/graph/module_collapse.h"
#include "ui/main_window.h"
#include "ui/playback/player.h"
#include "ui/scene/graph_scene.h"
#include "ui/scene/graph_search_bar.h"
#include "ui/scene/graph_view.h"
#include "ui/theme.h"

using namespace agv;
using namespace agv::testing;
using namespace agv::ui;

namespace {

/// The first call of the module at attribute path `path` (the demo calls `model` twice).
Id moduleNamed(const GraphLayoutModel& m, const char* path)
{
    for (const auto& [id, module] : m.modules)
        if (modulePath(m.modules, id) == QLatin1String(path))
            return id;
    return 0;
}

QString boxKey(Id module) { return QStringLiteral("m%1").arg(module); }

/// The grad_fn nodes of the recording created inside module call `module` (or in the
/// calls it made), read off the trace itself.
std::set<Id> nodesIn(const trace::FinalGraph& graph, Id module)
{
    std::set<Id> inside;
    for (const trace::FinalNode& n : graph.nodes)
        for (Id m = n.module; m != 0; m = graph.modules.at(m).parent)
            if (m == module)
                inside.insert(n.id);
    return inside;
}

size_t stepAfterNthExecuted(const trace::Recording& r, int nth)
{
    for (size_t i = 0; i < r.size(); ++i)
        if (std::holds_alternative<trace::NodeExecuted>(r[i].payload) && nth-- == 0)
            return i + 1;
    return r.size();
}

ModuleClusterItem* frameOf(GraphScene* scene, Id module)
{
    for (QGraphicsItem* item : scene->items())
        if (auto* frame = qgraphicsitem_cast<ModuleClusterItem*>(item); frame && frame->module() == module)
            return frame;
    return nullptr;
}

GroupNodeItem* boxOf(GraphScene* scene, Id module)
{
    for (GroupNodeItem* g : scene->groupItems())
        if (g->group().module == module)
            return g;
    return nullptr;
}

}  // namespace

class TestModuleCollapse : public QObject {
    Q_OBJECT

    trace::Recording m_mlp;  // resources/demos/11_mlp_training_step.py, recorded by autogradviz --run
    QString m_mlpSource;

    void loadMlp(MainWindow& w)
    {
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.loadRecording(std::make_shared<trace::Recording>(m_mlp), m_mlpSource, QStringLiteral("11_mlp_training_step.py"),
                        m_mlp.size());
        QApplication::processEvents();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("autogradviz-tests"));
        QSettings().clear();
        const QString path = QStringLiteral(AGV_SOURCE_DIR "/resources/demos/11_mlp_training_step.py");
        ScriptRun run = runScriptFile(path);
        QVERIFY2(run.failure.isEmpty(), qPrintable(run.failure));
        QCOMPARE(run.exitCode, 0);
        m_mlp = std::move(run.recording);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        m_mlpSource = QString::fromUtf8(file.readAll());
    }

    void aSmallGraphOpensExpanded()
    {
        const GraphLayoutModel m = backwardModel(m_mlp);
        QVERIFY(m.nodes.size() <= kModuleCollapseItemLimit);
        QVERIFY(groupIndices(m).empty());
        QVERIFY(!m.moduleBase);
        // Every parameter belongs to the Linear that uses it.
        int parameters = 0;
        for (const LayoutNode& n : m.nodes)
            if (n.kind == LayoutNodeKind::Parameter) {
                ++parameters;
                QVERIFY(m.modules.count(n.module));
                QCOMPARE(QString::fromStdString(m.modules.at(n.module).type), QStringLiteral("Linear"));
            }
        QCOMPARE(parameters, 4);
    }

    void aLinearCollapsesToOneBoxAndExpandsBack()
    {
        const GraphLayoutModel full = backwardModel(m_mlp);
        const Id linear = moduleNamed(full, "model.0");
        QVERIFY(linear != 0);
        const GraphLayoutModel c = collapseModule(full, linear, metrics());
        const int box = c.indexOfGroup(boxKey(linear));
        QVERIFY(box >= 0);
        const LayoutNode& item = c.nodes[box];
        QCOMPARE(item.title, QStringLiteral("model.0 \u00b7 Linear"));
        QCOMPARE(item.subtitle, QStringLiteral("TBackward0, AddmmBackward0"));  // in the order they were made
        // Exactly the nodes the trace created inside model.0, and its weight and bias.
        const std::set<Id> expected = nodesIn(trace::finalGraph(m_mlp), linear);
        QCOMPARE(std::set<Id>(item.group->nodes.begin(), item.group->nodes.end()), expected);
        QCOMPARE(expected.size(), size_t(4));
        QCOMPARE(item.group->tensors.size(), size_t(2));
        QCOMPARE(c.nodes.size(), full.nodes.size() - 6 + 1);
        checkTruthful(c);
        // Its output feeds Tanh: that edge now leaves the box.
        int tanh = -1;
        for (size_t i = 0; i < c.nodes.size() && tanh < 0; ++i)  // the first forward pass's
            if (c.nodes[i].title == QLatin1String("TanhBackward0"))
                tanh = static_cast<int>(i);
        QVERIFY(tanh >= 0);
        QVERIFY(std::any_of(c.edges.begin(), c.edges.end(),
                            [&](const LayoutEdge& e) { return e.from == box && e.to == tanh && e.kind == LayoutEdgeKind::NextFunction; }));

        const GraphLayoutModel e = expandGroupItem(c, boxKey(linear), metrics());
        QVERIFY(groupIndices(e).empty());
        QVERIFY(e.collapsedModules.empty());
        QStringList keys, fullKeys;
        for (const LayoutNode& n : e.nodes)
            keys << n.key;
        for (const LayoutNode& n : full.nodes)
            fullKeys << n.key;
        QCOMPARE(keys, fullKeys);
        QCOMPARE(e.edges.size(), full.edges.size());
    }

    void nestedCallsCollapseIndependently()
    {
        const GraphLayoutModel full = backwardModel(m_mlp);
        const Id linear = moduleNamed(full, "model.0"), model = moduleNamed(full, "model");
        QVERIFY(linear != 0 && model != 0);
        const GraphLayoutModel inner = collapseModule(full, linear, metrics());
        const GraphLayoutModel outer = collapseModule(inner, model, metrics());
        // The outer box hides the inner one and holds all of model's nodes.
        QCOMPARE(groupIndices(outer).size(), size_t(1));
        QVERIFY(outer.indexOfGroup(boxKey(linear)) < 0);
        const int box = outer.indexOfGroup(boxKey(model));
        QVERIFY(box >= 0);
        QCOMPARE(outer.nodes[box].title, QStringLiteral("model \u00b7 Sequential"));
        const std::set<Id> expected = nodesIn(trace::finalGraph(m_mlp), model);
        QCOMPARE(std::set<Id>(outer.nodes[box].group->nodes.begin(), outer.nodes[box].group->nodes.end()), expected);
        for (Id node : expected)
            QCOMPARE(outer.indexOfNode(node), box);
        checkTruthful(outer);
        // Expanding model shows model.0 as it was: still collapsed.
        const GraphLayoutModel reopened = expandGroupItem(outer, boxKey(model), metrics());
        QVERIFY(reopened.indexOfGroup(boxKey(model)) < 0);
        QVERIFY(reopened.indexOfGroup(boxKey(linear)) >= 0);
        QCOMPARE(reopened.nodes.size(), inner.nodes.size());
        checkTruthful(reopened);
        // Expanding the inner call from inside a collapsed outer one opens both.
        const GraphLayoutModel both = expandModule(outer, linear, metrics());
        QVERIFY(groupIndices(both).empty());
    }

    void aBigGraphOpensWithItsBlocksCollapsed()
    {
        const trace::Recording r = mlpRecording(20, 20);
        const GraphLayoutModel m = backwardModel(r);
        QVERIFY(m.uncollapsed);
        QCOMPARE(m.uncollapsed->nodes.size(), size_t(20 * 20 * 7 + 1 + 2));  // + MseLoss, inputs, loss
        QVERIFY(m.uncollapsed->nodes.size() > kModuleCollapseItemLimit);
        // The children of `model`, one box per block; the loss's single node stays open.
        const std::vector<int> boxes = groupIndices(m);
        QCOMPARE(boxes.size(), size_t(20));
        for (int b : boxes) {
            const LayoutNode& box = m.nodes[b];
            QVERIFY2(box.title.startsWith(QLatin1String("model.")) && box.title.endsWith(QStringLiteral(" \u00b7 Sequential")),
                     qPrintable(box.title));
            QCOMPARE(box.group->nodes.size(), size_t(100));
            QCOMPARE(box.group->memberCount, 140);
        }
        QCOMPARE(m.nodes.size(), size_t(20 + 3));
        checkTruthful(m);
        // A block expands in place into its layers; the others stay collapsed.
        const GraphLayoutModel open = expandGroupItem(m, m.nodes[boxes.front()].key, metrics());
        QCOMPARE(groupIndices(open).size(), size_t(19));
        QCOMPARE(open.nodes.size(), size_t(19 + 3 + 140));
        checkTruthful(open);
    }

    void aBoxCountsWhatRanAtABackwardStep()
    {
        const trace::Recording r = mlpRecording(20, 20);
        auto model = std::make_shared<GraphLayoutModel>(backwardModel(r));
        layoutGraph(*model);
        GraphScene scene;
        scene.setLayoutModel(model);
        QCOMPARE(scene.groupItems().size(), size_t(20));
        const size_t step = stepAfterNthExecuted(r, 728);  // 729 nodes done, the last still highlighted
        const trace::GraphState state = trace::stateAt(r, step);
        scene.applyState(state, nullptr, 0);
        // Count from the events themselves.
        const trace::FinalGraph graph = trace::finalGraph(r);
        std::set<Id> executed;
        for (size_t i = 0; i < step; ++i)
            if (const auto* e = std::get_if<trace::NodeExecuted>(&r[i].payload))
                executed.insert(e->node);
        int running = 0, someRun = 0, allRun = 0;
        for (GroupNodeItem* g : scene.groupItems()) {
            const std::set<Id> inside = nodesIn(graph, g->group().module);
            int ran = 0;
            for (Id n : inside)
                ran += executed.count(n) > 0;
            QCOMPARE(g->createdCount(), static_cast<int>(inside.size()));
            QCOMPARE(g->executedCount(), ran);
            QVERIFY(g->isVisible());
            const bool holdsRunning = inside.count(state.executingNode) > 0;
            QCOMPARE(g->isExecuting(), holdsRunning);
            running += holdsRunning;
            someRun += ran > 0 && ran < 100;
            allRun += ran == 100;
        }
        QCOMPARE(running, 1);
        QCOMPARE(someRun, 1);
        QCOMPARE(allRun, 7);  // blocks 19 down to 13: 729 = 1 (loss) + 7 * 100 + 28
        GroupNodeItem* partial = boxOf(&scene, moduleNamed(*model, "model.12"));
        QVERIFY(partial);
        QCOMPARE(partial->statusText(), QStringLiteral("28 of 100 nodes executed"));
    }

    void clickingAFrameTitleCollapsesAndSteppingKeepsIt()
    {
        MainWindow w;
        loadMlp(w);
        const Id linear = moduleNamed(*w.scene()->layoutModel(), "model.0");
        ModuleClusterItem* frame = frameOf(w.scene(), linear);
        QVERIFY(frame && frame->isVisible());
        QCOMPARE(frame->title(), QStringLiteral("model.0 \u00b7 Linear"));
        const QPointF header = frame->mapToScene(frame->headerRect().center());
        QCOMPARE(w.scene()->collapsibleHeaderAt(header), frame);
        GraphView* view = w.graphView();
        view->centerOn(header);
        QSignalSpy collapsed(w.scene(), &GraphScene::moduleCollapseRequested);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->mapFromScene(header));
        QCOMPARE(collapsed.count(), 1);
        QCOMPARE(collapsed.first().first().value<trace::Id>(), linear);
        GroupNodeItem* box = boxOf(w.scene(), linear);
        QVERIFY(box && box->isVisible());
        QVERIFY(!frameOf(w.scene(), linear));
        QVERIFY(box->isSelected());
        // Its edges attach to the box and are drawn.
        int boxEdges = 0;
        for (QGraphicsItem* item : w.scene()->items())
            if (auto* e = qgraphicsitem_cast<GraphEdgeItem*>(item))
                if (e->isVisible() && (e->layoutEdge().from == box->layoutIndex() || e->layoutEdge().to == box->layoutIndex()))
                    ++boxEdges;
        QVERIFY(boxEdges >= 2);

        // Stepping redraws the states, not the graph: the box stays, showing the step.
        const GraphLayoutModel* collapsedModel = w.scene()->layoutModel();
        w.player()->goToStart();
        QCOMPARE(w.scene()->layoutModel(), collapsedModel);
        QVERIFY(!boxOf(w.scene(), linear)->isVisible());
        w.player()->setStep(stepAfterNthExecuted(m_mlp, 0));
        QCOMPARE(boxOf(w.scene(), linear)->executedCount(), 0);
        QVERIFY(boxOf(w.scene(), linear)->isVisible());
        w.player()->goToEnd();
        QCOMPARE(w.scene()->layoutModel(), collapsedModel);
        QCOMPARE(boxOf(w.scene(), linear)->executedCount(), 4);
        QCOMPARE(boxOf(w.scene(), linear)->statusText(), QStringLiteral("all 4 nodes executed"));

        // The keyboard: the selected box's caller collapses, then the box expands again.
        // (Stepping to the start hid the box, which deselected it.)
        boxOf(w.scene(), linear)->setSelected(true);
        view->setFocus();
        QTest::keyClick(&w, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
        const Id model = moduleNamed(*w.scene()->layoutModel(), "model");
        QVERIFY(boxOf(w.scene(), model));
        QVERIFY(!boxOf(w.scene(), linear));
        QVERIFY(boxOf(w.scene(), model)->isSelected());
        QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(!boxOf(w.scene(), model));
        QVERIFY(boxOf(w.scene(), linear));
        // Double-click expands in place.
        box = boxOf(w.scene(), linear);
        view->centerOn(box);
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, view->mapFromScene(box->sceneBoundingRect().center()));
        QCoreApplication::processEvents();  // the expansion is queued (it deletes the item clicked)
        QVERIFY(w.scene()->groupItems().empty());
        QVERIFY(frameOf(w.scene(), linear));
    }

    void findingOrInspectingANodeExpandsItsBox()
    {
        MainWindow w;
        loadMlp(w);
        const Id model = moduleNamed(*w.scene()->layoutModel(), "model");
        Q_EMIT w.scene()->moduleCollapseRequested(model);
        QVERIFY(boxOf(w.scene(), model));
        for (Id node : nodesIn(trace::finalGraph(m_mlp), model))
            QCOMPARE(w.scene()->functionItem(node), nullptr);

        // Ctrl+F finds the node that made `prediction` inside the box; showing it opens the box.
        w.searchBar()->open();
        w.searchBar()->field()->setText(QStringLiteral("prediction"));
        QVERIFY(!boxOf(w.scene(), model));
        QCOMPARE(w.searchBar()->matchCount(), 1);
        QCOMPARE(w.searchBar()->currentMatch(), 0);
        const QList<QGraphicsItem*> selected = w.scene()->selectedItems();
        QCOMPARE(selected.size(), 1);
        auto* found = qgraphicsitem_cast<FunctionNodeItem*>(selected.first());
        QVERIFY(found && found->isVisible());
        QCOMPARE(found->layoutNode().title, QStringLiteral("AddmmBackward0"));
        QCOMPARE(found->layoutNode().subtitle, QStringLiteral("prediction"));
        w.searchBar()->hide();

        // The inspector's links (and the error panel's) go through revealNode().
        Q_EMIT w.scene()->moduleCollapseRequested(model);
        const trace::FinalGraph graph = trace::finalGraph(m_mlp);
        Id addmm = 0;
        for (const trace::FinalNode& n : graph.nodes)
            if (n.name == "AddmmBackward0" && addmm == 0)
                addmm = n.id;
        QVERIFY(w.scene()->groupItemOf(addmm));
        w.revealNode(addmm);
        QVERIFY(!w.scene()->groupItemOf(addmm));
        FunctionNodeItem* item = w.scene()->functionItem(addmm);
        QVERIFY(item && item->isVisible() && item->isSelected());
    }

    void anExportDrawsWhatTheWindowShows()
    {
        MainWindow w;
        loadMlp(w);
        const Id linear = moduleNamed(*w.scene()->layoutModel(), "model.0");
        Q_EMIT w.scene()->moduleCollapseRequested(linear);
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("collapsed.svg"));
        QVERIFY(w.exportView(svg));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        // The box, and of the two calls of model.0 (two forward passes) one frame only.
        QVERIFY(text.contains(QStringLiteral("all 4 nodes executed")));
        QCOMPARE(text.count(QStringLiteral("model.0 \u00b7 Linear")), 2);
        QCOMPARE(text.count(QStringLiteral("\u25be model.0 \u00b7 Linear")), 1);
        QCOMPARE(text.count(QStringLiteral("\u25be model.2 \u00b7 Linear")), 2);
    }

    // Note [Collapse choices survive a re-run]: a call is known by path, type and number.
    void moduleCallKeysNameEachCallOnce()
    {
        const GraphLayoutModel m =
            GraphLayoutModel::fromFinalGraph(trace::finalGraph(m_mlp), GraphScene::metricsFor(Theme::current()));
        const std::map<Id, QString> keys = moduleCallKeys(m.modules);
        QCOMPARE(keys.size(), m.modules.size());
        QSet<QString> distinct;
        for (const auto& [id, key] : keys)
            distinct.insert(key);
        QCOMPARE(distinct.size(), qsizetype(keys.size()));
        // The demo runs `model` twice: two calls of each of its layers.
        QVERIFY(distinct.contains(QStringLiteral("model.0 Linear #0")));
        QVERIFY(distinct.contains(QStringLiteral("model.0 Linear #1")));
        QVERIFY(!distinct.contains(QStringLiteral("model.0 Linear #2")));
    }

    void collapseChoicesSurviveARerun()
    {
        const QString fileName = QStringLiteral("11_mlp_training_step.py");
        MainWindow w;
        loadMlp(w);
        const Id linear = moduleNamed(*w.scene()->layoutModel(), "model.0");
        Q_EMIT w.scene()->moduleCollapseRequested(linear);
        QVERIFY(boxOf(w.scene(), linear));
        // The script edited so that every module of `model` gets another id, run again.
        QString edited = m_mlpSource;
        edited.replace(QStringLiteral("model = nn.Sequential("), QStringLiteral("spare = nn.Tanh()\nmodel = nn.Sequential("));
        QVERIFY(edited != m_mlpSource);
        ScriptRun rerun = runScriptProcess(edited, fileName);
        QVERIFY2(rerun.failure.isEmpty(), qPrintable(rerun.failure));
        QCOMPARE(rerun.exitCode, 0);
        const auto edit = std::make_shared<trace::Recording>(std::move(rerun.recording));
        w.loadRecording(edit, edited, fileName, edit->size());
        const Id linearAgain = moduleNamed(*w.scene()->layoutModel(), "model.0");
        QVERIFY(linearAgain != 0 && linearAgain != linear);
        QVERIFY(boxOf(w.scene(), linearAgain));
        QCOMPARE(w.scene()->groupItems().size(), size_t(1));  // what was not touched opens as it opens
        QVERIFY(frameOf(w.scene(), moduleNamed(*w.scene()->layoutModel(), "model.2")));
        // Expanded by the user, it stays expanded.
        Q_EMIT w.scene()->groupExpansionRequested(boxKey(linearAgain));
        QVERIFY(w.scene()->groupItems().empty());
        w.loadRecording(edit, edited, fileName, edit->size());
        QVERIFY(w.scene()->groupItems().empty());
        // Another script opens as it opens, whatever was chosen in this one.
        Q_EMIT w.scene()->moduleCollapseRequested(linearAgain);
        QVERIFY(boxOf(w.scene(), linearAgain));
        w.loadRecording(edit, edited, QStringLiteral("another.py"), edit->size());
        QVERIFY(w.scene()->groupItems().empty());
    }

    void openedBlocksAndRepeatsStayOpenOnARerun()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        // A big MLP opens with its blocks collapsed: the block the user opened stays open.
        const auto mlp = std::make_shared<trace::Recording>(mlpRecording(20, 20));
        w.loadRecording(mlp, QString(), QStringLiteral("big_mlp.py"), mlp->size());
        const GraphLayoutModel* opened = w.scene()->layoutModel();
        int box = 0;
        while (box < int(opened->nodes.size()) && !(opened->nodes[box].group && opened->nodes[box].group->module))
            ++box;
        QVERIFY(box < int(opened->nodes.size()));
        const Id block = opened->nodes[box].group->module;
        Q_EMIT w.scene()->groupExpansionRequested(opened->nodes[box].key);
        QVERIFY(!boxOf(w.scene(), block));
        const size_t itemsWithBlockOpen = w.scene()->layoutModel()->nodes.size();
        w.loadRecording(mlp, QString(), QStringLiteral("big_mlp.py"), mlp->size());
        QVERIFY(!boxOf(w.scene(), block));
        QCOMPARE(w.scene()->layoutModel()->nodes.size(), itemsWithBlockOpen);

        // A long loop opens with its repeats grouped: the run the user opened stays open.
        const auto loop = std::make_shared<trace::Recording>(loopRecording(1000));
        w.loadRecording(loop, QString(), QStringLiteral("loop.py"), loop->size());
        QString run;
        for (const LayoutNode& n : w.scene()->layoutModel()->nodes)
            if (n.group && !n.group->module)
                run = n.key;
        QVERIFY(!run.isEmpty());
        Q_EMIT w.scene()->groupExpansionRequested(run);
        const GraphLayoutModel* expanded = w.scene()->layoutModel();
        QVERIFY(expanded->expandedGroups.contains(run));
        QCOMPARE(expanded->indexOfGroup(run), -1);
        const size_t itemsWithRunOpen = expanded->nodes.size();
        w.loadRecording(loop, QString(), QStringLiteral("loop.py"), loop->size());
        QVERIFY(w.scene()->layoutModel()->expandedGroups.contains(run));
        QCOMPARE(w.scene()->layoutModel()->indexOfGroup(run), -1);
        QCOMPARE(w.scene()->layoutModel()->nodes.size(), itemsWithRunOpen);
    }
};

QTEST_MAIN(TestModuleCollapse)
#include "tst_module_collapse.moc"
