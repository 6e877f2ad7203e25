// Huge graphs drawn as an overview (Note [Huge graphs], Note [Overview of huge graphs]):
// a graph that does not collapse keeps a handful of scene items however big it is, its
// folded layout is a picture rather than a strip, boxes do not overlap, and what each
// step shows is counted right.

#include "core/trace/graph_state.h"
#include "tests/common/synthetic_recordings.h"

#include <QtTest>

#include <map>

#include "ui/export/exporter.h"
#include "ui/graph/layered_layout.h"
#include "ui/run/run_controller.h"
#include "ui/scene/graph_overview_item.h"
#include "ui/scene/graph_scene.h"
#include "ui/theme.h"

using namespace agv;
using namespace agv::testing;
using namespace agv::ui;

namespace {

std::shared_ptr<GraphLayoutModel> laidOut(const trace::Recording& r)
{
    return RunController::layoutFor(r, GraphScene::metricsFor(Theme::current()));
}

/// No two boxes overlap (boxes bucketed by a coarse grid, pairs compared within buckets).
bool boxesApart(const GraphLayoutModel& m)
{
    constexpr qreal cell = 400;
    std::map<std::pair<int, int>, std::vector<QRectF>> buckets;
    for (const LayoutNode& n : m.nodes) {
        const QRectF box(n.center - QPointF(n.size.width() / 2, n.size.height() / 2), n.size);
        for (int x = int(std::floor(box.left() / cell)); x <= int(std::floor(box.right() / cell)); ++x)
            for (int y = int(std::floor(box.top() / cell)); y <= int(std::floor(box.bottom() / cell)); ++y)
                buckets[{x, y}].push_back(box);
    }
    for (const auto& [cellKey, boxes] : buckets)
        for (size_t i = 0; i < boxes.size(); ++i)
            for (size_t j = i + 1; j < boxes.size(); ++j)
                if (boxes[i].adjusted(1, 1, -1, -1).intersects(boxes[j]))
                    return false;
    return true;
}

}  // namespace

class TestGraphOverview : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void belowTheLimitEveryNodeHasAnItem()
    {
        const trace::Recording r = wideGraphRecording(3000);
        GraphScene scene;
        scene.setLayoutModel(laidOut(r));
        QVERIFY(!scene.overview());
        QVERIFY(scene.items().size() > 3000);
    }

    void aHugeGraphIsOneItem()
    {
        // 100,000 nodes of a random DAG (and their 10,000 leaves), no repeats to collapse.
        const trace::Recording r = wideGraphRecording(100000);
        const std::shared_ptr<GraphLayoutModel> model = laidOut(r);
        QVERIFY(model->nodes.size() > kOverviewItemLimit);
        GraphScene scene;
        scene.setLayoutModel(model);
        QVERIFY(scene.overview());
        QVERIFY(scene.items().size() <= 5);

        // Folded into columns: about as wide as high, not a strip.
        const qreal aspect = model->bounds.width() / model->bounds.height();
        QVERIFY2(aspect > 0.8 && aspect < 3, qPrintable(QString::number(aspect)));
        QVERIFY(boxesApart(*model));

        // Nothing exists before the first event; everything at the end.
        scene.applyState(trace::stateAt(r, 0), nullptr, 0);
        QCOMPARE(scene.visibleNodeCount(), 0);
        QVERIFY(scene.overview()->boundingRect().isEmpty());
        const trace::GraphState end = trace::stateAt(r, r.size());
        scene.applyState(end, nullptr, 0);
        QCOMPARE(scene.visibleNodeCount(), static_cast<int>(model->nodes.size()));
        const trace::Id someNode = (*end.nodes.begin()).first;
        QVERIFY(!scene.nodeRect(someNode).isEmpty());
        QCOMPARE(scene.overview()->nodeAt(scene.nodeRect(someNode).center()), model->indexOfNode(someNode));
    }

    void halfwayShowsWhatExists()
    {
        const trace::Recording r = wideGraphRecording(6000);
        GraphScene scene;
        scene.setLayoutModel(laidOut(r));
        QVERIFY(scene.overview());
        const trace::GraphState half = trace::stateAt(r, r.size() / 2);
        scene.applyState(half, nullptr, 0);
        int expected = 0;
        for (const LayoutNode& n : scene.layoutModel()->nodes) {
            bool shown = false;
            if (n.kind == LayoutNodeKind::Group)  // a few repeats do collapse (Note [Collapsed repeats])
                for (trace::Id id : n.group->nodes)
                    shown = shown || half.node(id) != nullptr;
            else if (n.kind == LayoutNodeKind::GradFn || n.kind == LayoutNodeKind::AccumulateGrad)
                shown = half.node(n.id) != nullptr;
            else
                shown = half.tensor(n.id) != nullptr;
            expected += shown;
        }
        QVERIFY(expected > 0 && expected < static_cast<int>(scene.layoutModel()->nodes.size()));
        QCOMPARE(scene.visibleNodeCount(), expected);
    }

    void theExportFramesWhatIsShown()
    {
        const trace::Recording r = wideGraphRecording(6000);
        GraphScene scene;
        scene.setLayoutModel(laidOut(r));
        scene.applyState(trace::stateAt(r, r.size()), nullptr, 0);
        QTemporaryDir dir;
        for (const QString name : {QStringLiteral("huge.png"), QStringLiteral("huge.svg")})
            QVERIFY(exportScene(&scene, dir.filePath(name)));
        const QImage image(dir.filePath(QStringLiteral("huge.png")));
        // A picture of the whole graph within the export's limits, not a sliver.
        QVERIFY(image.width() > 1000 && image.height() > 1000);
        QVERIFY2(image.width() <= 16000 && image.height() <= 16000 && qreal(image.width()) * image.height() <= 32.1e6,
                 qPrintable(QStringLiteral("%1 x %2").arg(image.width()).arg(image.height())));
    }
};

QTEST_MAIN(TestGraphOverview)
#include "tst_graph_overview.moc"
